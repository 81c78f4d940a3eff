import { expect } from 'chai';
import { count, present, seconds, statsOf, utcTime } from '../../../src/infrastructure/platforms/kit/details.js';

describe('kit: post details readers', () => {
  it('reads an instant from ISO, RFC 2822 and epoch seconds as ISO 8601 UTC to the second', () => {
    expect(utcTime('2024-11-20T12:34:56.789Z')).to.equal('2024-11-20T12:34:56Z');
    expect(utcTime('2024-11-20T13:34:56+01:00')).to.equal('2024-11-20T12:34:56Z');
    expect(utcTime('Wed Nov 20 12:34:56 +0000 2024')).to.equal('2024-11-20T12:34:56Z');
    expect(utcTime(1732106096, 'epochSeconds')).to.equal('2024-11-20T12:34:56Z');
    expect(utcTime('1732106096', 'epochSeconds')).to.equal('2024-11-20T12:34:56Z');
    expect(utcTime(1732106096.5, 'epochSeconds')).to.equal('2024-11-20T12:34:56Z');
  });

  it('refuses what is not a plausible post time: empty, garbage, 0, far future', () => {
    for (const bad of ['', 'yesterday', null, 17, '2024-13-45']) expect(utcTime(bad), String(bad)).to.equal(undefined);
    expect(utcTime(0, 'epochSeconds')).to.equal(undefined);
    expect(utcTime(Date.now() / 1000 + 7 * 86400, 'epochSeconds')).to.equal(undefined);
    expect(utcTime('1732106096')).to.equal(undefined);
  });

  it('reads an instant that may lie ahead (a poll end) until 2100, and epoch milliseconds', () => {
    const inAWeek = Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000;
    expect(utcTime(new Date(inAWeek).toISOString(), 'iso', { ahead: true })).to.equal(new Date(inAWeek).toISOString().replace('.000Z', 'Z'));
    expect(utcTime(new Date(inAWeek).toISOString())).to.equal(undefined);
    expect(utcTime('2099-05-16T07:45:10Z', 'iso', { ahead: true })).to.equal('2099-05-16T07:45:10Z');
    expect(utcTime('2100-01-02T00:00:00Z', 'iso', { ahead: true })).to.equal(undefined);
    expect(utcTime(1732106096000, 'epochMs')).to.equal('2024-11-20T12:34:56Z');
  });

  it('reads an instant before 2000 only where the field may be older (a release date, from `earliest`)', () => {
    expect(utcTime('1994-03-01')).to.equal(undefined);
    expect(utcTime('1994-03-01', 'iso', { earliest: Date.UTC(1877, 0, 1) })).to.equal('1994-03-01T00:00:00Z');
    expect(utcTime('1850-01-01', 'iso', { earliest: Date.UTC(1877, 0, 1) })).to.equal(undefined);
  });

  it('reads counts as non-negative integers (0 is a real count), digit strings included', () => {
    expect(count(0)).to.equal(0);
    expect(count(12)).to.equal(12);
    expect(count('4512')).to.equal(4512);
    for (const bad of [-1, 1.5, '12k', '', null, undefined, Number.NaN]) expect(count(bad), String(bad)).to.equal(undefined);
  });

  it('keeps only the stats reported, and none at all when nothing was', () => {
    expect(statsOf({ likes: 3, reposts: undefined, views: '10', replies: -2 })).to.deep.equal({ likes: 3, views: 10 });
    expect(statsOf({ likes: undefined, quotes: 'n/a' })).to.equal(undefined);
    // A Reddit score may be below zero; no other count may.
    expect(statsOf({ score: -4, likes: -4 })).to.deep.equal({ score: -4 });
  });

  it('reads durations in seconds or milliseconds, positive only', () => {
    expect(seconds(12.5)).to.equal(12.5);
    expect(seconds('30')).to.equal(30);
    expect(seconds(12345, 'ms')).to.equal(12.345);
    expect(seconds(0)).to.equal(undefined);
    expect(seconds('x')).to.equal(undefined);
  });

  it('present() keeps the set fields only', () => {
    expect(present({ a: 1, b: undefined, c: '' })).to.deep.equal({ a: 1, c: '' });
  });
});
