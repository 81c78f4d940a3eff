// oEmbed 1.0 answers built from a resolve result (docs/design.md §5). The card is already safe
// (safe-card.ts); the URLs are checked again here because they go into the `html` markup and into
// fields a consumer puts in an `href`, and XML escaping alone cannot make a `javascript:` URL safe.
import type { AnsweredImage, AnsweredVideo } from '../../application/playable-url.js';
import type { ResolveResult } from '../../application/use-cases/resolve.js';
import type { MediaImage } from '../../domain/card.js';
import { pickRendition, type Rendition, type RenditionsOf } from '../../domain/renditions.js';
import { cleanText, isWebUrl } from '../../domain/safe-card.js';

export interface OEmbedSize {
  maxwidth?: number;
  maxheight?: number;
}

export type OEmbed = Record<string, string | number>;

/**
 * The oEmbed answer, or undefined when the post does not exist for oEmbed's purposes (404).
 * `unlistedPlayer` tells whether a player page is on a host no operator listed (a discovered
 * server's, a web page's): its iframe is sandboxed (docs/design.md §9 "Open-ended platforms").
 */
export function toOEmbed(result: ResolveResult, size: OEmbedSize, cacheAge: number, renditionsOf?: RenditionsOf, unlistedPlayer: (url: string) => boolean = () => false): OEmbed | undefined {
  if (result.status === 'no-adapter') return undefined;
  if (result.status === 'degraded' && result.reason === 'not-found') return undefined;
  const out: OEmbed = {
    version: '1.0',
    type: 'link',
    provider_name: result.siteName,
    provider_url: new URL(result.canonicalUrl).origin,
    cache_age: cacheAge,
  };
  if (result.title) out.title = result.title;
  if (result.author) {
    out.author_name = result.author.name;
    if (isWebUrl(result.author.url)) out.author_url = result.author.url;
  }
  if (result.status !== 'ok') return out;

  const image = result.image && drawable(result.image);
  // A proxied picture's smaller files would be raw URLs as well: it is only scaled.
  const picture = image && sizedPicture(image, size, result.image?.needsProxy ? undefined : renditionsOf);
  // oEmbed 1.0 wants the three thumbnail fields together; an image of unknown size is left out.
  if (picture) {
    out.thumbnail_url = picture.url;
    out.thumbnail_width = picture.width;
    out.thumbnail_height = picture.height;
  }
  const video = result.video && playable(result.video);
  if (video) {
    if (video.mimeType.split(';')[0]!.trim().toLowerCase() === 'text/html') {
      const [w, h] = playerFrame(video.width, video.height, size);
      return { ...out, type: 'video', html: unlistedPlayer(video.url) ? sandboxedIframeHtml(video.url, w, h) : iframeHtml(video.url, w, h), width: w, height: h };
    }
    const [w, h] = fit(video.width ?? image?.width ?? 640, video.height ?? image?.height ?? 360, size);
    return { ...out, type: 'video', html: videoHtml(video, w, h, image?.url), width: w, height: h };
  }
  // Only the post's own photos make a photo answer; a link card's preview image stays a thumbnail.
  if ((result.kind === 'image' || result.kind === 'gallery') && picture) {
    const alt = photoTitle(result);
    return { ...out, ...(alt ? { title: alt } : {}), type: 'photo', url: picture.url, width: picture.width, height: picture.height };
  }
  return out;
}

/**
 * A photo post without text is titled by its alt text, which says what the photo shows, rather
 * than by the author line a card falls back to (`Name (@handle)`); a post's own title (Reddit,
 * Tumblr) stays.
 */
function photoTitle(result: Extract<ResolveResult, { status: 'ok' }>): string | undefined {
  const alt = result.image?.alt;
  if (!alt || result.description) return undefined;
  const authorLine = result.author?.handle ? `${result.author.name} (@${result.author.handle})` : undefined;
  return result.title === undefined || result.title === authorLine ? alt : undefined;
}

/**
 * The picture as a page may draw it: one that needs the proxy (pixiv's, Referer-locked) only on its
 * `playableUrl`, without the raw URLs of its smaller files, which would fail in every visitor's
 * browser as it would; undefined when no http(s) URL is left.
 */
function drawable(image: AnsweredImage): MediaImage | undefined {
  if (!image.needsProxy) return isWebUrl(image.url) ? image : undefined;
  const url = image.playableUrl;
  if (url === undefined || !isWebUrl(url)) return undefined;
  return { url, ...(image.width && image.height ? { width: image.width, height: image.height } : {}) };
}

/**
 * The picture for a size request: where the platform serves smaller files, the one that fits (at
 * its own size); else the card's file with its size scaled down to fit, for the consumer to scale.
 * Undefined for an image of unknown size.
 */
