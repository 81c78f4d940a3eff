// fast-check generators of URLs for the fuzz suites: posts of every platform written in many
// equivalent ways (each with the content id it must yield; each platform's generators are in its
// test/platforms/<id>/cases.ts), hostile look-alikes that must match no platform, and the open
// world (generic web URLs, IP hosts, IDN, percent-encoding, hosts of dots, junk strings). The hosts come from the
// domain specs themselves, so a host added there is fuzzed at once.
import fc from 'fast-check';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';
import { decoration, dress, hostFrom, hostsOf, re, SPECS, type PostCase } from './url-dressing.js';

export { SPECS, type PostCase };
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20250605);

export const KNOWN_HOSTS = SPECS.flatMap(hostsOf);
const ALL_SUBDOMAINS = new Set(SPECS.flatMap((spec) => spec.subdomains));
/** Base hosts whose every single-label subdomain is an account of a platform (Tumblr blogs). */
const ACCOUNT_BASES = new Set(SPECS.flatMap((spec) => (spec.accountHosts ? [spec.accountHosts.host] : [])));

/** One post of any platform (or a short link of any), in 2–4 equivalent URLs. */
export const postCase: fc.Arbitrary<PostCase> = fc.oneof(
  ...PLATFORM_CASE_LIST.map((c) => c.fuzz.post),
  fc.oneof(...PLATFORM_CASE_LIST.flatMap((c) => c.fuzz.shortLinks)),
);

// ---- look-alikes that belong to no platform ---------------------------------------------------

