// Every URL a page names, as a card may carry it (docs/design.md §3 "Politeness and safety"): read
// against the page's own address, and kept only when it is http: or https: — `javascript:`,
// `data:`, `blob:` and what does not parse never reach a card.

/** Longest URL a card carries: longer ones are a page's mistake or an attack on its readers. */
const MAX_URL_LENGTH = 4096;

/** `value` read against `base`, as an absolute http(s) URL without credentials, or undefined. */
export function httpUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  return url.href;
}

/** The host of `url` without a leading `www.`. */
export function siteHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}
