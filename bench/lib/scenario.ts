// What every scenario shares: the run's settings, one result row per figure, the postlens
// environment, and the A/B alternation that turns raw rates into a median ratio.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CannonArgs, CannonResult } from '../workers/load.js';
import { startWorker, type Worker } from './child.js';
import { fmt, fmtInt, median } from './stats.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const API_KEY = 'bench-key-0123456789abcdef';
export const AUTH = { authorization: `Bearer ${API_KEY}` };
export const PROXY_SECRET = 'bench-proxy-secret-0123456789abcdef0123456789';
/** The post of test/platforms/bluesky/fixtures/image.json, answered from the replay fixture. */
export const FIXTURE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
export const BSKY_DID = 'did:plc:bobplcidplcidplcidplcidp';

export interface BenchContext {
  rounds: number;
  seconds: number;
  connections: number;
  pipelining: number;
  load: Worker;
  /** Extra environment for every postlens process (`--env`), for experiments. */
  postlensEnv: Record<string, string>;
  /** node flags for postlens processes (--cpu-prof when profiling `scenario`). */
  postlensFlags(scenario: string): string[];
  log(message: string): void;
}

export interface Row {
  id: string;
  measure: string;
  baseline: string;
  postlens: string;
  /** The figure compared with the target (a ratio, or ms / a count where the target is one). */
  figure: number;
  figureText: string;
  target: string;
  pass: boolean;
  /** Per-round figures and anything else worth keeping. */
  detail: string;
}

/**
 * postlens as deployed (NODE_ENV=production, info-level access log to a discarded stdout), with
 * rate limits far above any load here so every request does the full work of a 200.
 */
export function postlensEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    API_KEYS: API_KEY,
    PROXY_SECRET,
    RATE_LIMIT_POINTS: '1000000000',
    PUBLIC_RATE_LIMIT_POINTS: '1000000000',
    ...extra,
  };
}

export const REPLAY_BLUESKY = { UPSTREAM_REPLAY_DIR: join(ROOT, 'test/platforms/bluesky/fixtures') };

/**
 * The node flags `npm start` gives the service (package.json): a 64 MB semi-space, because with a
 * thousand requests in flight each waiting on Redis, scavenges copying their live objects took a
 * quarter of the process's time at the default size (bench P2 profile; P2 0.16× → 0.22×).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=64'];

export async function startPostlens(ctx: BenchContext, scenario: string, env: Record<string, string>): Promise<Worker> {
  return startWorker('postlens', { env: postlensEnv({ ...env, ...ctx.postlensEnv }), nodeFlags: [...SERVICE_NODE_FLAGS, ...ctx.postlensFlags(scenario)] });
}

export async function getText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text() };
}

export function cannon(ctx: BenchContext, args: CannonArgs): Promise<CannonResult> {
  return ctx.load.call<CannonResult>('cannon', args);
}

export interface Side {
  url: string;
  headers?: Record<string, string>;
  /** The server process, to read its CPU time (saturation) around each round. */
  server: Worker;
}

export interface Throughput {
  baseline: number[];
  postlens: number[];
  ratios: number[];
  ratio: number;
  baselineCpu: number[];
  postlensCpu: number[];
}

/** Requests per second of one side for `seconds`, with the server's CPU share over that time; any non-2xx is a broken run. */
async function rate(ctx: BenchContext, side: Side, seconds: number): Promise<{ rps: number; cpu: number }> {
  const cpu0 = await side.server.call<number>('cpu');
  const result = await cannon(ctx, { url: side.url, headers: side.headers ?? {}, connections: ctx.connections, pipelining: ctx.pipelining, duration: seconds });
  const cpu1 = await side.server.call<number>('cpu');
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${side.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result.rps, cpu: (cpu1 - cpu0) / (result.seconds * 1000) };
}

/** Baseline and postlens alternately (A B A B…) after a short warm-up of each; ratio = postlens ÷ baseline per round. */
export async function compareThroughput(ctx: BenchContext, baseline: Side, postlens: Side): Promise<Throughput> {
  await rate(ctx, baseline, 1);
  await rate(ctx, postlens, 1);
  const out: Throughput = { baseline: [], postlens: [], ratios: [], ratio: 0, baselineCpu: [], postlensCpu: [] };
  for (let round = 0; round < ctx.rounds; round++) {
    const a = await rate(ctx, baseline, ctx.seconds);
    const b = await rate(ctx, postlens, ctx.seconds);
    out.baseline.push(a.rps);
    out.postlens.push(b.rps);
    out.baselineCpu.push(a.cpu);
    out.postlensCpu.push(b.cpu);
    out.ratios.push(b.rps / a.rps);
    ctx.log(`  round ${round + 1}: baseline ${fmtInt(a.rps)} req/s, postlens ${fmtInt(b.rps)} req/s, ratio ${fmt(b.rps / a.rps)}`);
  }
  out.ratio = median(out.ratios);
  return out;
}

export function throughputRow(id: string, measure: string, t: Throughput, target: number, baselineName: string): Row {
  return {
    id,
    measure,
    baseline: `${fmtInt(median(t.baseline))} req/s (${baselineName})`,
    postlens: `${fmtInt(median(t.postlens))} req/s`,
    figure: t.ratio,
    figureText: `${fmt(t.ratio)}×`,
    target: `≥ ${target}`,
    pass: t.ratio >= target,
    detail:
      `rounds (baseline / postlens req/s → ratio): ${t.baseline.map((a, i) => `${fmtInt(a)} / ${fmtInt(t.postlens[i]!)} → ${fmt(t.ratios[i]!)}`).join('; ')}. ` +
      `Server CPU (share of one core): baseline ${t.baselineCpu.map((c) => `${Math.round(c * 100)}%`).join(', ')}; postlens ${t.postlensCpu.map((c) => `${Math.round(c * 100)}%`).join(', ')}.`,
  };
}
