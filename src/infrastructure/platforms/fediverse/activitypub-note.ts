// Pure reader of a post's ActivityPub object (Note, Page, Article, Question, Video, Audio, Image;
// bare or wrapped in its Create), as any fediverse server serves it with
// `Accept: application/activity+json`: from the object to the card of docs/design.md §4. The object
// names its author only by the actor's URL, so the card's author is that URL and the name in it.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Audio, type Author, type Card, type Community, type LinkPreview, type MediaImage, type Poll, type QuotedPost, type QuoteLink, type Video } from '../../../domain/card.js';
import type { FediverseId } from '../../../domain/platforms/fediverse-software.js';
import type { PlatformId } from '../../../domain/platforms/platform-id.js';
import { count, present, utcTime } from '../kit/details.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { htmlToText, nonEmpty, sizePair } from '../kit/text.js';
import { isoDurationSeconds } from './iso-duration.js';

export interface NoteReading {
  /** The platform of the server read from: a quoted post on that same server is its post too. */
  platform: FediverseId & PlatformId;
  /**
   * What `summary` is: the author's content warning (Mastodon, Misskey, Pleroma, Pixelfed…), or an
   * excerpt of the text (Lemmy, PeerTube, WordPress), which the card leaves out.
   */
  summary: 'content-warning' | 'excerpt';
}

const POST_TYPES = new Set(['Note', 'Page', 'Article', 'Question', 'Video', 'Audio', 'Image', 'Event']);

export function parseActivityPubObject(body: unknown, reading: NoteReading): AdapterResult {
  const outer = asObject(body);
  if (!outer) throw bad('the object is not a JSON object');
  const object = outer['type'] === 'Create' || outer['type'] === 'Update' ? asObject(outer['object']) : outer;
  const type = object?.['type'];
  // A deleted post's URL serves its Tombstone.
  if (type === 'Tombstone') return { ok: false, reason: 'not-found' };
  if (!object || typeof type !== 'string' || !POST_TYPES.has(type)) throw bad(`a ${String(type)} is not a post`);
  const actor = actorOf(object);
  const title = nonEmpty(object['name']);
  const media = mediaOf(object);
  const quote = quoteOf(object, reading);
  const html = typeof object['content'] === 'string' ? object['content'] : '';
  const text = htmlToText(quote ? withoutQuoteFallback(html, quote.canonicalUrl) : html);
  const card: Card = {
    ...mediaCard({ ...(media.video ? { video: media.video } : {}), ...(media.poster ? { poster: media.poster } : {}), images: media.images }),
    nsfw: object['sensitive'] === true,
  };
  if (media.audio) Object.assign(card, { audio: media.audio }, media.images.length || !media.poster ? {} : { kind: 'image', image: media.poster });
  // A post without a title of its own is titled by its author, as every card is (§4).
  const shownTitle = title ?? (actor?.handle ? `@${actor.handle}` : undefined);
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        title: shownTitle,
        description: text ? clampDescription(text) : undefined,
        contentWarning: reading.summary === 'content-warning' ? nonEmpty(htmlToText(String(object['summary'] ?? ''))) : undefined,
        author: actor,
        publishedAt: utcTime(object['published']),
        editedAt: utcTime(object['updated']),
        lang: langOf(object),
        link: media.link,
        quote,
        replyTo: httpUrl(object['inReplyTo']) ? { canonicalUrl: httpUrl(object['inReplyTo'])! } : undefined,
        poll: pollOf(object),
        community: communityOf(object),
      }),
    },
  };
}

