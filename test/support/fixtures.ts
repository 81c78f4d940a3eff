// Registers recorded exchanges (test/platforms/<platform>/fixtures/<scenario>.json, nock definitions) with
// nock, matching requests by the same rule as replay mode, so one format serves both.
import nock from 'nock';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  exchangeBody,
  exchangeHeaders,
  exchangeMatches,
  loadRecordedExchanges,
  type RecordedExchange,
} from '../../src/infrastructure/http/recorded-exchanges.js';

/** test/platforms/: one folder per platform, its fixtures in `<id>/fixtures/`. */
export const PLATFORM_TESTS_DIR = fileURLToPath(new URL('../platforms/', import.meta.url));

/** A platform's fixtures folder: fixturesDir('bluesky') → test/platforms/bluesky/fixtures */
export function fixturesDir(platform: string): string {
  return join(PLATFORM_TESTS_DIR, platform, 'fixtures');
}

/** Path of a fixture file: fixturePath('bluesky', 'image') → test/platforms/bluesky/fixtures/image.json */
export function fixturePath(platform: string, scenario: string): string {
  return join(fixturesDir(platform), `${scenario}.json`);
}

/** The platforms that have a fixtures folder. */
export function platformsWithFixtures(): string[] {
  return readdirSync(PLATFORM_TESTS_DIR).filter((name) => existsSync(fixturesDir(name)));
}

/** Intercepts every exchange of the fixture (any number of times). Call nock.cleanAll() after. */
export function useFixture(platform: string, scenario: string): RecordedExchange[] {
  const defs = loadRecordedExchanges(fixturePath(platform, scenario));
  useExchanges(defs);
  return defs;
}

export function useExchanges(defs: readonly RecordedExchange[]): void {
  for (const def of defs) {
    nock(def.scope)
      .persist()
      .intercept((uri: string) => exchangeMatches(def, def.method, new URL(uri, def.scope)), def.method.toUpperCase())
      .reply(def.status ?? 200, exchangeBody(def), rawHeaders(def));
  }
}

/** nock joins an array header value with commas; a flat name/value list keeps each Set-Cookie line. */
export function rawHeaders(def: RecordedExchange): string[] {
  return Object.entries(exchangeHeaders(def)).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => [name, v]));
}
