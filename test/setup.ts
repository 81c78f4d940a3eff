// Loaded before every test file: decorator metadata for tsyringe, and no real network — only
// loopback, where the tests' own servers (and Redis) listen.
import 'reflect-metadata';
import nock from 'nock';
import { assertNothingSeen, suiteScanner } from './support/secret-scan.js';

nock.disableNetConnect();
nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\]|::1)(:\d+)?$/.test(host));

// The secret scan of the whole run (support/secret-scan.ts): every response and log line of every
// TestApp is scanned as it happens; after the last test, anything seen fails the run, saying where.
export const mochaHooks = {
  beforeEach(this: Mocha.Context) {
    suiteScanner.currentTest = this.currentTest?.fullTitle() ?? '(unknown test)';
  },
  afterEach(this: Mocha.Context) {
    suiteScanner.currentTest = `a hook after "${this.currentTest?.fullTitle() ?? '(unknown test)'}"`;
  },
  afterAll() {
    const { responses, logLines } = suiteScanner.scanned;
    if (responses + logLines > 0) console.log(`  secret and header scan: ${responses} responses and ${logLines} log lines scanned`);
    assertNothingSeen(suiteScanner);
  },
};
