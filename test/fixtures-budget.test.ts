// Every recorded fixture stays small: trimmed to what the parser reads, so a re-recording's diff
// shows the upstream change and nothing else (README, "Replay mode and fixtures").
import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from './support/fixtures.js';

const FIXTURE_BUDGET_BYTES = 16 * 1024;

describe('fixture size budget', () => {
  const platforms = readdirSync(FIXTURES_DIR).filter((name) => statSync(join(FIXTURES_DIR, name)).isDirectory());

  it('has fixtures for every platform with an adapter test', () => {
    const tested = readdirSync(new URL('./platforms/', import.meta.url)).map((name) => name.replace(/\.test\.ts$/, ''));
    expect(platforms).to.include.members(tested);
  });

  for (const platform of platforms) {
    it(`keeps every ${platform} fixture within 16 KB`, () => {
      const dir = join(FIXTURES_DIR, platform);
      const oversized = readdirSync(dir)
        .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
        .filter(({ bytes }) => bytes > FIXTURE_BUDGET_BYTES);
      expect(oversized).to.deep.equal([]);
    });
  }
});
