// Every recorded fixture stays small: trimmed to what the parser reads, so a re-recording's diff
// shows the upstream change and nothing else (docs/replay-and-fixtures.md).
import { expect } from 'chai';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_TESTS_DIR, fixturesDir, platformsWithFixtures } from './support/fixtures.js';
import { CORPUS_HTML_DIR, CORPUS_PAGE_BUDGET_BYTES } from './platforms/web/corpus/corpus-files.js';

const FIXTURE_BUDGET_BYTES = 16 * 1024;

describe('fixture size budget', () => {
  const platforms = platformsWithFixtures();

  it('has fixtures for every platform with an adapter test', () => {
    const tested = readdirSync(PLATFORM_TESTS_DIR).filter((name) => existsSync(join(PLATFORM_TESTS_DIR, name, 'adapter.test.ts')));
    expect(tested).to.not.be.empty;
    expect(platforms).to.include.members(tested);
  });

  for (const platform of platforms) {
    it(`keeps every ${platform} fixture within 16 KB`, () => {
      const dir = fixturesDir(platform);
      const oversized = readdirSync(dir)
        .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
        .filter(({ bytes }) => bytes > FIXTURE_BUDGET_BYTES);
      expect(oversized).to.deep.equal([]);
    });
  }

  // The web corpus keeps real pages (head whole, body cut to its JSON-LD), so its budget is per page, larger.
  it(`keeps every web corpus page within ${CORPUS_PAGE_BUDGET_BYTES / 1024} KB`, () => {
    const pages = readdirSync(CORPUS_HTML_DIR);
    expect(pages).to.not.be.empty;
    const oversized = pages
      .map((name) => ({ name, bytes: statSync(join(CORPUS_HTML_DIR, name)).size }))
      .filter(({ bytes }) => bytes > CORPUS_PAGE_BUDGET_BYTES);
    expect(oversized).to.deep.equal([]);
  });
});
