// Threads: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const threads: PlatformRule = {
  id: 'threads',
  name: 'Threads',
  themeColor: '#000000',
  canonicalHost: 'www.threads.com',
  hosts: ['threads.com', 'threads.net'],
  subdomains: ['www'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
