// TikTok: videos and photo posts under every alias, embed and player form, and its short links.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

const HOSTS = ['tiktok.com', 'tnktok.com', 'vxtiktok.com'];
// vm. and vt. serve only short links; their paths mean nothing on www.tiktok.com.
const SHORT_HOSTS = HOSTS.flatMap((host) => [`vm.${host}`, `vt.${host}`]);
const ID = '(?<id>\\d{1,20})';
// Usernames are letters, digits, `_` and `.`; a share sometimes carries an empty `@`.
const USER = '@(?<user>[A-Za-z0-9._]{0,32})';
// Short codes are case-sensitive (ZMabc123, ZS…).
const SHORT_CODE = '(?<code>[A-Za-z0-9]{5,20})';

type PostType = 'video' | 'photo';

/**
 * The username keeps the case the URL gives it (docs/design.md §3; TikTok reads it without case). The
 * numeric id alone names the post (TikTok serves any handle, even `@i`, for it), so it is the
 * content id and case never splits the cache; `@i` is also what the canonical URL says when no
 * handle is known, and reads back (in either case) as "no handle".
 */
function post(id: string, type: PostType, user?: string): RouteMatch {
  const known = user && user.toLowerCase() !== 'i' ? user : undefined;
  return {
    canonicalUrl: `https://www.tiktok.com/@${known ?? 'i'}/${type}/${id}`,
    contentId: id,
    ids: known ? { user: known, id, type } : { id, type },
  };
}

function short(host: string, code: string): RouteMatch {
  const canonicalUrl = `https://${host}/${code}/`;
  return { canonicalUrl, contentId: canonicalUrl.slice('https://'.length), ids: { code } };
}

export const tiktok: PlatformSpec<'tiktok'> = {
  id: 'tiktok',
  name: 'TikTok',
  themeColor: '#fe2c55',
  canonicalHost: 'www.tiktok.com',
  hosts: HOSTS,
  subdomains: ['www', 'm', 'vm', 'vt'],
  ownPathHosts: SHORT_HOSTS,
  kinds: ['video', 'image', 'gallery', 'link'],
  // Post pages and oEmbed on www; vm./vt. short links redirect there.
  upstreamHosts: ['www.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
  // Videos on v16/v19-webapp-prime.tiktok.com (and www.tiktok.com/aweme/v1/play), v16m-webapp.tiktokcdn-us.com
  // in 2022; covers and photos on p16/p19/p77-*.tiktokcdn.com, -us.com and -eu.com. Videos play only with the
  // page's cookie and a TikTok Referer.
  mediaHosts: ['.tiktok.com', '.tiktokcdn.com', '.tiktokcdn-us.com', '.tiktokcdn-eu.com'],
  mediaNeedProxy: true,
  nsfw: true,
  routes: [
    {
      denotes: 'short',
      hosts: SHORT_HOSTS,
      path: new RegExp(`^/${SHORT_CODE}/?$`),
      // A fixer's vm. host stands for TikTok's own.
      build: ({ code }, url) => short(`${url.hostname.toLowerCase().startsWith('vt.') ? 'vt' : 'vm'}.tiktok.com`, code!),
    },
    { denotes: 'short', path: new RegExp(`^/t/${SHORT_CODE}/?$`), build: ({ code }) => short('www.tiktok.com/t', code!) },
    {
      denotes: 'post',
      path: new RegExp(`^/${USER}/(?<type>video|photo)/${ID}/?$`),
      build: ({ user, type, id }) => post(id!, type === 'photo' ? 'photo' : 'video', user),
    },
    {
      // Embeds and players name only the id; they are videos (photo posts have no such player).
      denotes: 'post',
      path: new RegExp(`^/(?:embed(?:/v2)?|player/v1|share/video|v)/${ID}(?:\\.html)?/?$`),
      build: ({ id }) => post(id!, 'video'),
    },
  ],
};
