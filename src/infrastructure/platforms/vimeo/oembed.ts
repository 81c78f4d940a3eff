// Vimeo's oEmbed (`vimeo.com/api/oembed.json`): the video's title, description, channel, thumbnail,
// duration and upload date, for public videos and for unlisted ones asked with their hash. The
// request, and its answer read into the card's text (the player config gives the stream).
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type MediaImage } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { present, seconds, utcTime } from '../kit/details.js';
import { parseJson } from '../kit/json.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { embedPlayer, VIMEO_ORIGIN, videoPageUrl, type VimeoVideoRef } from './urls.js';

const ENDPOINT = `${VIMEO_ORIGIN}/api/oembed.json`;

/** What oEmbed says of the video, each field only when it said it. */
export interface VimeoOembed {
  title?: string;
  description?: string;
  author?: Author;
  image?: MediaImage;
  publishedAt?: string;
  duration?: number;
  /** The embed size oEmbed proposes. */
  width?: number;
  height?: number;
  /**
   * The unlisted hash its `uri` names (`/videos/{id}:{hash}`): oEmbed asked without the hash still
   * gives it, with nothing else (SOURCES.md, the 2024 capture), and the player config needs it.
   */
  hash?: string;
}

export type OembedAnswer = { ok: true; oembed: VimeoOembed } | { ok: false; reason: Reason };

export async function requestVimeoOembed(upstream: Upstream, video: VimeoVideoRef, signal: AbortSignal): Promise<OembedAnswer> {
  const response = await requestOembed(upstream, ENDPOINT, videoPageUrl(video), signal);
  // A private video answers 404, a video its owner keeps off other sites 403 (SOURCES.md).
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const oembed = parseVimeoOembed(parseJson(response.text()));
  return oembed ? { ok: true, oembed } : { ok: false, reason: 'upstream-error' };
}

/** The answer's fields, or undefined when it is not an oEmbed object. */
export function parseVimeoOembed(body: unknown): VimeoOembed | undefined {
  const oembed = readOembed(body);
  if (!oembed) return undefined;
  const { fields } = oembed;
  const out: VimeoOembed = {};
  if (oembed.title) out.title = oembed.title;
  const description = nonEmpty(fields['description']);
  if (description) out.description = clampDescription(description);
  if (oembed.authorName && oembed.authorUrl) out.author = { name: oembed.authorName, url: oembed.authorUrl };
  if (oembed.thumbnail) out.image = oembed.thumbnail;
  const publishedAt = uploadDate(fields['upload_date']);
  if (publishedAt) out.publishedAt = publishedAt;
  const duration = seconds(fields['duration']);
  if (duration) out.duration = duration;
  if (oembed.width && oembed.height) Object.assign(out, { width: oembed.width, height: oembed.height });
  const hash = /^\/videos\/\d+:(?<hash>[0-9a-f]{8,20})$/.exec(String(fields['uri'] ?? ''))?.groups?.['hash'];
  if (hash) out.hash = hash;
  return out;
}

/**
 * `upload_date` is written `2017-09-25 10:36:56`, without a zone. Vimeo's own pages give the same
 * instant with `+00:00` (their VideoObject's uploadDate), so it is read as UTC.
 */
function uploadDate(value: unknown): string | undefined {
  const text = nonEmpty(value);
  return text && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? utcTime(`${text.replace(' ', 'T')}Z`) : undefined;
}

/**
 * oEmbed's card alone, when the player config could not be read: the embed player as its video at
 * oEmbed's size. An answer without a title (an unlisted video asked without its hash) is no card.
 */
export function oembedCard(answer: OembedAnswer, video: VimeoVideoRef): AdapterResult {
  if (!answer.ok) return answer;
  const { oembed } = answer;
  if (!oembed.title) return { ok: false, reason: 'upstream-error' };
  const ref = { id: video.id, hash: video.hash ?? oembed.hash };
  const { width, height, duration } = oembed;
  const player = embedPlayer(ref, { ...(width && height ? { width, height } : {}), ...(duration ? { duration } : {}) });
  return { ok: true, card: { kind: 'video', nsfw: false, ...textOf(oembed), video: player } };
}

/** The card's text fields oEmbed gives. */
export function textOf(oembed: VimeoOembed): Pick<VimeoOembed, 'title' | 'description' | 'author' | 'image' | 'publishedAt'> {
  const { title, description, author, image, publishedAt } = oembed;
  return present({ title, description, author, image, publishedAt });
}