/** A label that is no subdomain any spec accepts, so `{label}.{known host}` is foreign. */
const foreignLabel = re(/^[a-z0-9][a-z0-9-]{0,14}$/).filter((l) => !ALL_SUBDOMAINS.has(l) && !l.endsWith('-'));
// Look-alike letters that IDNA keeps as they are (Cyrillic о, а, е, і; Greek ο): a different host.
const HOMOGLYPHS: Record<string, string> = { o: 'о', a: 'а', e: 'е', i: 'і', c: 'с', x: 'х', p: 'р' };
const postPath = postCase.map((c) => new URL(c.variants.find((v) => /^https?:\/\//i.test(v)) ?? 'https://x.com/jack/status/20').pathname);

/** URLs that mention a platform host but are on another host: they must get no adapter. */
const KNOWN = new Set(KNOWN_HOSTS);
export const evilUrl: fc.Arbitrary<string> = fc
  .record({ host: hostFrom(KNOWN_HOSTS), label: foreignLabel, path: fc.oneof(postPath, fc.webPath()), tld: fc.constantFrom('evil.test', 'example', 'co', 'com.evil.test', 'xn--80ak6aa92e.com'), how: fc.nat(7) })
  .map(({ host, label, path, tld, how }) => {
    switch (how) {
      case 0:
        return `https://${host}.${tld}${path}`; // x.com.evil.test
      case 1:
        return `https://evil.test/https://${host}${path}`; // the platform only in the path
      case 2:
        return `https://${host}@evil.test${path}`; // the platform as userinfo
      case 3:
        return `https://${label}.${host}${path}`; // an unknown subdomain
      case 4:
        return `https://${label}${host}${path}`; // a longer name that ends like it
      case 5: {
        const i = [...host].findIndex((c) => c in HOMOGLYPHS);
        return i < 0 ? `https://${host}-${label}.test${path}` : `https://${host.slice(0, i)}${HOMOGLYPHS[host[i]!]}${host.slice(i + 1)}${path}`;
      }
      case 6:
        return `https://evil.test/?u=https://${host}${path}#https://${host}${path}`;
      default:
        return `https://${host.replace(/\.[^.]+$/, '')}.${tld}${path}`; // x.evil.test: another TLD
    }
  })
  // `fx` + `twitter.com` is a real fixer host: a look-alike must be no known host by chance, nor a
  // platform's account host (`{blog}.tumblr.com`).
  .filter((url) => {
    const host = new URL(url).hostname.replace(/\.$/, '');
    return !KNOWN.has(host) && !ACCOUNT_BASES.has(host.slice(host.indexOf('.') + 1));
  });

// ---- the open world -------------------------------------------------------------------------

const anyWebUrl = fc.webUrl({
  validSchemes: ['http', 'https'],
  authoritySettings: { withIPv4: true, withIPv6: true, withIPv4Extended: true, withUserInfo: true, withPort: true },
  withQueryParameters: true,
  withFragments: true,
});

const idnHost = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.constantFrom('test', 'example', 'com', 'テスト', 'рф'))
  .map(([label, tld]) => `${label.replace(/[\s/?#@:[\]\\%.]/gu, '')}.${tld}`);

/**
 * A page on a host no platform claims (`web` with WEB_CARDS on), its query mixing parameters that
 * name the page with the tracking ones docs/design.md §3 lists (any case), and what its canonical
 * query must keep: the others, as written, in their order.
 */
export interface WebPageCase {
  url: string;
  kept: string[];
}
const TRACKERS = ['utm_source', 'utm_medium', 'utm_campaign', 'UTM_Term', 'utm_content', 'utm_x', 'fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'MSCLKID', 'yclid', 'twclid', 'ttclid', 'mc_cid', 'mc_eid', '_hsenc', '_hsmi', 'igshid'];
const pageParameter = fc.tuple(re(/^[a-z][a-z0-9_-]{0,8}$/).filter((name) => !/^utm_/i.test(name) && !TRACKERS.some((t) => t.toLowerCase() === name)), re(/^[A-Za-z0-9._~%-]{0,10}$/).filter((v) => !/%(?![0-9A-Fa-f]{2})/.test(v)));
export const webPageCase: fc.Arbitrary<WebPageCase> = fc
  .record({
    host: fc.domain().filter((h) => !KNOWN.has(h) && !ACCOUNT_BASES.has(h.slice(h.indexOf('.') + 1))),
    path: fc.webPath(),
    scheme: fc.constantFrom('https', 'http'),
    upper: fc.boolean(),
    port: fc.constantFrom('', 'default', ':8443'),
    userinfo: fc.constantFrom('', 'user:pass@'),
    pairs: fc.array(fc.oneof(pageParameter.map(([n, v]) => ({ pair: `${n}=${v}`, tracking: false })), fc.tuple(fc.constantFrom(...TRACKERS), re(/^[A-Za-z0-9]{0,8}$/)).map(([n, v]) => ({ pair: `${n}=${v}`, tracking: true }))), { maxLength: 6 }),
    fragment: fc.option(fc.webFragments(), { nil: undefined }),
  })
  .map(({ host, path, scheme, upper, port, userinfo, pairs, fragment }) => {
    const portText = port === 'default' ? (scheme === 'https' ? ':443' : ':80') : port;
    const query = pairs.length ? `?${pairs.map((p) => p.pair).join('&')}` : '';
    const url = `${scheme}://${userinfo}${upper ? host.toUpperCase() : host}${portText}${path.startsWith('/') ? path : `/${path}`}${query}${fragment !== undefined ? `#${fragment}` : ''}`;
    return { url, kept: pairs.filter((p) => !p.tracking).map((p) => p.pair) };
  });

/** Percent-encodes a few characters of a path, as a pasting tool might. */
const percentMangled = fc.tuple(postCase, fc.nat(), fc.constantFrom('encode', 'double-slash', 'dot-segment', 'upper-escape', 'backslash')).map(([c, n, how]) => {
  const url = c.variants[0]!;
  const at = url.indexOf('/', url.indexOf('//') + 2);
  if (at < 0) return url;
  const head = url.slice(0, at);
  const path = url.slice(at);
  const i = 1 + (n % Math.max(1, path.length - 1));
  switch (how) {
    case 'encode':
      return head + path.slice(0, i) + encodeURIComponent(path[i] ?? '').replace(/^[A-Za-z0-9]$/, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`) + path.slice(i + 1);
    case 'double-slash':
      return `${head}/${path}`;
    case 'dot-segment':
      return `${head}/a/..${path}`;
    case 'upper-escape':
      return head + path.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
    default:
      return head + path.replace(/\//g, '\\');
  }
});

/** A known platform host with a random path, query and fragment: pages, posts, nonsense. */
const knownHostRandomPath = fc
  .tuple(hostFrom(KNOWN_HOSTS), fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }), fc.option(fc.webFragments(), { nil: undefined }), decoration)
  .map(([host, path, query, fragment, d]) => dress(host, path.startsWith('/') ? path : `/${path}`, { ...d, junk: [], fragment: '' }, {}) + (query !== undefined ? `?${query}` : '') + (fragment !== undefined ? `#${fragment}` : ''));

const junkString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `https://${s}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `at://${s}`),
  fc.tuple(fc.constantFrom('x.com', 'bsky.app', 'youtu.be', 'mastodon.social'), fc.string({ unit: 'binary', maxLength: 40 })).map(([h, s]) => `${h}${s}`),
  fc.constantFrom('', ' ', 'http://', 'https://', '//x.com/jack/status/20', 'javascript:alert(1)', 'data:,x', 'http://[::1', 'https://exa mple.com/', '\u0000', 'https://%', 'x.com:443', 'user:pass@x.com/a'),
);

/**
 * Hosts of dots, the ways a user can write them: `.`, `..`, `%2e`, the full-width and ideographic
 * dots WHATWG maps to `.` — alone (no host once the trailing dots go: malformed) or around a label —
 * with a fediverse post path or another, and a query or fragment. These once crashed the
 * fediverse shape matching (issue 27, point 10).
 */
const DOTS = ['.', '%2e', '%2E', '。', '．', '｡'];
const dotHost = fc
  .tuple(fc.array(fc.constantFrom(...DOTS), { minLength: 1, maxLength: 4 }), fc.constantFrom('', '', 'a', 'mastodon.social', 'small.example'), fc.boolean())
  .map(([dots, label, before]) => (label === '' ? dots.join('') : before ? `${dots.join('')}${label}` : `${label}${dots.join('')}`));
export const dotHostUrl: fc.Arbitrary<string> = fc
  .tuple(dotHost, fc.constantFrom('', '/', '/@noor/113900000000777001', '/notice/AQb3xYz9Kp2LmNoPqR', '/post/42', '/w/9c9de5e8-0a1b-46a2-9f7b-1b1b1b1b1b1b'), fc.constantFrom('', '?x', '#f', '?x=1#f'), fc.constantFrom('https://', 'http://', ''))
  .map(([host, path, tail, scheme]) => `${scheme}${host}${path}${tail}`);

/** A post URL padded (in its query) to around the 2048-character default limit, either side of it. */
export const nearLimit = fc
  .tuple(postCase, fc.integer({ min: 2040, max: 2056 }), fc.constantFrom('a', 'é', '|', ' '))
  .map(([c, length, pad]) => {
    const url = c.variants[0]!;
    const stem = `${url.replace(/#.*$/, '')}${url.includes('?') ? '&' : '?'}pad=`;
    return stem + pad.repeat(Math.max(0, length - stem.length));
  });

/** Everything the general properties run over, weighted towards what looks like a link. */
export const anyInput: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: anyWebUrl, weight: 3 },
  { arbitrary: fc.tuple(fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6().map((ip) => `[${ip}]`)), fc.webPath()).map(([h, p]) => `http://${h}${p}`), weight: 1 },
  { arbitrary: fc.tuple(idnHost, fc.webPath()).map(([h, p]) => `https://${h}${p}`), weight: 1 },
  { arbitrary: knownHostRandomPath, weight: 3 },
  { arbitrary: postCase.chain((c) => fc.constantFrom(...c.variants)), weight: 3 },
  { arbitrary: percentMangled, weight: 2 },
  { arbitrary: evilUrl, weight: 2 },
  { arbitrary: junkString, weight: 2 },
  { arbitrary: dotHostUrl, weight: 1 },
  { arbitrary: nearLimit, weight: 1 },
);
