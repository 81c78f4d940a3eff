// The building blocks of the fuzz suites' URL generators: a post's path dressed in everything that
// must not change which post it names (scheme, userinfo, port, host case, junk query, fragment, a
// percent-escape), and the hosts a platform's spec recognises. Each platform's generators use them
// in test/platforms/<id>/cases.ts; test/fuzz/url-arbitraries.ts gathers those.
import fc from 'fast-check';
import { createSpecList } from '../../src/domain/platforms/index.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import type { RegisteredSpec } from '../../src/domain/platforms/registered-spec.js';

export const SPECS = createSpecList();

export function specOf(id: PlatformId): RegisteredSpec {
  return SPECS.find((spec) => spec.id === id)!;
}

/** Every host a spec recognises: its base hosts with and without each subdomain. */
export function hostsOf(spec: RegisteredSpec): string[] {
  return spec.hosts.flatMap((h) => [h, ...spec.subdomains.map((s) => `${s}.${h}`)]);
}

/** One post of a platform and several URLs that all name it. */
export interface PostCase {
  platform: PlatformId;
  denotes: 'post' | 'short';
  /** The content id every variant must yield: with the platform, the cache key. */
  contentId: string;
  variants: string[];
}

export const re = (pattern: RegExp) => fc.stringMatching(pattern);
export const digits = (max: number) => re(new RegExp(`^[1-9][0-9]{0,${max - 1}}$`));

/** Query parameters that name something on some platform: junk must never use them. */
const MEANINGFUL = new Set(['v', 'list', 'story_fbid', 'id', 'fbid', 'post_id', 'video', 'playlist', 'p', 'page', 'bvid', 'aid']);
const junkQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('utm_source', 'utm_medium', 's', 't', 'si', 'igsh', 'fbclid', '_r', 'is_from_webapp', 'ref', 'context', 'lang', 'feature'), re(/^[a-z_]{1,8}$/)),
      fc.oneof(re(/^[A-Za-z0-9_.-]{0,12}$/), fc.constantFrom('https%3A%2F%2Fevil.test%2F', 'a b', 'é', '%zz', '')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.filter(([k]) => !MEANINGFUL.has(k)).map(([k, v]) => `${k}=${v}`));

/** Everything about a URL that must not change which post it names (IDN spellings of the host included). */
export const decoration = fc.record({
  scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', ''),
  userinfo: fc.constantFrom('', '', '', 'user@', 'user:pa%20ss@', 'x.com@'),
  port: fc.constantFrom('', '', '', ':443', ':80', ':8443'),
  trailingDot: fc.boolean(),
  hostCase: fc.constantFrom('lower', 'upper', 'mixed', 'fullwidth'),
  slash: fc.boolean(),
  junk: junkQuery,
  fragment: fc.constantFrom('', '', '#', '#m', '#https://evil.test/'),
  // Percent-encode one letter or digit of the path (RFC 3986 says it is the same character).
  escape: fc.option(fc.tuple(fc.nat(), fc.boolean()), { nil: undefined, freq: 3 }),
});
export type Decoration = typeof decoration extends fc.Arbitrary<infer D> ? D : never;

function caseHost(host: string, how: string): string {
  if (how === 'upper') return host.toUpperCase();
  if (how === 'mixed') return [...host].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  // Full-width letters, digits and dots (ｘ．ｃｏｍ): IDNA maps them to the ASCII host.
  if (how === 'fullwidth') return host.replace(/[A-Za-z0-9.]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  return host;
}

/**
 * A URL of `host` + `path` (+ the route's own `query`) dressed with `d`. `slash` only applies where
 * the route allows a trailing slash; a missing scheme never goes with userinfo (it would read as a
 * scheme of its own).
 */
export function dress(host: string, path: string, d: Decoration, options: { query?: string[]; slash?: boolean } = {}): string {
  const scheme = d.scheme === '' && d.userinfo !== '' ? 'https://' : d.scheme;
  const slashed = options.slash !== false && d.slash && !path.endsWith('/') ? `${path}/` : path;
  const p = d.escape ? escapeOne(slashed, ...d.escape) : slashed;
  const query = [...(options.query ?? []), ...d.junk];
  const h = caseHost(host, d.hostCase) + (d.trailingDot ? '.' : '');
  return `${scheme}${d.userinfo}${h}${d.port}${p}${query.length ? `?${query.join('&')}` : ''}${d.fragment}`;
}

/** `path` with its n-th letter or digit (one that is not already part of an escape) as `%XX`. */
function escapeOne(path: string, n: number, lowerHex: boolean): string {
  const spots = Array.from({ length: path.length }, (_, i) => i).filter((i) => /[A-Za-z0-9]/.test(path[i]!) && path[i - 1] !== '%' && path[i - 2] !== '%');
  if (spots.length === 0) return path;
  const i = spots[n % spots.length]!;
  const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
  return `${path.slice(0, i)}%${lowerHex ? hex : hex.toUpperCase()}${path.slice(i + 1)}`;
}

/** 2–4 variants of one post: each picks a form (host, path, query) and a decoration. */
export function variantsOf<F>(forms: fc.Arbitrary<F>, render: (form: F, d: Decoration) => string): fc.Arbitrary<string[]> {
  return fc.array(fc.tuple(forms, decoration), { minLength: 2, maxLength: 4 }).map((pairs) => pairs.map(([f, d]) => render(f, d)));
}

export const hostFrom = (hosts: readonly string[]) => fc.constantFrom(...hosts);

// A segment of only dots is a dot segment that URL parsing removes: no name at all.
export const notDots = (name: string) => !/^\.+$/.test(name);
