// Telegram: a public channel's post, named by the channel's username and the message id, on t.me,
// telegram.me and telegram.dog, in the channel-preview form (`/s/…`) too. Channels, previews,
// invites and private-channel links (`/c/…`, members only) are pages.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/**
 * A public username: a letter, then letters, digits and underscores, 4–32 characters in all (the
 * four-letter ones are auctioned names). Case-insensitive on Telegram.
 */
export const TELEGRAM_USERNAME = /[A-Za-z][A-Za-z0-9_]{3,31}/;

/**
 * First path segments Telegram keeps for its own pages (no username may take them); some are
 * followed by a number, which must not read as a post.
 */
export const TELEGRAM_RESERVED: readonly string[] = ['joinchat', 'addstickers', 'addemoji', 'addtheme', 'addlist', 'setlanguage', 'confirmphone', 'login', 'share', 'proxy', 'socks', 'boost', 'giftcode', 'invoice', 'contact'];
// Message ids are 32-bit.
const POST = `(?!(?:${TELEGRAM_RESERVED.join('|')})/)(?<channel>${TELEGRAM_USERNAME.source})/(?<id>[1-9][0-9]{0,9})`;

/** The post's URL, its channel spelled as given (the URL's, or the platform's own). */
export function telegramPostUrl(channel: string, id: string): string {
  return `https://t.me/${channel}/${id}`;
}

function post(channel: string, id: string): RouteMatch {
  // One post whatever the case of the channel: the content id is lower case.
  return { canonicalUrl: telegramPostUrl(channel, id), contentId: `${channel.toLowerCase()}/${id}`, ids: { channel, id } };
}

export const telegram: PlatformSpec<'telegram'> = {
  id: 'telegram',
  name: 'Telegram',
  themeColor: '#2aabee',
  canonicalHost: 't.me',
  hosts: ['t.me', 'telegram.me', 'telegram.dog'],
  subdomains: ['www'],
  kinds: ['link', 'image', 'gallery', 'video'],
  // The `?embed=1` widget and the post page both answer on t.me.
  upstreamHosts: ['t.me'],
  // Photos, video posters and videos come from cdn{n}.telesco.pe and cdn{n}.cdn-telegram.org
  // (`/file/{token}.jpg|mp4`), which need no cookie or Referer (SOURCES.md).
  mediaHosts: ['.telesco.pe', '.cdn-telegram.org'],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    // /{channel}/{id} and the preview's /s/{channel}/{id}; `?single`, `?embed=1`, `?comment=` go.
    { denotes: 'post', path: new RegExp(`^/(?:s/)?${POST}/?$`, 'i'), build: ({ channel, id }) => post(channel!, id!) },
  ],
};
