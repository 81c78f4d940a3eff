// TikTok: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const tiktok: PlatformRule = {
  id: 'tiktok',
  name: 'TikTok',
  themeColor: '#fe2c55',
  canonicalHost: 'www.tiktok.com',
  hosts: ['tiktok.com', 'tnktok.com', 'vxtiktok.com'],
  subdomains: ['www', 'm', 'vm', 'vt'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
