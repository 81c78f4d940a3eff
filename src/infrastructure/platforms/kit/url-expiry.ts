// When a signed media URL stops working, read from the URL itself (epoch ms), in every form the
// platforms' CDNs write it: a query parameter of epoch seconds or ms (VK, OK, Rutube, TikTok), a
// CloudFront signature (Loom, SoundCloud, Snapchat, Streamable) and Meta's `oe=` (Facebook,
// Instagram, Threads). Undefined wherever the URL states no expiry: a card never gets an invented one.
import { asObject, parseJson } from './json.js';

/**
 * A query parameter of epoch seconds or milliseconds, told apart by their size (VK's and OK's
 * `expires`, Rutube's and TikTok's `expire`). 9 to 13 digits: 1973 onwards in seconds, and in ms.
 */
export function queryExpiry(url: string, name: string): number | undefined {
  return epochSecondsOrMs(searchParamsOf(url)?.get(name));
}

/**
 * A CloudFront-signed URL: a canned policy's `Expires` — epoch seconds, or milliseconds as
 * Streamable's API writes it (`Expires=1776112957712` in the captures) — else a custom policy's
 * `DateLessThan` (`Policy`: JSON in CloudFront's URL-safe base64, `-` `_` `~` for `+` `=` `/`).
 */
export function cloudFrontExpiry(url: string): number | undefined {
  const params = searchParamsOf(url);
  if (!params) return undefined;
  const expires = epochSecondsOrMs(params.get('Expires'));
  if (expires !== undefined) return expires;
  const policy = params.get('Policy');
  if (!policy) return undefined;
  const json = parseJson(Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64').toString('utf8'));
  const statements = asObject(json)?.['Statement'];
  const condition = asObject(asObject(Array.isArray(statements) ? statements[0] : undefined)?.['Condition']);
  const epoch = asObject(condition?.['DateLessThan'])?.['AWS:EpochTime'];
  return typeof epoch === 'number' && Number.isSafeInteger(epoch) && epoch > 0 ? epoch * 1000 : undefined;
}

/** Meta's CDNs (fbcdn.net, cdninstagram.com): `oe` is the signature's expiry, 8 hex digits of epoch seconds. */
export function metaExpiry(url: string): number | undefined {
  const oe = searchParamsOf(url)?.get('oe');
  return oe && /^[0-9a-f]{8}$/i.test(oe) ? parseInt(oe, 16) * 1000 : undefined;
}

/** The earliest expiry `read` finds among `urls` (a card's media): when the first of them stops working. */
export function earliestExpiry(urls: readonly (string | undefined)[], read: (url: string) => number | undefined): number | undefined {
  const expiries = urls.flatMap((url) => {
    const at = url ? read(url) : undefined;
    return at === undefined ? [] : [at];
  });
  return expiries.length ? Math.min(...expiries) : undefined;
}

function searchParamsOf(url: string): URLSearchParams | undefined {
  return URL.canParse(url) ? new URL(url).searchParams : undefined;
}

function epochSecondsOrMs(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{9,13}$/.test(value)) return undefined;
  const n = Number(value);
  return n < 1e12 ? n * 1000 : n;
}
