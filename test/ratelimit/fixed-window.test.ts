// The in-process window counter behind the memory limiter and the Redis limiter's insurance.
import { expect } from 'chai';
import { FixedWindowCounter } from '../../src/infrastructure/ratelimit/fixed-window.js';

describe('FixedWindowCounter', () => {
  let time = 0;
  const clock = { tick: (ms: number) => void (time += ms) };
  const counterOf = (durationMs: number) => new FixedWindowCounter(durationMs, () => time);
  beforeEach(() => {
    time = 1_700_000_000_000;
  });

  it('counts a key within its window, which opens at its first point', () => {
    const counter = counterOf(60_000);
    expect(counter.count('k', 1)).to.deep.equal({ consumed: 1, msLeft: 60_000 });
    clock.tick(15_000);
    expect(counter.count('k', 2)).to.deep.equal({ consumed: 3, msLeft: 45_000 });
    expect(counter.count('other', 1)).to.deep.equal({ consumed: 1, msLeft: 60_000 });
  });

  it('opens a new window once the old one has closed, not before', () => {
    const counter = counterOf(1_000);
    counter.count('k', 5);
    clock.tick(999);
    expect(counter.count('k', 1)).to.deep.equal({ consumed: 6, msLeft: 1 });
    clock.tick(1);
    expect(counter.count('k', 1)).to.deep.equal({ consumed: 1, msLeft: 1_000 });
  });

  it('drops closed windows when later ones open, so memory follows the keys of recent windows', () => {
    const counter = counterOf(1_000);
    for (let i = 0; i < 500; i++) counter.count(`old-${i}`, 1);
    expect(counter.size).to.equal(500);
    clock.tick(1_000);
    counter.count('new', 1);
    expect(counter.size).to.equal(1);
    // Within the same window no sweep runs again, however many keys open.
    for (let i = 0; i < 10; i++) counter.count(`more-${i}`, 1);
    expect(counter.size).to.equal(11);
  });
});
