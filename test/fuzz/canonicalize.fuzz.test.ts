// Property-based fuzz of URL acceptance and canonicalisation (pure domain code, no I/O): over
// more than 20,000 generated URLs, nothing throws, every canonical URL is a valid absolute URI in
// normal form and a fixed point, every written form of one post gives one cache key, and
// look-alike hosts never reach a platform. The seed is fixed (FUZZ_SEED overrides it) and printed,
// so a failure reproduces; fast-check prints the shrunk counterexample and its path.
import { expect } from 'chai';
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { acceptUrl } from '../../src/domain/accept-url.js';
import { canonicalize, resultCacheKey, type Canonical } from '../../src/domain/canonicalize.js';
import { fediverseCandidates } from '../../src/domain/platforms/fediverse-shapes.js';
import { webCanonicalUrl } from '../../src/domain/web-url.js';
import { anyInput, dotHostUrl, evilUrl, FUZZ_SEED, postCase, SPECS, webPageCase } from './url-arbitraries.js';

const MAX_URL_LENGTH = 2048; // the default of MAX_URL_LENGTH
const isUri = fullFormats.uri as (text: string) => boolean;

let urls = 0;

function run(input: string): Canonical | undefined {
  urls++;
  const accepted = acceptUrl(input, MAX_URL_LENGTH);
  if (!accepted.ok) {
    expect(accepted.error, 'a refusal says why').to.be.a('string').and.not.equal('');
    return undefined;
  }
  const canonical = canonicalize(SPECS, accepted.url);
  // What the resolve does next with a URL no platform lists (the fediverse shapes of docs/design.md §3):
  // it must not throw either.
  if (canonical.platform === 'none') {
    fediverseCandidates(SPECS, accepted.url);
    // And with WEB_CARDS on, the open web's canonical form (the `web` cache key): a fixed point too.
    checkWebCanonical(input, webCanonicalUrl(accepted.url));
  }
  return canonical;
}

/** What a `web` canonical URL must satisfy: a valid URI in normal form, no userinfo, default port, fragment or tracking parameter, and a fixed point. */
function checkWebCanonical(input: string, c: string): void {
  expect(isUri(c), `${input} → ${c} is a valid RFC 3986 URI`).to.equal(true);
  const parsed = new URL(c);
  expect(parsed.href, `${input} → ${c} in WHATWG normal form`).to.equal(c);
  expect({ user: parsed.username, password: parsed.password, hash: parsed.hash }, `${input} → ${c}`).to.deep.equal({ user: '', password: '', hash: '' });
  const names = [...parsed.searchParams.keys()].map((name) => name.toLowerCase());
  expect(names.filter((name) => /^utm_/.test(name) || TRACKING_NAMES.has(name)), `${input} → ${c}: tracking parameters left`).to.deep.equal([]);
  expect(webCanonicalUrl(parsed), `${input} → ${c} → again`).to.equal(c);
}

