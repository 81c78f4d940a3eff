// CORS_ORIGINS (docs/design.md §10): `*`, or a comma-separated list of origins; unset or empty: no CORS.
// A malformed origin would never match a browser's Origin header, so start-up refuses it.

/** `*`: any origin; a list: exactly these origins (scheme://host[:port]). */
export type CorsOrigins = '*' | readonly string[];

/** Reads CORS_ORIGINS: `*`, or comma-separated origins; returns the problem with a malformed one. */
export function parseCorsOrigins(raw: string | undefined): { origins?: CorsOrigins; problem?: string } {
  const text = raw?.trim() ?? '';
  if (text === '') return {};
  if (text === '*') return { origins: '*' };
  const origins = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = origins.filter((o) => !isOrigin(o));
  if (bad.length) return { problem: `CORS_ORIGINS must be * or origins like https://example.com (scheme, host, optional port; no path): ${bad.join(', ')}` };
  return { origins };
}

function isOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
}