/** The author: the actor's URL, named by its handle as the URL spells it (`/users/{name}`, `/u/{name}`, `/accounts/{name}`…). */
function actorOf(object: Json): Author | undefined {
  const attributed = Array.isArray(object['attributedTo']) ? object['attributedTo'] : [object['attributedTo']];
  // PeerTube names the account and its channel; the account (Person) is the author.
  const ids = attributed.map((a) => (typeof a === 'string' ? { id: a } : asObject(a))).filter((a): a is Json => a !== undefined);
  const person = ids.find((a) => a['type'] === 'Person') ?? ids[0];
  const url = httpUrl(person?.['id']);
  if (!url) return undefined;
  const name = /\/(?:users|u|accounts|a|profile|video-channels|c|@)\/?([^/?#]+)\/?$/.exec(new URL(url).pathname)?.[1];
  const handle = name ? `${decodeURIComponent(name)}@${new URL(url).host}` : undefined;
  return { name: nonEmpty(person?.['name']) ?? handle ?? url, url, ...present({ handle }) };
}

type ObjectMedia = { images: MediaImage[]; video?: Video; poster?: MediaImage; audio?: Audio; link?: LinkPreview };

/** Attachments by media type; a PeerTube Video's files are its `url` Links; a Lemmy link post's target is a Link attachment. */
function mediaOf(object: Json): ObjectMedia {
  const media: ObjectMedia = { images: [] };
  for (const a of objectsOf(object['attachment'])) {
    if (!a) continue;
    const url = httpUrl(typeof a['url'] === 'string' ? a['url'] : (asObject(a['url'])?.['href'] ?? a['href']));
    const type = String(a['mediaType'] ?? '').toLowerCase();
    if (!url) continue;
    // Lemmy links an image post's picture as a Link: it is the post's image, not a link preview.
    const imageLink = a['type'] === 'Link' && !type.startsWith('image/') && IMAGE_FILE.test(new URL(url).pathname);
    if (a['type'] === 'Link' && !imageLink && (type === '' || type === 'text/html')) {
      media.link ??= { url, ...present({ title: nonEmpty(a['name']) }) };
    } else if (type.startsWith('image/') || a['type'] === 'Image' || imageLink) {
      media.images.push({ url, ...sizePair(a['width'], a['height']), ...present({ alt: nonEmpty(a['name']) ?? nonEmpty(a['summary']) }) });
    } else if (type.startsWith('video/') || a['type'] === 'Video') {
      media.video ??= { url, mimeType: type.startsWith('video/') ? type : 'video/mp4', ...sizePair(a['width'], a['height']) };
    } else if (type.startsWith('audio/') || a['type'] === 'Audio') {
      media.audio ??= { url, mimeType: type.startsWith('audio/') ? type : 'audio/mpeg' };
    }
  }
  if (object['type'] === 'Video') {
    const video = videoFileOf(object);
    if (video) media.video = video;
    media.poster = largestIcon(object);
  } else if (!media.images.length && !media.video) {
    // Lemmy gives a link post's thumbnail as `image`.
    const image = asObject(object['image']);
    const url = httpUrl(image?.['url'] ?? object['image']);
    if (url) media.images.push({ url, ...sizePair(image?.['width'], image?.['height']) });
  }
  return media;
}

/**
 * A PeerTube Video's file: the largest progressive MP4 among its `url` Links (older servers list
 * them at the top), else the HLS master playlist; its `duration` (ISO 8601) in seconds.
 */
function videoFileOf(object: Json): Video | undefined {
  const links = objectsOf(object['url']).filter((l): l is Json => l !== undefined);
  const duration = isoDurationSeconds(object['duration']);
  const mp4 = links
    .filter((l) => l['mediaType'] === 'video/mp4' && httpUrl(l['href']))
    .sort((a, b) => (count(b['height']) ?? 0) - (count(a['height']) ?? 0))[0];
  const hls = links.find((l) => String(l['mediaType']).toLowerCase() === 'application/x-mpegurl' && httpUrl(l['href']));
  const chosen = mp4 ?? hls;
  if (!chosen) return undefined;
  const mimeType = chosen === mp4 ? 'video/mp4' : 'application/vnd.apple.mpegurl';
  return { url: httpUrl(chosen['href'])!, mimeType, ...sizePair(chosen['width'], chosen['height']), ...present({ duration }) };
}

/** The largest of a Video's `icon` thumbnails (the preview, not the small thumbnail). */
function largestIcon(object: Json): MediaImage | undefined {
  const icons = objectsOf(object['icon']).filter((i): i is Json => i !== undefined && httpUrl(i['url']) !== undefined);
  const best = icons.sort((a, b) => (count(b['width']) ?? 0) - (count(a['width']) ?? 0))[0];
  return best ? { url: httpUrl(best['url'])!, ...sizePair(best['width'], best['height']) } : undefined;
}

/** `contentMap`'s language when it names exactly one; Lemmy and PeerTube state `language.identifier`. */
function langOf(object: Json): string | undefined {
  const stated = nonEmpty(asObject(object['language'])?.['identifier']);
  if (stated && stated !== 'und') return stated;
  const map = asObject(object['contentMap']);
  const keys = (map ? Object.keys(map) : []).filter((key) => /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(key));
  return keys.length === 1 ? keys[0] : undefined;
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)$/i;

/**
 * The quoted post (Misskey `quoteUrl`/`_misskey_quote`, Fedibird `quoteUri`, FEP-044f `quote`): on
 * the server read from, a post of its platform; on another server, its URL alone — that server is
 * not asked (the object names it; anyone could name any host), and no platform is given that the
 * object does not state.
 */
function quoteOf(object: Json, reading: NoteReading): QuotedPost | QuoteLink | undefined {
  const url = [object['quoteUrl'], object['_misskey_quote'], object['quoteUri'], object['quote']].map(httpUrl).find((u) => u !== undefined);
  if (!url) return undefined;
  const own = httpUrl(object['id']);
  if (!own || new URL(url).host !== new URL(own).host) return { canonicalUrl: url };
  return { platform: reading.platform, canonicalUrl: url, kind: 'link' };
}

/** Servers append the quoted URL to the text for readers without quotes (`RE: <url>`, Fedibird's `QT: <url> [参照]`): the card has `quote`. */
function withoutQuoteFallback(html: string, url: string): string {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const fallback = new RegExp(`(?:RE|QT):\\s*(?:</?span[^>]*>\\s*)*(?:<a\\s[^>]*href="${escaped}"[^>]*>[\\s\\S]*?</a>|${escaped})(?:\\s*\\[[^\\]<]{0,20}\\])?`, 'i');
  return html.replace(fallback, '');
}

/** A Question's options (`oneOf`, or `anyOf` for several choices) with their vote counts. */
function pollOf(object: Json): Poll | undefined {
  if (object['type'] !== 'Question') return undefined;
  const choices = objectsOf(object['oneOf'] ?? object['anyOf']);
  const options = choices.flatMap((c) => {
    const label = nonEmpty(c?.['name']);
    return label ? [{ label, ...present({ votes: count(asObject(c?.['replies'])?.['totalItems']) }) }] : [];
  });
  if (!options.length) return undefined;
  const endsAt = utcTime(object['endTime'] ?? object['closed'], 'iso', { ahead: true });
  return { options, ...present({ endsAt }) };
}

/** Lemmy's community: the group the post was sent to (`audience`). */
function communityOf(object: Json): Community | undefined {
  const url = httpUrl(object['audience']);
  const name = url ? /\/c\/([^/?#]+)\/?$/.exec(new URL(url).pathname)?.[1] : undefined;
  return url && name ? { name: decodeURIComponent(name), url } : undefined;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  return value;
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `ActivityPub object: ${why}`);
}
