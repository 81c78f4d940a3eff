// `npm run record -- <post url> [scenario]` (scripts/record.ts is the command line): resolves one
// URL live, as the service would, and writes its upstream exchanges as a fixture
// `<platform folder>/<scenario>.json` — secrets stripped (fixture-writer.ts), then trimmed
// (fixture-trim.ts) — after proving that replaying the file gives the live outcome.
import 'reflect-metadata';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Writable } from 'node:stream';
import type { HttpClient } from './application/ports/http.port.js';
import type { Logger } from './application/ports/logger.port.js';
import { SPEC_LIST, type SpecList } from './application/settings.js';
import { ResolveUseCase, type ResolveResult } from './application/use-cases/resolve.js';
import type { Config } from './config/config.js';
import { compose, type Composition } from './container.js';
import { acceptUrl } from './domain/accept-url.js';
import { canonicalize } from './domain/canonicalize.js';
import type { Outcome } from './domain/outcome.js';
import { toDefinitions } from './infrastructure/http/fixture-writer.js';
import { fixtureText, trimDefinitions } from './infrastructure/http/fixture-trim.js';
import type { RecordedExchange } from './infrastructure/http/recorded-exchanges.js';
import { RecordingHttpClient } from './infrastructure/http/recording.http.js';
import { ReplayHttpClient } from './infrastructure/http/replay.http.js';

/** The size the platform tests hold each fixture to. */
export const FIXTURE_BUDGET_BYTES = 16 * 1024;

export interface RecordOptions {
  /** The post URL, as a user would paste it. */
  url: string;
  /** File name without `.json`; default: the outcome and the content id, e.g. `image-did-plc-…-3lpb`. */
  scenario?: string;
  /**
   * Where a platform's fixtures go: a root (the file goes to `<root>/<platform>/<scenario>.json`)
   * or a function naming each platform's folder (the project's `test/platforms/<platform>/fixtures`).
   */
  fixturesDir: string | ((platform: string) => string);
  /** Replace an existing fixture. */
  force?: boolean;
  /**
   * Trim to what the adapter reads now (default true). Off for repairs: a broken parser reads
   * nothing of the platform's new format, so trimming by it would cut exactly what the fix needs.
   */
  trim?: boolean;
  config: Config;
  /** The live client; default: the one the configuration composes (UPSTREAM_PROXY honoured). */
  http?: HttpClient;
  /** Where the live run's log lines go (default: nowhere). */
  logDestination?: NodeJS.WritableStream;
}

export interface RecordReport {
  file: string;
  platform: string;
  scenario: string;
  /** The live outcome, which the written file replays to. */
  outcome: Outcome;
  exchanges: number;
  bytes: number;
  /** What was cut, capped or left for a human, and a warning past FIXTURE_BUDGET_BYTES. */
  notes: string[];
}

export type RecordErrorCode = 'RECORD_BAD_URL' | 'RECORD_BAD_SCENARIO' | 'RECORD_NO_ADAPTER' | 'RECORD_NOTHING_FETCHED' | 'RECORD_NOT_REPLAYABLE' | 'RECORD_EXISTS';

