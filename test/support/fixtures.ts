// Registers recorded exchanges (test/platforms/<platform>/fixtures/<scenario>.json, nock definitions) with
// nock, matching requests by the same rule as replay mode, so one format serves both.
import nock from 'nock';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  exchangeBody,
  exchangeHeaders,
  bodyMatches,
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

/** A request a fixture exchange answered, as it arrived on the wire. */
export interface ServedRequest {
  method: string;
  url: URL;
  body: string;
  headers: Record<string, string>;
}

export interface ExchangeOptions {
  /** What each exchange's request must (or must not) carry: nock's reqheaders / badheaders. */
  headerRules?: (def: RecordedExchange, index: number) => nock.Options;
  /** Told of every request an exchange answers. */
  onServed?: (request: ServedRequest) => void;
  /** Answer each exchange once, so the fixture lists exactly the requests made (default: any number of times). */
  once?: boolean;
  /** Leave out the exchanges this refuses. */
  only?: (def: RecordedExchange) => boolean;
}

/** Intercepts every exchange of the fixture (any number of times). Call nock.cleanAll() after. */
export function useFixture(platform: string, scenario: string, options: ExchangeOptions = {}): RecordedExchange[] {
  const defs = loadRecordedExchanges(fixturePath(platform, scenario));
  useExchanges(defs, options);
  return defs;
}

export function useExchanges(defs: readonly RecordedExchange[], options: ExchangeOptions = {}): void {
  defs.forEach((def, index) => {
    if (options.only && !options.only(def)) return;
    const method = def.method.toUpperCase();
    const scope = nock(def.scope, options.headerRules?.(def, index));
    (options.once ? scope : scope.persist())
      // A recorded body is matched as replay matches it; nock hands a JSON body over parsed.
      .intercept((uri: string) => exchangeMatches(def, def.method, new URL(uri, def.scope)), method, (body: unknown) =>
        bodyMatches(def.body, typeof body === 'string' ? body : JSON.stringify(body)),
      )
      .reply(function (uri, body) {
        const headers = Object.fromEntries(Object.entries(this.req.headers).map(([name, value]) => [name, String(value)]));
        options.onServed?.({ method, url: new URL(uri, def.scope), body: typeof body === 'string' ? body : JSON.stringify(body ?? ''), headers });
        return [def.status ?? 200, exchangeBody(def), rawHeaders(def)];
      });
  });
}

/** nock joins an array header value with commas; a flat name/value list keeps each Set-Cookie line. */
export function rawHeaders(def: RecordedExchange): string[] {
  return Object.entries(exchangeHeaders(def)).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => [name, v]));
}
