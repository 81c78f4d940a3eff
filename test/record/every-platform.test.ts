// `npm run record` for every platform: its healthy post (test/platforms/<id>/cases.ts) is recorded
// against a stand-in that answers the platform's own fixture exchanges (nock), and the written
// fixture must load and replay, through the live adapter, to the very card that was recorded.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { loadConfig } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { recordFixture } from '../../src/record.js';
import { useExchanges, useFixture } from '../support/fixtures.js';
import { publicLookup } from '../support/lookup.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';

describe('npm run record, every platform', () => {
  // Every platform enabled, whatever the defaults disable.
  const config = loadConfig({ API_KEYS: 'record-test-key', LOG_LEVEL: 'silent', DISABLED_PLATFORMS: '' });
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'postlens-record-all-'));
  });
  afterEach(() => {
    nock.cleanAll();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const { id, healthy } of PLATFORM_CASE_LIST) {
    it(`records ${id}'s healthy post (${healthy.scenario}) into a fixture that replays to the same ${healthy.kind} card`, async () => {
      useFixture(id, healthy.scenario);
      const http = new KyHttpClient({ timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: 'postlens-test', lookup: publicLookup });
      const report = await recordFixture({ url: healthy.url, fixturesDir: dir, config, http, scenario: 'recorded' });
      expect(report.outcome).to.include({ status: 'ok', platform: id, kind: healthy.kind });
      expect(report.file).to.equal(join(dir, id, 'recorded.json'));

      nock.cleanAll();
      useExchanges(loadRecordedExchanges(report.file));
      const replay = compose(config, { logDestination: process.stderr, upstreamLookup: publicLookup });
      try {
        const replayed = await replay.container.resolve(ResolveUseCase).execute(healthy.url, { skipCacheRead: true });
        if (!replayed.ok) throw new Error(`replay refused: ${replayed.error}`);
        expect(replayed.result).to.deep.equal({ ...report.outcome, cacheHit: false });
      } finally {
        await replay.close();
      }
    });
  }
});
