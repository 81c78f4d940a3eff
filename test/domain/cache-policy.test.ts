// The cache policy: lifetimes per outcome, TTL jitter (bounds and spread over keys), and the logical
// times that make stale-if-error work (fresh, usable, re-armed after a failure).
import { expect } from 'chai';
import { cacheLifetime, isFresh, isUsable, jittered, jitterUnit, rearmedTimes, STALE_IF_ERROR_SECONDS, TTL_JITTER } from '../../src/domain/cache-policy.js';
import type { DegradedOutcome, OkOutcome } from '../../src/domain/outcome.js';
import type { Reason } from '../../src/domain/reasons.js';

const NOW = 1_800_000_000_000;
const SETTINGS = { okTtlSeconds: 3600, degradedTtlSeconds: 60 };
const OK: OkOutcome = { status: 'ok', platform: 'bluesky', canonicalUrl: 'https://bsky.app/profile/a.test/post/3k', kind: 'link', siteName: 'Bluesky', themeColor: '#1185fe', nsfw: false };
const degraded = (reason: Reason): DegradedOutcome => ({ status: 'degraded', platform: 'bluesky', canonicalUrl: OK.canonicalUrl, reason, kind: 'link', siteName: 'Bluesky', themeColor: '#1185fe' });
const keys = Array.from({ length: 2000 }, (_, i) => `r1:bluesky:did:plc:abc/3k${i.toString(36)}`);

