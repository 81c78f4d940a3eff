// When a `playableUrl` may be minted and how long its token lives (docs/design.md §7).
// Pure: the use case asks, the signer seals.

/** `raw` (the default) leaves `video` as the adapter gave it; `proxied` asks for a `playableUrl`. */
export type MediaMode = 'raw' | 'proxied';

/**
 * The longest token text accepted or handed out. A sealed ticket is a media URL plus a few headers
 * (about 1–2 KB for TikTok); the cap keeps `/v/…` URLs inside what proxies and players accept and
 * lets the signer refuse oversized input before any decoding.
 */
export const MAX_TOKEN_LENGTH = 4096;

/**
 * Whether `url` is one the media proxy may fetch: https on the default port, no userinfo, and its
 * host equal to an entry of `mediaHosts` or under a `.suffix` entry. Hosts compare as WHATWG `URL`
 * reads them (lower case, punycode), without a trailing dot.
 */
export function isAllowedMediaUrl(url: string, mediaHosts: readonly string[] | undefined): boolean {
  if (!mediaHosts || mediaHosts.length === 0) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // A port or userinfo has no place in a CDN URL; refusing them keeps the proxy's reach to the allowlist.
  if (parsed.protocol !== 'https:' || parsed.port !== '' || parsed.username !== '' || parsed.password !== '') return false;
  return isAllowedMediaHost(parsed.hostname, mediaHosts);
}

/** `host` equals an exact entry, or lies strictly under a `.suffix` entry (`a.b.example` under `.example`). */
export function isAllowedMediaHost(host: string, mediaHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === '') return false;
  return mediaHosts.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('.') ? h.length > e.length && h.endsWith(e) : h === e;
  });
}

/**
 * Types the media proxy streams: a `playableUrl` for anything else (a player page is `text/html`)
 * would only ever answer 502.
 */
export function isProxiableMediaType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return /^(video|audio|image)\/[a-z0-9.+-]+$/.test(type) || PROXIABLE_MANIFESTS.has(type);
}

const PROXIABLE_MANIFESTS = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'application/dash+xml']);

/** A video the proxy may fetch and stream: a media type, https, on the platform's media-host allowlist. */
export function isProxiableVideo(video: { url: string; mimeType: string }, mediaHosts: readonly string[] | undefined): boolean {
  return isProxiableMediaType(video.mimeType) && isAllowedMediaUrl(video.url, mediaHosts);
}

export interface MintRequest {
  mode: MediaMode;
  proxyEnabled: boolean;
  /** The card's video (absent: nothing to play). */
  video: { url: string; mimeType: string } | undefined;
  /** The platform adapter's media-host allowlist. */
  mediaHosts: readonly string[] | undefined;
}

/**
 * Spec video rule 3: only when asked for, enabled, and the media URL is https on the allowlist
 * (whatever `needsProxy` says: an open video may be proxied too, e.g. for a player that wants one
 * origin). Never for a type the proxy would refuse.
 */
export function mayMintPlayableUrl(request: MintRequest): boolean {
  return request.mode === 'proxied' && request.proxyEnabled && request.video !== undefined && isProxiableVideo(request.video, request.mediaHosts);
}

/**
 * When a token minted at `nowMs` expires (epoch ms): `ttlSeconds` later, but never after the media
 * URL's own expiry, since the proxy could not fetch it past then. `undefined` when that moment has
 * already passed: a URL that is dead on arrival is not handed out.
 */
export function tokenExpiresAt(nowMs: number, ttlSeconds: number, mediaExpiresAtMs?: number): number | undefined {
  const byTtl = nowMs + ttlSeconds * 1000;
  const expiresAt = mediaExpiresAtMs === undefined ? byTtl : Math.min(byTtl, mediaExpiresAtMs);
  return expiresAt > nowMs ? expiresAt : undefined;
}

/** Whether a token's text is within the cap (checked when minting and before opening). */
export function fitsTokenCap(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH;
}