function sizedPicture(image: MediaImage, size: OEmbedSize, renditionsOf: RenditionsOf | undefined): Rendition | undefined {
  if (!image.width || !image.height) return undefined;
  // The card's own list (the platform named each file), else the platform's rule for its URLs.
  const listed = image.renditions && [{ url: image.url, width: image.width, height: image.height }, ...image.renditions];
  const renditions = size.maxwidth || size.maxheight ? (listed ?? renditionsOf?.(image))?.filter((r) => isWebUrl(r.url)) : undefined;
  const chosen = renditions && pickRendition(renditions, size);
  if (chosen) return chosen;
  const [width, height] = fit(image.width, image.height, size);
  return { url: image.url, width, height };
}

/** Scales (only down) to fit maxwidth/maxheight, keeping the aspect ratio. */
export function fit(width: number, height: number, { maxwidth, maxheight }: OEmbedSize): [number, number] {
  let scale = 1;
  if (maxwidth && width > maxwidth) scale = Math.min(scale, maxwidth / width);
  if (maxheight && height > maxheight) scale = Math.min(scale, maxheight / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/**
 * The video as a page may play it: a video that needs the proxy (cookie- or Referer-locked, or
 * signed for minutes) plays only on its `playableUrl`, so without one it gets no player at all;
 * its raw URL would fail in every visitor's browser. Undefined when no http(s) URL is left.
 */
function playable(video: AnsweredVideo): { url: string; mimeType: string; width?: number; height?: number } | undefined {
  const url = video.needsProxy ? video.playableUrl : video.url;
  return url !== undefined && isWebUrl(url) ? { ...video, url } : undefined;
}

/** Width of a player iframe when the consumer asks for none: the size YouTube's own embed code uses. */
export const DEFAULT_PLAYER_WIDTH = 560;

/**
 * A player page scales to any size, so its iframe fills the largest box within maxwidth×maxheight
 * at the video's aspect ratio (16:9 when unknown), DEFAULT_PLAYER_WIDTH wide when neither is given.
 */
export function playerFrame(videoWidth: number | undefined, videoHeight: number | undefined, { maxwidth, maxheight }: OEmbedSize): [number, number] {
  const aspect = videoWidth && videoHeight ? videoWidth / videoHeight : 16 / 9;
  let width = maxwidth ?? (maxheight ? maxheight * aspect : DEFAULT_PLAYER_WIDTH);
  if (maxheight && width / aspect > maxheight) width = maxheight * aspect;
  return [Math.max(1, Math.round(width)), Math.max(1, Math.round(width / aspect))];
}

/**
 * The player markup is well-formed XML as well as HTML (boolean attributes written `=""`), so an
 * XML consumer can parse it too; every URL is http(s) (checked by the caller).
 */
function iframeHtml(url: string, width: number, height: number): string {
  return `<iframe src="${escapeXml(url)}" width="${width}" height="${height}" frameborder="0" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen=""></iframe>`;
}

/**
 * A player on a host no operator listed: anyone can run such a host, so its page gets what a player
 * needs (its scripts, its own origin's storage, a link opened in a new tab, casting) and no other
 * permission — no `allow` list, no fullscreen, no top navigation, no forms.
 */
export const UNLISTED_PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

function sandboxedIframeHtml(url: string, width: number, height: number): string {
  return `<iframe src="${escapeXml(url)}" width="${width}" height="${height}" frameborder="0" sandbox="${UNLISTED_PLAYER_SANDBOX}"></iframe>`;
}

function videoHtml(video: { url: string; mimeType: string }, width: number, height: number, poster?: string): string {
  const attributes = `width="${width}" height="${height}"${poster ? ` poster="${escapeXml(poster)}"` : ''} controls="" playsinline=""`;
  if (!isHls(video)) return `<video src="${escapeXml(video.url)}" ${attributes}></video>`;
  // Only Safari and iOS play HLS in <video> natively; elsewhere the fallback text shows instead.
  return `<video ${attributes}><source src="${escapeXml(video.url)}" type="${HLS_TYPE}"/>${HLS_FALLBACK}</video>`;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';
export const HLS_FALLBACK = 'This video is an HLS stream: playing it needs a browser or player that supports HLS.';

function isHls(video: { url: string; mimeType: string }): boolean {
  const type = video.mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === HLS_TYPE || type === 'application/x-mpegurl' || type === 'audio/mpegurl') return true;
  try {
    return new URL(video.url).pathname.toLowerCase().endsWith('.m3u8');
  } catch {
    return false;
  }
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/**
 * Text as XML character data or an attribute value, well-formed for any string: what XML 1.0
 * cannot carry (and the control characters a card never holds) is removed by cleanText, the rest
 * escaped.
 */
export function escapeXml(text: string): string {
  return cleanText(text).replace(/[<>&"']/g, (c) => XML_ESCAPES[c]!);
}

export function oembedXml(data: OEmbed): string {
  const fields = Object.entries(data)
    .map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<oembed>${fields}</oembed>\n`;
}
