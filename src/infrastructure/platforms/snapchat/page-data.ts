// What Snapchat's Next.js pages hold for their own scripts (`__NEXT_DATA__` → `props.pageProps`),
// the page request they share, and the small readers both pages (Spotlight, story) use: Snapchat wraps ids, URLs
// and times in `{value: …}` objects, and its media are signed sc-cdn.net URLs. Built from public
// extractors' facts (yt-dlp, cobalt; SOURCES.md): no real capture was available.
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { Author } from '../../../domain/card.js';
import { snapchat } from '../../../domain/platforms/snapchat.js';
import { asObject, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { jsonScriptById } from '../kit/state-scripts.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';

export const SNAPCHAT_ORIGIN = originOf(snapchat);

/** The page as a browser asks for it (cobalt sends a browser User-Agent). */
export function requestPage(upstream: Upstream, path: string, signal: AbortSignal): Promise<HttpResponse> {
  return upstream.page(`${SNAPCHAT_ORIGIN}${path}`, 'browser', signal);
}

/** `props.pageProps` of the page's `__NEXT_DATA__`, if it has one that parses. */
export function pagePropsOf(html: string): Json | undefined {
  return asObject(asObject(asObject(jsonScriptById(html, '__NEXT_DATA__'))?.['props'])?.['pageProps']);
}

/** A field Snapchat writes either bare or wrapped (`{value: …}`). */
export function unwrapped(value: unknown): unknown {
  return asObject(value)?.['value'] ?? value;
}

/** An https URL (wrapped or bare), else undefined. */
export function httpsUrl(value: unknown): string | undefined {
  const url = nonEmpty(unwrapped(value));
  return url?.startsWith('https://') ? url : undefined;
}

/** An https URL on the media CDN (`*.sc-cdn.net`), which is where cobalt accepts a video from. */
export function cdnUrl(value: unknown): string | undefined {
  const url = httpsUrl(value);
  return url && URL.canParse(url) && new URL(url).hostname.endsWith('.sc-cdn.net') ? url : undefined;
}

/** The account's public page, where its stories and profile live. */
export function accountUrl(username: string): string {
  return `${SNAPCHAT_ORIGIN}/add/${username}`;
}

/** An author with a username: the display name when there is one, else the username. */
export function authorOf(username: string, name?: string, avatar?: string, url = accountUrl(username)): Author {
  const author: Author = { name: name ?? username, url, handle: username };
  if (avatar) author.avatar = avatar;
  return author;
}
