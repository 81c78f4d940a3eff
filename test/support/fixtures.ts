// Registers recorded exchanges (test/fixtures/<platform>/<scenario>.json, nock definitions) with
// nock, matching requests by the same rule as replay mode, so one format serves both.
import nock from 'nock';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  exchangeBody,
  exchangeHeaders,
  exchangeMatches,
  loadRecordedExchanges,
  type RecordedExchange,
} from '../../src/infrastructure/http/recorded-exchanges.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Path of a fixture file: fixturePath('bluesky', 'image') → test/fixtures/bluesky/image.json */
export function fixturePath(platform: string, scenario: string): string {
  return join(FIXTURES_DIR, platform, `${scenario}.json`);
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