export class RecordError extends Error {
  override name = 'RecordError' as const;
  constructor(
    readonly code: RecordErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const SCENARIO = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export async function recordFixture(options: RecordOptions): Promise<RecordReport> {
  if (options.scenario !== undefined && !SCENARIO.test(options.scenario)) {
    throw new RecordError('RECORD_BAD_SCENARIO', `scenario "${options.scenario}" must be letters, digits, ".", "_" or "-" (a file name, at most 80 characters)`);
  }
  // Live, and alone: no replay folder, no shared Redis cache to read from or write into.
  const config: Config = { ...options.config, upstreamReplayDir: undefined, redis: undefined };
  let recorder: RecordingHttpClient | undefined;
  const live = compose(config, {
    logDestination: options.logDestination ?? discard(),
    wrapHttp: (configured) => (recorder = new RecordingHttpClient(options.http ?? configured)),
  });
  try {
    const useCase = live.container.resolve(ResolveUseCase);
    const plan = useCase.plan(options.url);
    if (!plan.ok) throw new RecordError('RECORD_BAD_URL', `not a URL postlens accepts: ${plan.error}`);
    const specs = live.container.resolve<SpecList>(SPEC_LIST);
    if (options.scenario !== undefined && !options.force) refuseExisting(specs, options, options.scenario);

    const outcome = withoutCacheHit(await plan.run({ skipCacheRead: true }));
    if (outcome.status === 'no-adapter') throw new RecordError('RECORD_NO_ADAPTER', `${outcome.canonicalUrl} is on no platform postlens knows`);
    const exchanges = recorder!.exchanges;
    if (exchanges.length === 0) {
      const why = outcome.status === 'degraded' ? outcome.reason : outcome.status;
      const failed = recorder!.failures;
      throw new RecordError(
        'RECORD_NOTHING_FETCHED',
        failed.length
          ? `no upstream request got an answer (${why}): nothing to record\n${failed.map((f) => `no answer: ${f}`).join('\n')}`
          : `${outcome.platform} answered "${why}" without an upstream request (disabled platform, or not a post URL): nothing to record`,
      );
    }

    const sameOutcome = async (defs: RecordedExchange[]) => isDeepStrictEqual(await replay(config, options.url, defs), outcome);
    const written = asWritten(toDefinitions(exchanges, credentialValues(config)));
    // A request body that changes from run to run (Loom's random anonID) can never match again:
    // then the bodies are left out, and the file replays as before bodies were recorded.
    const bodiesReplay = await sameOutcome(written);
    const stripped = bodiesReplay ? written : written.map(({ body: _varies, ...def }) => def);
    if (!bodiesReplay && !(await sameOutcome(stripped))) {
      const replayed = await replay(config, options.url, stripped);
      const failed = recorder!.failures.map((f) => `\nno answer: ${f}`).join('');
      throw new RecordError(
        'RECORD_NOT_REPLAYABLE',
        `the recorded exchanges do not replay to the live outcome (an upstream request got no answer, or the outcome depends on a value that was redacted); nothing written.\nlive:     ${JSON.stringify(outcome)}\nreplayed: ${JSON.stringify(replayed)}${failed}`,
      );
    }
    const { defs, notes } =
      options.trim === false ? { defs: stripped, notes: ['kept whole (secrets stripped, nothing cut): re-record without --whole once the parser is fixed'] } : await trimDefinitions(stripped, sameOutcome, { budgetBytes: FIXTURE_BUDGET_BYTES });
    if (!bodiesReplay && written.some((def) => def.body !== undefined)) {
      notes.push('request bodies left out: they differ from run to run, so replay could not match them (POSTs to one endpoint are then told apart by path and query only)');
    }
    if (options.trim !== false && outcome.status === 'degraded' && outcome.reason === 'upstream-error') {
      notes.push('the outcome is upstream-error: if the parser is what broke, re-record with --whole, as the cut keeps only what this parser reads');
    }

    const scenario = options.scenario ?? defaultScenario(specs, outcome);
    const dir = platformFixturesDir(options, outcome.platform);
    const file = join(dir, `${scenario}.json`);
    const text = fixtureText(defs);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, text, { flag: options.force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw exists(file);
      throw error;
    }
    const bytes = Buffer.byteLength(text);
    if (bytes > FIXTURE_BUDGET_BYTES) notes.push(`${bytes} bytes: still over the ${FIXTURE_BUDGET_BYTES}-byte fixture budget; trim it by hand before committing`);
    return { file, platform: outcome.platform, scenario, outcome, exchanges: defs.length, bytes, notes };
  } finally {
    await live.close();
  }
}

/** The outcome of resolving `url` again, answered from `defs` alone, in a fresh composition. */
async function replay(config: Config, url: string, defs: readonly RecordedExchange[]): Promise<Outcome | undefined> {
  const composition: Composition = compose(config, { logDestination: discard(), wrapHttp: () => new ReplayHttpClient(defs, quiet) });
  try {
    const plan = composition.container.resolve(ResolveUseCase).plan(url);
    return plan.ok ? withoutCacheHit(await plan.run({ skipCacheRead: true })) : undefined;
  } finally {
    await composition.close();
  }
}

/** The default scenario: what came out (`image`, `not-found`…) and the post's content id, as a file name. */
function defaultScenario(specs: SpecList, outcome: Exclude<Outcome, { status: 'no-adapter' }>): string {
  const canonical = canonicalize(specs, new URL(outcome.canonicalUrl));
  const id = canonical.platform !== 'none' && canonical.match.denotes === 'post' ? canonical.match.contentId : new URL(outcome.canonicalUrl).pathname;
  const what = outcome.status === 'ok' ? outcome.kind : outcome.reason;
  return `${what}-${id}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
}

function refuseExisting(specs: SpecList, options: RecordOptions, scenario: string): void {
  const accepted = acceptUrl(options.url, Number.MAX_SAFE_INTEGER);
  if (!accepted.ok) return;
  const canonical = canonicalize(specs, accepted.url);
  if (canonical.platform === 'none') return;
  const file = join(platformFixturesDir(options, canonical.platform), `${scenario}.json`);
  if (existsSync(file)) throw exists(file);
}

function platformFixturesDir(options: RecordOptions, platform: string): string {
  return typeof options.fixturesDir === 'string' ? join(options.fixturesDir, platform) : options.fixturesDir(platform);
}

function exists(file: string): RecordError {
  return new RecordError('RECORD_EXISTS', `${file} exists; pass --force to replace it`);
}

/** Exactly what the file will hold: the JSON round trip drops undefined fields. */
function asWritten(defs: RecordedExchange[]): RecordedExchange[] {
  return JSON.parse(JSON.stringify(defs)) as RecordedExchange[];
}

function withoutCacheHit(result: ResolveResult): Outcome {
  const { cacheHit: _cacheHit, ...outcome } = result as ResolveResult & { cacheHit?: boolean };
  return outcome as Outcome;
}

/** Every value of the credentials file, to be redacted wherever it shows up. */
function credentialValues(config: Config): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(config.platformCredentials);
  return out;
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _enc, done) => done() });
}

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, access() {} };
