// The sliding-window limiter on a hand-moved clock: the limit holds in every span of the window
// (a burst at a fixed window's edge would let twice through), keys are counted apart, asking does
// not take, and keys with nothing left in their window are forgotten.
import { expect } from 'chai';
import { SlidingWindow } from '../../src/application/sliding-window.js';

describe('SlidingWindow', () => {
  let now = 0;
  const clock = { now: () => now };
  beforeEach(() => {
    now = 1_000_000;
  });

  const takes = (window: SlidingWindow, key: string, count: number) => Array.from({ length: count }, () => window.take(key)).filter(Boolean).length;

  it('when a key takes its limit, refuses the next take in the same window and counts nothing for it', () => {
    const window = new SlidingWindow({ limit: 3, windowMs: 60_000 }, clock);
    expect(takes(window, 'a', 3)).to.equal(3);
    expect(window.take('a')).to.equal(false);
    expect(window.remaining('a')).to.equal(0);
    now += 59_999;
    expect(window.take('a')).to.equal(false);
    now += 1;
    expect(window.take('a')).to.equal(true);
  });

  it('when the limit is taken just before a minute boundary, lets nothing more through just after it', () => {
    const window = new SlidingWindow({ limit: 60, windowMs: 60_000 }, clock);
    now = 59_999; // the last millisecond of a fixed window that started at 0
    expect(takes(window, 'a', 60)).to.equal(60);
    now = 60_001; // a fixed window would have reset here
    expect(takes(window, 'a', 60)).to.equal(0);
    now = 119_998;
    expect(takes(window, 'a', 60)).to.equal(0);
    now = 119_999;
    expect(takes(window, 'a', 60)).to.equal(60);
  });

  it('when takes are spread over the window, frees each slot one window after its own take', () => {
    const window = new SlidingWindow({ limit: 4, windowMs: 1000 }, clock);
    for (let i = 0; i < 4; i++) {
      expect(window.take('a')).to.equal(true);
      now += 250;
    }
    // now = start + 1000: the first take (at start) has just left the window.
    expect(window.take('a')).to.equal(true);
    expect(window.take('a')).to.equal(false);
    expect(window.retryInMs('a')).to.equal(250);
    now += 250;
    expect(window.retryInMs('a')).to.equal(0);
    expect(window.take('a')).to.equal(true);
  });

  it('in any span of the window, never lets more than the limit through under a steady stream of tries', () => {
    const limit = 10;
    const windowMs = 1000;
    const window = new SlidingWindow({ limit, windowMs }, clock);
    const taken: number[] = [];
    for (let i = 0; i < 5000; i++) {
      now += 1 + (i % 7);
      if (window.take('a')) taken.push(now);
    }
    let worst = 0;
    for (let i = 0; i < taken.length; i++) {
      let j = i;
      while (j < taken.length && taken[j]! - taken[i]! < windowMs) j += 1;
      worst = Math.max(worst, j - i);
    }
    expect(worst).to.equal(limit);
    // …and the limit is reached, not merely respected: about limit per window over the run.
    const windows = (taken.at(-1)! - taken[0]!) / windowMs;
    expect(taken.length).to.be.within(limit * Math.floor(windows), limit * Math.ceil(windows + 1));
  });

  it('when two keys take, counts each against its own limit', () => {
    const window = new SlidingWindow({ limit: 2, windowMs: 60_000 }, clock);
    expect(takes(window, 'a', 5)).to.equal(2);
    expect(takes(window, 'b', 5)).to.equal(2);
    expect(window.remaining('c')).to.equal(2);
  });

  it('when asked whether a key may take, answers without taking', () => {
    const window = new SlidingWindow({ limit: 1, windowMs: 60_000 }, clock);
    expect(window.allows('a')).to.equal(true);
    expect(window.allows('a')).to.equal(true);
    expect(window.take('a')).to.equal(true);
    expect(window.allows('a')).to.equal(false);
  });

  it('when the limit is 0, allows nothing and holds no key', () => {
    const window = new SlidingWindow({ limit: 0, windowMs: 60_000 }, clock);
    expect(window.take('a')).to.equal(false);
    expect(window.retryInMs('a')).to.equal(60_000);
    expect(window.size).to.equal(0);
  });

  it('when many one-off keys pass, forgets them once their window is over', () => {
    const window = new SlidingWindow({ limit: 1, windowMs: 60_000 }, clock);
    for (let i = 0; i < 1000; i++) window.take(`host-${i}.example`);
    expect(window.size).to.equal(1000);
    now += 60_000;
    window.take('late.example');
    expect(window.size).to.equal(1);
  });

  it('when one key takes far more than its limit over time, keeps only the live takes', () => {
    const window = new SlidingWindow({ limit: 100, windowMs: 1000 }, clock);
    for (let i = 0; i < 100_000; i++) {
      now += 10;
      window.take('a');
    }
    const log = (window as unknown as { logs: Map<string, { times: number[] }> }).logs.get('a')!;
    expect(log.times.length).to.be.at.most(2 * 100 + 40);
  });
});
