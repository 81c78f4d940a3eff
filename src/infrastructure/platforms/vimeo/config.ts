// Vimeo's player config (`player.vimeo.com/video/{id}/config`, `?h=` for an unlisted video): what
// its embed player reads, and yt-dlp after it. It names the streams (progressive MP4s in older
// answers, HLS and DASH on every CDN in all of them), the title, channel, posters and duration, or
// the refusal that says why the video will not play. The request, and its answer read.
import { UpstreamError } from '../../../application/errors.js';
import type { Author, MediaImage, Video } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { seconds } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { reasonOfRefusal } from './refusal.js';
import { embedPlayer, playerConfigUrl, type VimeoVideoRef } from './urls.js';

const HLS = 'application/vnd.apple.mpegurl';

/** What the config says of the video. */
export interface PlayerConfig {
  video: Video;
  title: string;
  author?: Author;
  image?: MediaImage;
  /** When the stream's signed URL stops working (epoch ms). */
  expiresAt?: number;
}

export type ConfigAnswer = { ok: true; config: PlayerConfig } | { ok: false; reason: Reason };

export async function requestPlayerConfig(upstream: Upstream, video: VimeoVideoRef, signal: AbortSignal): Promise<ConfigAnswer> {
  const response = await upstream.getJson(playerConfigUrl(video), signal, { 'user-agent': USER_AGENTS.browser });
  const text = response.text();
  const refused = reasonOfRefusal(response.status, text);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, config: parsePlayerConfig(parseJson(text), video) };
}

/** The config's video; throws UPSTREAM_BAD_RESPONSE when it names none, or none with a title (every player shows one). */
export function parsePlayerConfig(body: unknown, ref: VimeoVideoRef): PlayerConfig {
  const root = asObject(body);
  const video = asObject(root?.['video']);
  const title = nonEmpty(video?.['title']);
  if (!root || !video || !title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Vimeo player config names no video with a title');
  const duration = seconds(video['duration']);
  const files = asObject(asObject(root['request'])?.['files']) ?? {};
  const stream = tallestMp4(files['progressive']) ?? hlsPlaylist(files['hls']);
  const size = sizeOf(video);
  const config: PlayerConfig = {
    title,
    video: stream
      ? { ...stream.video, ...(stream.video.width ? {} : size), ...(duration ? { duration } : {}) }
      : embedPlayer(ref, { ...size, ...(duration ? { duration } : {}) }),
  };
  const author = ownerOf(video['owner']);
  if (author) config.author = author;
  const image = largestThumb(video['thumbs']);
  if (image) config.image = image;
  const expiresAt = stream ? (expiryInUrl(stream.video.url) ?? expiryOfRequest(asObject(root['request']))) : undefined;
  if (expiresAt) config.expiresAt = expiresAt;
  return config;
}

/** The tallest progressive MP4 (each carries its sound). */
function tallestMp4(value: unknown): { video: Video } | undefined {
  let best: Video | undefined;
  for (const entry of Array.isArray(value) ? value : []) {
    const file = asObject(entry);
    const url = https(file?.['url']);
    if (!url || nonEmpty(file?.['mime'])?.toLowerCase() !== 'video/mp4') continue;
    const height = positiveInt(file?.['height']) ?? 0;
    if (!best || height > (best.height ?? 0)) best = { url, mimeType: 'video/mp4', ...sizePair(file?.['width'], file?.['height']) };
  }
  return best ? { video: best } : undefined;
}

/**
 * The HLS master playlist: the config's default CDN first, then the others, taking the first on
 * Vimeo's own CDN (vimeocdn.com), else the first https one.
 */
function hlsPlaylist(value: unknown): { video: Video } | undefined {
  const hls = asObject(value);
  const cdns = asObject(hls?.['cdns']) ?? {};
  const preferred = nonEmpty(hls?.['default_cdn']);
  const names = Object.keys(cdns).sort((a, b) => Number(b === preferred) - Number(a === preferred));
  const urls = names.map((name) => https(asObject(cdns[name])?.['url'])).filter((url): url is string => url !== undefined);
  const url = urls.find((u) => new URL(u).hostname.endsWith('.vimeocdn.com')) ?? urls[0];
  return url ? { video: { url, mimeType: HLS } } : undefined;
}

/** The channel: its name, page and portrait (the larger one). */
function ownerOf(value: unknown): Author | undefined {
  const owner = asObject(value);
  const name = nonEmpty(owner?.['name']);
  const url = https(owner?.['url']);
  if (!name || !url) return undefined;
  const avatar = https(owner?.['img_2x']) ?? https(owner?.['img']);
  return avatar ? { name, url, avatar } : { name, url };
}

/** The widest poster; `thumbs` is keyed by width (640, 960, 1280) beside `base`, so no height is known. */
function largestThumb(value: unknown): MediaImage | undefined {
  let best: { url: string; width: number } | undefined;
  for (const [key, thumb] of Object.entries(asObject(value) ?? {})) {
    const url = https(thumb);
    const width = Number.parseInt(key, 10);
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  return best ? { url: best.url } : undefined;
}

/** Expiry a signed media URL carries: Akamai's `exp={s}~…~hmac=` or the Vimeo CDN's `/{s}-0x{sig}/` path. */
export function expiryInUrl(url: string): number | undefined {
  const match = /[/=]exp=(\d{9,11})~/.exec(url) ?? /^https:\/\/[^/]+\/(\d{9,11})-0x[0-9a-f]+\//.exec(url);
  return match ? Number(match[1]) * 1000 : undefined;
}

/** Without one in the URL: the config's `request.timestamp` plus its `expires` seconds. */
function expiryOfRequest(request: Json | undefined): number | undefined {
  const at = positiveInt(request?.['timestamp']);
  const lasts = positiveInt(request?.['expires']);
  return at && lasts ? (at + lasts) * 1000 : undefined;
}

function sizeOf(video: Json): { width?: number; height?: number } {
  return sizePair(video['width'], video['height']);
}

function https(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}