describe('cache policy: lifetimes', () => {
  it('when the outcome is ok, is fresh for CACHE_TTL_OK (no jitter at unit 0) and kept an hour longer for stale-if-error', () => {
    expect(cacheLifetime(OK, SETTINGS, NOW, 0)).to.deep.equal({ freshSeconds: 3600, keepSeconds: 3600 + STALE_IF_ERROR_SECONDS });
    expect(STALE_IF_ERROR_SECONDS).to.equal(3600);
  });

  it('when a stale window is configured, keeps an ok entry that much longer', () => {
    expect(cacheLifetime(OK, { ...SETTINGS, staleIfErrorSeconds: 120 }, NOW, 0)).to.deep.equal({ freshSeconds: 3600, keepSeconds: 3720 });
  });

  it('when the media expire, cuts freshness and the stale window to the expiry minus five minutes', () => {
    // Media valid for 20 more minutes: 15 minutes of freshness, and no stale time past that.
    expect(cacheLifetime(OK, SETTINGS, NOW, 0, NOW + 20 * 60_000)).to.deep.equal({ freshSeconds: 900, keepSeconds: 900 });
    // Media valid for 90 minutes: fresh for the hour, stale only until 85 minutes.
    expect(cacheLifetime(OK, SETTINGS, NOW, 0, NOW + 90 * 60_000)).to.deep.equal({ freshSeconds: 3600, keepSeconds: 85 * 60 });
  });

  it('when the media expire within five minutes, is not cached at all', () => {
    expect(cacheLifetime(OK, SETTINGS, NOW, 0, NOW + 5 * 60_000)).to.equal(undefined);
  });

  const degradedRows: [Reason, number | undefined][] = [
    ['not-found', 600],
    ['private', 600],
    ['unsupported', 600],
    ['blocked', 60],
    ['rate-limited', 60],
    ['timeout', 60],
    ['upstream-error', 60],
    ['age-restricted', 60],
    ['region-locked', 60],
    ['circuit-open', undefined],
    ['disabled', undefined],
  ];
  for (const [reason, seconds] of degradedRows) {
    it(`when degraded ${reason}, ${seconds === undefined ? 'is not cached' : `is fresh and kept ${seconds} s, with no stale window`}`, () => {
      const life = cacheLifetime(degraded(reason), SETTINGS, NOW, 0);
      expect(life).to.deep.equal(seconds === undefined ? undefined : { freshSeconds: seconds, keepSeconds: seconds });
    });
  }

  it('when there is no adapter, is not cached', () => {
    expect(cacheLifetime({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.org/' }, SETTINGS, NOW, 0)).to.equal(undefined);
  });
});

describe('cache policy: TTL jitter', () => {
  it('when keys differ, their units spread evenly over [0, 1)', () => {
    const units = keys.map(jitterUnit);
    for (const unit of units) expect(unit).to.be.at.least(0).and.below(1);
    // Ten equal bins over 2000 keys: each holds 200 ± 25 % — no clustering that would make entries expire together.
    const bins = new Array<number>(10).fill(0);
    for (const unit of units) bins[Math.floor(unit * 10)]!++;
    for (const count of bins) expect(count).to.be.within(150, 250);
  });

  it('when the key is the same, the unit is the same (every instance agrees)', () => {
    expect(jitterUnit(keys[7]!)).to.equal(jitterUnit(keys[7]!));
    expect(jitterUnit('r1:twitter:20')).to.not.equal(jitterUnit('r1:twitter:21'));
  });

  it('when applied, only ever shortens a TTL, by at most 10 %, and never below one second', () => {
    expect(TTL_JITTER).to.equal(0.1);
    expect(jittered(3600, 0)).to.equal(3600);
    expect(jittered(3600, 0.5)).to.equal(3420);
    expect(jittered(3600, 0.999999)).to.equal(3240);
    expect(jittered(1, 0.999999)).to.equal(1);
  });

  it('when 2000 ok entries are written at once, their fresh TTLs lie in [0.9, 1] × CACHE_TTL_OK and spread over that band', () => {
    const fresh = keys.map((key) => cacheLifetime(OK, SETTINGS, NOW, jitterUnit(key))!.freshSeconds);
    expect(Math.min(...fresh)).to.be.at.least(3240);
    expect(Math.max(...fresh)).to.be.at.most(3600);
    // Spread: nearly the whole band is used, and no single second holds more than 1 % of the entries.
    expect(Math.max(...fresh) - Math.min(...fresh)).to.be.at.least(340);
    const perSecond = new Map<number, number>();
    for (const ttl of fresh) perSecond.set(ttl, (perSecond.get(ttl) ?? 0) + 1);
    expect(perSecond.size).to.be.at.least(300);
    expect(Math.max(...perSecond.values())).to.be.at.most(20);
  });

  it('when degraded entries are written at once, their TTLs are jittered the same way', () => {
    const ttls = keys.map((key) => cacheLifetime(degraded('not-found'), SETTINGS, NOW, jitterUnit(key))!.freshSeconds);
    expect(Math.min(...ttls)).to.be.at.least(540);
    expect(Math.max(...ttls)).to.be.at.most(600);
    expect(new Set(ttls).size).to.be.at.least(55);
  });
});

describe('cache policy: freshness and stale-if-error', () => {
  it('when an entry has no freshUntil (written before it existed), counts as fresh for as long as the store keeps it', () => {
    expect(isFresh({}, NOW)).to.equal(true);
    expect(isUsable({}, NOW)).to.equal(true);
  });

  it('when now reaches freshUntil, the entry is no longer fresh but stays usable until staleUntil', () => {
    const times = { freshUntil: NOW, staleUntil: NOW + 3_600_000 };
    expect(isFresh(times, NOW - 1)).to.equal(true);
    expect(isFresh(times, NOW)).to.equal(false);
    expect(isUsable(times, NOW + 3_599_999)).to.equal(true);
    expect(isUsable(times, NOW + 3_600_000)).to.equal(false);
  });

  it('when an entry has no staleUntil (degraded, or cut by media expiry), is usable only while fresh', () => {
    expect(isUsable({ freshUntil: NOW }, NOW - 1)).to.equal(true);
    expect(isUsable({ freshUntil: NOW }, NOW)).to.equal(false);
  });

  it('when re-armed after a failure, answers as fresh for CACHE_TTL_DEGRADED, kept until its stale window ends', () => {
    expect(rearmedTimes(NOW + 1_800_000, NOW, 60)).to.deep.equal({ freshUntil: NOW + 60_000, keepSeconds: 1800 });
    // Never past the stale window.
    expect(rearmedTimes(NOW + 30_500, NOW, 60)).to.deep.equal({ freshUntil: NOW + 30_500, keepSeconds: 31 });
    expect(rearmedTimes(NOW, NOW, 60)).to.equal(undefined);
  });
});