/** docs/design.md §3's tracking parameters, written here again so the test does not read them from the code it checks. */
const TRACKING_NAMES = new Set(['fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'mc_cid', 'mc_eid', '_hsenc', '_hsmi', 'igshid']);

function cacheKeyOf(result: Canonical): string | undefined {
  return result.platform !== 'none' && result.match.denotes !== 'page' ? resultCacheKey(result.platform, result.match.contentId) : undefined;
}

/** What every accepted input's canonical form must satisfy. */
function checkCanonical(input: string, result: Canonical): void {
  const c = result.canonicalUrl;
  expect(isUri(c), `${c} is a valid RFC 3986 URI`).to.equal(true);
  const parsed = new URL(c);
  expect(parsed.href, 'the canonical URL is already in WHATWG normal form').to.equal(c);
  expect(['https:', result.platform === 'none' ? 'http:' : 'https:']).to.include(parsed.protocol);
  expect({ user: parsed.username, password: parsed.password, port: parsed.port, hash: parsed.hash }, `${input} → ${c}`).to.deep.equal({ user: '', password: '', port: '', hash: '' });

  // A fixed point: canonicalising the canonical URL changes nothing, down to the cache key.
  const again = canonicalize(SPECS, parsed);
  expect({ platform: again.platform, canonicalUrl: again.canonicalUrl, key: cacheKeyOf(again) }, `${input} → ${c} → ${again.canonicalUrl}`).to.deep.equal({
    platform: result.platform,
    canonicalUrl: c,
    key: cacheKeyOf(result),
  });
  // And a client can send it back: the only refusal possible is the length cap, which an input
  // just under it can pass once escaping has lengthened it.
  const back = acceptUrl(c, MAX_URL_LENGTH);
  if (back.ok) expect(canonicalize(SPECS, back.url).canonicalUrl).to.equal(c);
  else expect(c.length, `${c} refused: ${back.error}`).to.be.above(MAX_URL_LENGTH);
}

describe('fuzz: URL acceptance and canonicalisation', function () {
  this.timeout(120_000);

  before(() => {
    console.log(`      fast-check seed ${FUZZ_SEED} (rerun with FUZZ_SEED=${FUZZ_SEED})`);
  });
  after(() => {
    console.log(`      ${urls} generated URLs canonicalised`);
  });

  it('when given any input (web URLs with userinfo, ports, IP and IDN hosts, percent-encoding, posts, look-alikes, junk), never throws and answers a valid, idempotent canonical URL', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = run(input);
        if (result) checkCanonical(input, result);
      }),
      { seed: FUZZ_SEED, numRuns: 14_000 },
    );
  });

  it('when one post is written in different ways (host aliases, subdomains, case, query junk, trailing slash, port, userinfo, fragment), gives every form the same cache key', () => {
    fc.assert(
      fc.property(postCase, (post) => {
        const keys = post.variants.map((variant) => {
          const result = run(variant);
          expect(result, `${variant} is accepted`).to.not.equal(undefined);
          checkCanonical(variant, result!);
          expect(result!.platform !== 'none' && result!.match.denotes, `${variant} → ${result!.canonicalUrl}`).to.equal(post.denotes);
          return cacheKeyOf(result!);
        });
        expect(keys, post.variants.join('\n')).to.deep.equal(post.variants.map(() => resultCacheKey(post.platform, post.contentId)));
      }),
      { seed: FUZZ_SEED, numRuns: 5_000 },
    );
  });

  it('when a URL only mentions a platform host (x.com.evil.test, evil.test/https://x.com/…, x.com@evil.test, look-alike letters), gives it no platform', () => {
    fc.assert(
      fc.property(evilUrl, (input) => {
        const result = run(input);
        expect(result?.platform, `${input} → ${result?.canonicalUrl}`).to.equal('none');
        checkCanonical(input, result!);
      }),
      { seed: FUZZ_SEED, numRuns: 2_000 },
    );
  });

  it('when the host is made of dots (`.`, `%2e`, full-width and ideographic dots), refuses it exactly when nothing but dots is left, and never throws', () => {
    fc.assert(
      fc.property(dotHostUrl, (input) => {
        const result = run(input);
        const host = input.replace(/^https?:\/\//, '').split(/[/?#]/)[0]!;
        const onlyDots = /^(?:\.|%2e|。|．|｡)+$/i.test(host);
        expect(result === undefined, `${input}: refused exactly when its host is only dots`).to.equal(onlyDots);
        if (result) checkCanonical(input, result);
      }),
      { seed: FUZZ_SEED, numRuns: 2_000 },
    );
  });

  it('when a page on a host no platform claims carries tracking parameters among its own (web, WEB_CARDS on), its canonical URL drops exactly those, keeps the rest in order, and is a fixed point', () => {
    fc.assert(
      fc.property(webPageCase, ({ url, kept }) => {
        const accepted = acceptUrl(url, MAX_URL_LENGTH);
        expect(accepted.ok, url).to.equal(true);
        if (!accepted.ok) return;
        urls++;
        expect(canonicalize(SPECS, accepted.url).platform, `${url} is on no platform`).to.equal('none');
        const c = webCanonicalUrl(accepted.url);
        checkWebCanonical(url, c);
        const parsed = new URL(c);
        expect(parsed.search, `${url} → ${c}`).to.equal(kept.length ? `?${kept.join('&')}` : '');
        expect(parsed.port, `${url} → ${c}: a default port is dropped, another kept`).to.equal(url.includes(':8443') ? '8443' : '');
        expect(parsed.hostname, 'host in lower case').to.equal(parsed.hostname.toLowerCase());
      }),
      { seed: FUZZ_SEED, numRuns: 3_000 },
    );
  });

  it('covered at least 20,000 generated URLs', function () {
    if (urls === 0) this.skip(); // run alone (--grep), the count means nothing
    expect(urls).to.be.at.least(20_000);
  });
});
