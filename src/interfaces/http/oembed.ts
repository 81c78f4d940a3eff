// oEmbed 1.0 answers built from a resolve result (DESIGN.md §5). The card is already safe
// (safe-card.ts); the URLs are checked again here because they go into the `html` markup and into
// fields a consumer puts in an `href`, and XML escaping alone cannot make a `javascript:` URL safe.
import type { ResolveResult } from '../../application/use-cases/resolve.js';
import { cleanText, isWebUrl } from '../../domain/safe-card.js';

export interface OEmbedSize {
  maxwidth?: number;
  maxheight?: number;
}

export type OEmbed = Record<string, string | number>;

/** The oEmbed answer, or undefined when the post does not exist for oEmbed's purposes (404). */
export function toOEmbed(result: ResolveResult, size: OEmbedSize, cacheAge: number): OEmbed | undefined {
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

  const image = result.image && isWebUrl(result.image.url) ? result.image : undefined;
  // oEmbed 1.0 wants the three thumbnail fields together; an image of unknown size is left out.
  if (image?.width && image.height) {
    const [w, h] = fit(image.width, image.height, size);
    out.thumbnail_url = image.url;
    out.thumbnail_width = w;
    out.thumbnail_height = h;
  }
  const video = result.video && isWebUrl(result.video.url) ? result.video : undefined;
  if (video) {
    const [w, h] = fit(video.width ?? image?.width ?? 640, video.height ?? image?.height ?? 360, size);
    return { ...out, type: 'video', html: playerHtml(video.url, video.mimeType, w, h, image?.url), width: w, height: h };
  }
  // Only the post's own photos make a photo answer; a link card's preview image stays a thumbnail.
  if ((result.kind === 'image' || result.kind === 'gallery') && image?.width && image.height) {
    const [w, h] = fit(image.width, image.height, size);
    const alt = photoTitle(result);
    return { ...out, ...(alt ? { title: alt } : {}), type: 'photo', url: image.url, width: w, height: h };
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

/** Scales (only down) to fit maxwidth/maxheight, keeping the aspect ratio. */
export function fit(width: number, height: number, { maxwidth, maxheight }: OEmbedSize): [number, number] {
  let scale = 1;
  if (maxwidth && width > maxwidth) scale = Math.min(scale, maxwidth / width);
  if (maxheight && height > maxheight) scale = Math.min(scale, maxheight / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/**
 * The player markup, well-formed XML as well as HTML (boolean attributes written `=""`), so an XML
 * consumer can parse it too; `url` and `poster` are http(s) URLs (checked by the caller).
 */
function playerHtml(url: string, mimeType: string, width: number, height: number, poster?: string): string {
  const src = escapeXml(url);
  if (mimeType === 'text/html') {
    return `<iframe src="${src}" width="${width}" height="${height}" frameborder="0" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen=""></iframe>`;
  }
  const posterAttr = poster ? ` poster="${escapeXml(poster)}"` : '';
  return `<video src="${src}" width="${width}" height="${height}"${posterAttr} controls="" playsinline=""></video>`;
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
