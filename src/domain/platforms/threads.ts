// Threads: posts on threads.com and threads.net, with or without the author in the URL.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Usernames are Instagram's: letters, digits, `_` and `.`; codes are case-sensitive shortcodes.
const USER = '@(?<user>[A-Za-z0-9._]{1,30})';
const CODE = '(?<code>[A-Za-z0-9_-]{5,64})';

/**
 * The username keeps the case the URL gives it (docs/design.md §3; usernames are Instagram's, read without
 * case). The code alone names the post, so it is the content id whether or not the URL carries the
 * author, and case never splits the cache.
 */
function post(code: string, handle?: string): RouteMatch {
  return {
    canonicalUrl: handle ? `https://www.threads.com/@${handle}/post/${code}` : `https://www.threads.com/t/${code}`,
    contentId: code,
    ids: handle ? { user: handle, code } : { code },
  };
}

/*
 * Threads has no short-link service. /t/{code} looks like one but carries the post's own code, the
 * same as /@{user}/post/{code}: the adapter can resolve it without following a redirect, so it is a
 * post route and keeps its form as the canonical URL when no author is known.
 */
export const threads: PlatformSpec<'threads'> = {
  id: 'threads',
  name: 'Threads',
  themeColor: '#000000',
  canonicalHost: 'www.threads.com',
  hosts: ['threads.com', 'threads.net'],
  subdomains: ['www'],
  kinds: ['video', 'image', 'gallery', 'link'],
  upstreamHosts: ['www.threads.com'],
  // MP4s on Instagram's CDN: signed URLs that stop working at `oe` (SOURCES.md, access notes),
  // served with `Cross-Origin-Resource-Policy: same-origin`, so a browser on another site cannot
  // play them; the proxy also re-resolves the post once the signature expires.
  mediaHosts: ['.cdninstagram.com', '.fbcdn.net'],
  mediaNeedProxy: true,
  // No adult flag is served. (/t/{code} carries the post's own code: no short link to expand.)
  nsfw: false,
  routes: [
    { denotes: 'post', path: new RegExp(`^/${USER}/post/${CODE}(?:/(?:embed|media))?/?$`), build: ({ user, code }) => post(code!, user) },
    { denotes: 'post', path: new RegExp(`^/t/${CODE}/?$`), build: ({ code }) => post(code!) },
  ],
};
