// Reddit: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const reddit: PlatformRule = {
  id: 'reddit',
  name: 'Reddit',
  themeColor: '#ff4500',
  canonicalHost: 'www.reddit.com',
  hosts: ['reddit.com', 'rxddit.com', 'vxreddit.com', 'redd.it'],
  subdomains: ['www', 'old', 'new', 'np', 'm', 'v', 'i'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
