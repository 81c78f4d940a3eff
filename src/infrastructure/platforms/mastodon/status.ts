// Pure parser for Mastodon's status JSON (GET /api/v1/statuses/:id): from the entity to the card of
// DESIGN.md §4. Reads defensively because forks and older servers leave fields out.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { htmlToText, nonEmpty, positiveInt } from '../kit/text.js';
import { asObject, type Json } from '../kit/json.js';

type Media = { video?: Video; poster?: MediaImage; images: MediaImage[] };

export function parseStatus(body: unknown): AdapterResult {
  const outer = asObject(body);
  if (!outer) throw bad('the status is not a JSON object');
  // A boost is a wrapper with empty content of its own: the card shows the boosted post and its author.
  const status = asObject(outer['reblog']) ?? outer;
  const account = asObject(status['account']);
  const acct = nonEmpty(account?.['acct']);
  const profileUrl = nonEmpty(account?.['url']);
  const content = status['content'];
  if (!acct || !profileUrl || typeof content !== 'string') throw bad('the status lacks account.acct, account.url or content');

  // Display names may hold `:shortcode:` emoji; they stay as text (there is no image in a title).
  const displayName = nonEmpty(account?.['display_name']);
  const media = mediaPart(status);
  const card: Card = {
    ...media.part,
    // Without a display name the handle alone is the title, rather than "acct (@acct)".
    title: displayName ? `${displayName} (@${acct})` : `@${acct}`,
    author: { name: displayName ?? acct, url: profileUrl },
    nsfw: status['sensitive'] === true || media.sensitive,
  };
  const description = describe(content, nonEmpty(status['spoiler_text']));
  if (description) card.description = description;
  return { ok: true, card };
}

/**
 * The account of status `id` as its instance spells it (`account.acct`), when the answer is that
 * status: a boost's own account, not the boosted post's.
 */
export function statusAcct(body: unknown, id: string): string | undefined {
  const status = asObject(body);
  return status?.['id'] === id ? nonEmpty(asObject(status['account'])?.['acct']) : undefined;
}

/**
 * The post text. A content warning comes first, worded as Mastodon's own og:description words it,
 * so a reader meets the warning before the text; the text is kept because §4 makes the
 * description the post text, and `nsfw` (Mastodon sets `sensitive` with every CW) lets a client
 * collapse it as Mastodon does.
 */
function describe(contentHtml: string, spoiler: string | undefined): string | undefined {
  const text = htmlToText(expandShortenedLinks(contentHtml));
  const full = spoiler ? (text ? `Content warning: ${spoiler}\n\n${text}` : `Content warning: ${spoiler}`) : text;
  return full ? clampDescription(full) : undefined;
}

/**
 * Mastodon's own links carry the whole URL in hidden spans, but posts from other servers (bridges,
 * Misskey) arrive with link text cut to `host/path...`; §4 wants the target, which `href` holds.
 */
function expandShortenedLinks(html: string): string {
  return html.replace(/<a\s[^>]*?href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (anchor, href: string, inner: string) => {
    const shown = htmlToText(inner);
    const stem = shown.replace(/(?:\.\.\.|…)$/, '');
    if (stem === shown || stem.length < 4) return anchor;
    const target = htmlToText(href);
    return target.replace(/^https?:\/\//, '').startsWith(stem) ? href : anchor;
  });
}

/**
 * Own attachments, else the quoted post's (Mastodon ≥ 4.4), else the link preview's image.
 * `sensitive` carries the quoted post's flag when its media is shown: it may be marked when the
 * quoting post is not.
 */
function mediaPart(status: Json): { part: Pick<Card, 'kind' | 'image' | 'images' | 'video'>; sensitive: boolean } {
  const own = mediaOf(status);
  if (own) return { part: mediaCard(own), sensitive: false };
  // Only an accepted quote carries the full status; other states hold an id or nothing.
  const quoted = asObject(asObject(status['quote'])?.['quoted_status']);
  const fromQuote = quoted && mediaOf(quoted);
  if (quoted && fromQuote) return { part: mediaCard(fromQuote), sensitive: quoted['sensitive'] === true };
  // A preview card stays a link card: its picture illustrates the linked page, not this post.
  const preview = asObject(status['card']);
  const imageUrl = nonEmpty(preview?.['image']);
  return { part: imageUrl ? { kind: 'link', image: sized(imageUrl, preview) } : { kind: 'link' }, sensitive: false };
}

function mediaOf(status: Json): Media | undefined {
  const attachments = Array.isArray(status['media_attachments']) ? status['media_attachments'] : [];
  const media: Media = { images: [] };
  for (const item of attachments) {
    const a = asObject(item);
    const url = nonEmpty(a?.['url']);
    if (!a || !url) continue;
    const meta = asObject(a['meta']);
    // Older servers put the sizes on `meta` itself rather than `meta.original`.
    const original = asObject(meta?.['original']) ?? meta;
    const type = a['type'];
    if (type === 'image') media.images.push(sized(url, original));
    else if ((type === 'video' || type === 'gifv' || type === 'audio') && !media.video) {
      media.video = playable(url, type, a, original);
      media.poster = posterOf(a, meta);
    }
    // `unknown` is remote media the instance could not fetch: nothing to show.
  }
  return media.video || media.images.length ? media : undefined;
}

/**
 * gifv is a silent looping MP4, so it is a video. Audio also becomes the video object with an
 * `audio/*` type: the card kinds have no audio, the spec's video object takes any media type, and
 * a player (with the cover art as poster) serves the post better than a bare link card.
 */
function playable(url: string, type: 'video' | 'gifv' | 'audio', a: Json, original: Json | undefined): Video {
  const family = type === 'audio' ? AUDIO_TYPES : VIDEO_TYPES;
  // Proxied remote media (`/media_proxy/<id>/original`) has no extension; the origin URL may.
  const mimeType = typeFromUrl(url, family) ?? typeFromUrl(nonEmpty(a['remote_url']), family) ?? (type === 'audio' ? 'audio/mpeg' : 'video/mp4');
  // Mastodon's media hosts need no cookie, Referer or particular IP (SOURCES.md).
  const video: Video = { url, mimeType };
  const width = positiveInt(original?.['width']);
  const height = positiveInt(original?.['height']);
  if (width && height) Object.assign(video, { width, height });
  return video;
}

/**
 * `preview_url` sized by `meta.small`: the preview's own size (Mastodon writes a custom thumbnail's
 * size there too). Dropped when it is not a picture.
 */
function posterOf(a: Json, meta: Json | undefined): MediaImage | undefined {
  const url = nonEmpty(a['preview_url']);
  // Old servers answered an audio file's own URL as its preview when it had no cover art.
  if (!url || typeFromUrl(url, AUDIO_TYPES) || typeFromUrl(url, VIDEO_TYPES)) return undefined;
  return sized(url, asObject(meta?.['small']));
}

function sized(url: string, size: Json | undefined): MediaImage {
  const image: MediaImage = { url };
  const width = positiveInt(size?.['width']);
  const height = positiveInt(size?.['height']);
  if (width && height) Object.assign(image, { width, height });
  return image;
}

const VIDEO_TYPES: Readonly<Record<string, string>> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogv: 'video/ogg' };
const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

function typeFromUrl(url: string | undefined, family: Readonly<Record<string, string>>): string | undefined {
  if (!url) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const ext = /\.([a-z0-9]{2,4})$/i.exec(path)?.[1]?.toLowerCase();
  return ext ? family[ext] : undefined;
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `Mastodon status: ${why}`);
}
