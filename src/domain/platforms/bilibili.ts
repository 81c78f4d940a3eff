// Bilibili: a video is named by its BV id (or its av number, converted to the BV id), on www./m.,
// festival pages and the embeddable player; `?p=n` names one part of a multi-part video. b23.tv
// short links redirect to one of them (or name the video themselves: b23.tv/BV…, b23.tv/av…).
import { bvidOfAid } from './bilibili-bvid.js';
import { hostVariants, type Ids, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter names, apart from the canonical one. */
export const BILIBILI_HOSTS = {
  /** The web API: `/x/web-interface/view`, `/x/player/playurl`. */
  api: 'api.bilibili.com',
  /** The embeddable player. */
  player: 'player.bilibili.com',
  /** The short-link host. */
  short: 'b23.tv',
} as const;

/** `BV1` and nine base-58 characters (no 0, O, I, l); the prefix is read in any case, the rest as written. */
export const BVID = /[Bb][Vv]1[1-9A-HJ-NP-Za-km-z]{9}/;
const VIDEO = `(?:(?<bvid>${BVID.source})|[Aa][Vv](?<aid>[0-9]{1,19}))`;
const PART = /^[1-9][0-9]{0,3}$/;

/**
 * The video a BV id or av number names, with the part the URL's `part` parameter gives when it is
 * past the first (docs/design.md §3: `?p=` kept only when n > 1). An av number from 2^51 up has no BV id
 * and keeps its av form.
 */
function video({ bvid, aid }: Ids, part: string | null): RouteMatch {
  const bv = bvid ? `BV${bvid.slice(2)}` : bvidOfAid(BigInt(aid!));
  const p = part !== null && PART.test(part) && part !== '1' ? part : undefined;
  const [name, ids]: [string, Record<string, string>] = bv ? [bv, { bvid: bv }] : [`av${BigInt(aid!)}`, { aid: String(BigInt(aid!)) }];
  return p
    ? { canonicalUrl: `https://www.bilibili.com/video/${name}?p=${p}`, contentId: `${name}/p${p}`, ids: { ...ids, p } }
    : { canonicalUrl: `https://www.bilibili.com/video/${name}`, contentId: name, ids };
}

const MAIN_HOSTS = hostVariants(['bilibili.com'], ['www', 'm']);
// space. (profiles), live. (live rooms), t. (feed posts) and search. hold pages, not videos.
const SITE_HOSTS = [...MAIN_HOSTS, ...['player', 'space', 'live', 't', 'search'].map((sub) => `${sub}.bilibili.com`)];
const PLAYER = [BILIBILI_HOSTS.player];
const SHORT = [BILIBILI_HOSTS.short];

export const bilibili: PlatformSpec<'bilibili'> = {
  id: 'bilibili',
  name: 'Bilibili',
  themeColor: '#00a1d6',
  canonicalHost: 'www.bilibili.com',
  // Named in full: b23.tv has no subdomains, and bilibili.com's are not b23.tv's.
  hosts: [...SITE_HOSTS, BILIBILI_HOSTS.short],
  subdomains: [],
  ownPathHosts: [BILIBILI_HOSTS.short, BILIBILI_HOSTS.player, 'space.bilibili.com', 'live.bilibili.com', 't.bilibili.com', 'search.bilibili.com'],
  kinds: ['video'],
  upstreamHosts: [BILIBILI_HOSTS.api, BILIBILI_HOSTS.short],
  // Progressive files on the upos/mcdn CDNs (SOURCES.md), covers and avatars on i0–i2.hdslb.com.
  mediaHosts: ['.bilivideo.com', '.bilivideo.cn', '.hdslb.com'],
  // The stream hosts answer 403 without `Referer: https://www.bilibili.com` (SOURCES.md), which a
  // page embedding the card does not send: the proxy sends it.
  mediaNeedProxy: true,
  // Bilibili hosts no adult videos, and the view answer carries no such flag.
  nsfw: false,
  routes: [
    // /video/{BV id | av number}, with `?p=` naming a part.
    { denotes: 'post', hosts: MAIN_HOSTS, path: new RegExp(`^/video/${VIDEO}/?$`), build: (ids, url) => video(ids, url.searchParams.get('p')) },
    // A festival (event) page playing one video: /festival/{event}?bvid=….
    { denotes: 'post', hosts: MAIN_HOSTS, path: /^\/festival\/[A-Za-z0-9_-]{1,100}\/?$/, query: { bvid: BVID }, build: (ids) => video(ids, null) },
    // The embeddable player by BV id or av number; its part is `page` (today's embed code writes `p`).
    { denotes: 'post', hosts: PLAYER, path: /^\/player\.html$/, query: { bvid: BVID }, build: ({ bvid }, url) => video({ bvid: bvid! }, partOfPlayer(url)) },
    { denotes: 'post', hosts: PLAYER, path: /^\/player\.html$/, query: { aid: /[0-9]{1,19}/ }, build: ({ aid }, url) => video({ aid: aid! }, partOfPlayer(url)) },
    // b23.tv/{BV id | av number} names the video itself; any other code redirects.
    { denotes: 'post', hosts: SHORT, path: new RegExp(`^/${VIDEO}/?$`), build: (ids, url) => video(ids, url.searchParams.get('p')) },
    {
      denotes: 'short',
      hosts: SHORT,
      path: /^\/(?<code>[A-Za-z0-9]{1,20})\/?$/,
      build: ({ code }) => ({ canonicalUrl: `https://${BILIBILI_HOSTS.short}/${code}`, contentId: `${BILIBILI_HOSTS.short}/${code}`, ids: { code: code! } }),
    },
  ],
};

function partOfPlayer(url: URL): string | null {
  return url.searchParams.get('page') ?? url.searchParams.get('p');
}
