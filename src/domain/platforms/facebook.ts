// Facebook: URL rules (routes to be declared; until then every URL on its hosts is a page, not a post).
import type { PlatformRule } from './platform-rule.js';

export const facebook: PlatformRule = {
  id: 'facebook',
  name: 'Facebook',
  themeColor: '#1877f2',
  canonicalHost: 'www.facebook.com',
  hosts: ['facebook.com', 'fb.com', 'fb.watch'],
  subdomains: ['www', 'm', 'mbasic', 'web'],
  kinds: ['video', 'image', 'gallery', 'link'],
  routes: [],
};
