// The site's declared icon (docs/design.md §3 "Fields", `icon`): the largest `apple-touch-icon`, else
// the largest PNG `icon` that states its size, else the first `icon`/`shortcut icon`. Only what the
// page declares: nothing is probed, so `/favicon.ico` is never guessed.
import type { TagAttributes } from './page-facts.js';
import type { PageView } from './page-view.js';
import type { WebIcon } from './web-fields.js';

/** The largest square a `sizes` attribute states (`180x180`, `16x16 32x32`), or undefined (`any`, none). */
function statedSize(sizes: string | undefined): { width: number; height: number } | undefined {
  let best: { width: number; height: number } | undefined;
  for (const [, w, h] of (sizes ?? '').matchAll(/\b(\d{1,4})[xX](\d{1,4})\b/g)) {
    const size = { width: Number(w), height: Number(h) };
    if (size.width > 0 && size.height > 0 && (!best || size.width * size.height > best.width * best.height)) best = size;
  }
  return best;
}

function icon(page: PageView, link: TagAttributes): WebIcon | undefined {
  const url = page.url(link['href']);
  return url ? { url, ...statedSize(link['sizes']) } : undefined;
}

/** The largest of the icons (page order breaks ties; an unsized one counts as smallest). */
function largest(icons: (WebIcon | undefined)[]): WebIcon | undefined {
  let best: WebIcon | undefined;
  for (const candidate of icons) {
    if (candidate && (!best || (candidate.width ?? 0) * (candidate.height ?? 0) > (best.width ?? 0) * (best.height ?? 0))) best = candidate;
  }
  return best;
}

const isPng = (link: TagAttributes) => link['type']?.trim().toLowerCase() === 'image/png' || /\.png(?:$|[?#])/i.test(link['href'] ?? '');

export function iconOf(page: PageView): WebIcon | undefined {
  const touch = largest([...page.links('apple-touch-icon'), ...page.links('apple-touch-icon-precomposed')].map((link) => icon(page, link)));
  if (touch) return touch;
  const icons = page.links('icon');
  const sizedPng = largest(icons.filter((link) => isPng(link) && statedSize(link['sizes'])).map((link) => icon(page, link)));
  return sizedPng ?? icons.map((link) => icon(page, link)).find((found) => found !== undefined);
}
