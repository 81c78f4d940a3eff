// A Newgrounds submission's page (`/portal/view/{id}`, `/audio/listen/{id}`), and what every such
// page says of its submission: title, description, thumbnail, rating, date and views. Built from
// public extractors' facts (yt-dlp's newgrounds extractor): no real capture was available.
import type { Card } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { ogImages } from '../kit/open-graph.js';
import { reasonForStatus } from '../kit/status.js';
import { tagAttributes } from '../kit/tags.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';

export type PageAnswer = { html: string } | { reason: Reason };

export async function submissionPage(upstream: Upstream, url: string, signal: AbortSignal): Promise<PageAnswer> {
  const response = await upstream.page(url, 'browser', signal);
  // A 401 asks for a login, which Newgrounds wants for adult-rated submissions (yt-dlp).
  if (response.status === 401) return { reason: 'age-restricted' };
  const refused = reasonForStatus(response.status);
  return refused ? { reason: refused } : { html: response.text() };
}

/**
 * The card the page alone gives: its thumbnail as the image (a link card without one), its rating
 * as nsfw; a page without og:title is no submission page (a wall, a bot check, an error page).
 */
export function pageCard(html: string): { ok: true; card: Card } | { ok: false; reason: Reason } {
  const meta = readMetaTags(html);
  const title = nonEmpty(meta.get('og:title'));
  if (!title) return { ok: false, reason: pageWithoutPost(html) };
  const image = ogImages(meta).map((og) => ({ ...og, url: https(og.url) })).find((og) => og.url.startsWith('https://'));
  return {
    ok: true,
    card: {
      kind: image ? 'image' : 'link',
      title,
      nsfw: isAdult(html),
      ...present({ description: nonEmpty(meta.get('og:description')), image, publishedAt: uploadDate(html), stats: statsOf({ views: views(html) }) }),
    },
  };
}

/** `<h2 class="rated-a">` heads an Adult submission (e, t, m: everyone, teen, mature). */
function isAdult(html: string): boolean {
  return /<h2\s+class=["']rated-a["']/i.test(html);
}

/** `<meta itemprop="uploadDate" content="…">` (or `datePublished`), wherever the page has it. */
function uploadDate(html: string): string | undefined {
  const tag = /<meta\b[^>]*\bitemprop=["'](?:uploadDate|datePublished)["'][^>]*>/i.exec(html)?.[0];
  return tag ? utcTime(tagAttributes(tag)['content']) : undefined;
}

/** `<dt>Views</dt><dd>1,234</dd>` (`Listens` on audio pages). */
function views(html: string): number | undefined {
  const shown = /<dt>\s*(?:Views|Listens)\s*<\/dt>\s*<dd>\s*(\d{1,3}(?:,\d{3})*|\d+)\s*(?:Views|Listens)?\s*<\/dd>/i.exec(html)?.[1];
  return shown ? Number(shown.replace(/,/g, '')) : undefined;
}

/** Newgrounds serves its files over https; some pages still write them as http. */
export function https(url: string): string {
  return url.replace(/^http:\/\//i, 'https://');
}

/** Newgrounds writes titles and names percent-encoded in its JSON (`Bad%20Apple`); plain text stays as it is. */
export function decoded(value: unknown): string | undefined {
  const text = nonEmpty(value);
  if (!text) return undefined;
  try {
    return nonEmpty(decodeURIComponent(text));
  } catch {
    return text;
  }
}
