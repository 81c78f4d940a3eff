// Instagram: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const instagram: PlatformRule = {
  id: 'instagram',
  name: 'Instagram',
  themeColor: '#e1306c',
  canonicalHost: 'www.instagram.com',
  hosts: ['instagram.com', 'instagr.am', 'ddinstagram.com', 'kkinstagram.com', 'uuinstagram.com', 'eeinstagram.com'],
  subdomains: ['www', 'm'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
