// X: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const twitter: PlatformRule = {
  id: 'twitter',
  name: 'X',
  themeColor: '#000000',
  canonicalHost: 'x.com',
  hosts: ['x.com', 'twitter.com', 'fxtwitter.com', 'fixupx.com', 'vxtwitter.com', 'fixvx.com', 'twittpr.com', 'nitter.net', 't.co'],
  subdomains: ['www', 'm', 'mobile'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
