// Dailymotion: video pages (with or without their title slug), the embed and geo players, and
// dai.ly links all name one video id.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// `x` and base-36 digits, always lower case: five characters for the oldest videos (xy0wd), seven
// today (x8abc12). Private links' `k…` ids are not read: the player metadata is asked by `x` id.
const VIDEO_ID = /x[a-z0-9]{2,19}/;
const ID = `(?<id>${VIDEO_ID.source})`;

function video(id: string): RouteMatch {
  return { canonicalUrl: `https://www.dailymotion.com/video/${id}`, contentId: id, ids: { id } };
}

const SHORT_HOSTS = hostVariants(['dai.ly'], ['www']);

export const dailymotion: PlatformSpec<'dailymotion'> = {
  id: 'dailymotion',
  name: 'Dailymotion',
  themeColor: '#00aaff',
  canonicalHost: 'www.dailymotion.com',
  hosts: ['dailymotion.com', 'dai.ly'],
  subdomains: ['www', 'm', 'geo'],
  // dai.ly paths are video ids; geo. serves only players: neither has pages on www.
  ownPathHosts: [...SHORT_HOSTS, 'geo.dailymotion.com'],
  // A player page without a readable video id is named by what it plays.
  pageQuery: ['video', 'playlist'],
  kinds: ['video'],
  // The player metadata and oEmbed both answer on www.
  upstreamHosts: ['www.dailymotion.com'],
  // The HLS playlist plays without cookies or a Referer (SOURCES.md), so nothing needs the proxy;
  // its variant and segment hosts are not in any capture, so none is listed for it.
  mediaHosts: [],
  mediaNeedProxy: false,
  nsfw: true,
  routes: [
    // dai.ly/{id} names the video itself: no redirect to read.
    { denotes: 'post', hosts: SHORT_HOSTS, path: new RegExp(`^/${ID}/?$`), build: ({ id }) => video(id!) },
    {
      // /video/{id}, once followed by `_` and a title slug; the embed, crawler and old Flash players.
      denotes: 'post',
      path: new RegExp(`^/(?:embed/|crawler/|swf/)?video/${ID}(?:_[^/]{0,300})?/?$`),
      build: ({ id }) => video(id!),
    },
    // The players: /player.html?video={id}, and a configured player's /player/{player id}.html?video={id}.
    { denotes: 'post', path: /^\/player(?:\/[a-z0-9]{1,20})?\.html$/, query: { video: VIDEO_ID }, build: ({ video: id }) => video(id!) },
  ],
};
