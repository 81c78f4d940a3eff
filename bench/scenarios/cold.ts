// Cold resolves over a local fake upstream (workers/upstream.ts, Bluesky's AppView):
// P4 latency added to a 50 ms upstream, every request a new post; P5 500 concurrent identical
// cold resolves and how many upstream requests they made; memory: idle RSS, and RSS once the
// memory cache holds CACHE_MAX_ENTRIES results.
import { startWorker, type Worker } from '../lib/child.js';
import { AUTH, BSKY_DID, cannon, getText, startPostlens, type BenchContext, type Row } from '../lib/scenario.js';
import { fmt, median } from '../lib/stats.js';
import type { CannonResult } from '../workers/load.js';

const UPSTREAM_MS = 50;

const postUrl = (rkey: string) => `https://bsky.app/profile/${BSKY_DID}/post/${rkey}`;
const resolvePath = (rkey: string) => `/api/v1/resolve?url=${encodeURIComponent(postUrl(rkey)).replace('%7Bn%7D', '{n}')}`;
const atUri = (rkey: string) => `at://${BSKY_DID}/app.bsky.feed.post/${rkey}`;
const threadPath = (rkey: string) => `/xrpc/app.bsky.feed.getPostThread?uri=${encodeURIComponent(atUri(rkey)).replace('%7Bn%7D', '{n}')}&depth=0&parentHeight=0`;

async function withUpstream<T>(delayMs: number, body: (upstream: Worker) => Promise<T>): Promise<T> {
  const upstream = await startWorker('upstream', { env: { BENCH_DELAY_MS: String(delayMs) } });
  try {
    return await body(upstream);
  } finally {
    await upstream.stop();
  }
}

function checked(result: CannonResult, what: string): CannonResult {
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${what}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

/** One P4 measurement at `connections` concurrent clients: the fake upstream asked directly (A) and cold resolves (B), alternately. */
async function coldLatency(ctx: BenchContext, upstream: Worker, postlens: Worker, connections: number): Promise<Latency> {
  const direct = () => cannon(ctx, { url: `http://127.0.0.1:${upstream.port}/`, pathTemplate: threadPath('{n}'), connections, duration: ctx.seconds });
  const through = () => cannon(ctx, { url: `http://127.0.0.1:${postlens.port}/`, headers: AUTH, pathTemplate: resolvePath('{n}'), connections, duration: ctx.seconds });
  // Warm-up at 10 clients, so the JIT has compiled the cold path before anything is measured.
  await cannon(ctx, { url: `http://127.0.0.1:${postlens.port}/`, headers: AUTH, pathTemplate: resolvePath('{n}'), connections: 10, duration: 2 });
  const a: CannonResult[] = [];
  const b: CannonResult[] = [];
  for (let round = 0; round < ctx.rounds; round++) {
    a.push(checked(await direct(), 'fake upstream'));
    b.push(checked(await through(), 'cold resolve'));
    ctx.log(`  ${connections} connection(s), round ${round + 1}: upstream direct p50 ${fmt(a.at(-1)!.p50)} ms; cold resolve p50 ${fmt(b.at(-1)!.p50)} ms, p99 ${fmt(b.at(-1)!.p99)} ms (${b.at(-1)!.ok} requests)`);
  }
  return { a, b };
}

interface Latency {
  a: CannonResult[];
  b: CannonResult[];
}

function latencyRow(id: string, measure: string, { a, b }: Latency, connections: number, target: number | undefined): Row {
  const p50 = median(b.map((r) => r.p50)) - UPSTREAM_MS;
  const p99 = median(b.map((r) => r.p99)) - UPSTREAM_MS;
  const directP50 = median(a.map((r) => r.p50)) - UPSTREAM_MS;
  const directP99 = median(a.map((r) => r.p99)) - UPSTREAM_MS;
  const requests = b.reduce((s, r) => s + r.ok, 0);
  return {
    id,
    measure,
    baseline: `p50 ${fmt(directP50 + UPSTREAM_MS)} ms, p99 ${fmt(directP99 + UPSTREAM_MS)} ms (the fake upstream asked directly)`,
    postlens: `p50 ${fmt(p50 + UPSTREAM_MS)} ms, p99 ${fmt(p99 + UPSTREAM_MS)} ms; p99 − 50 ms = ${fmt(p99)} ms`,
    figure: p50,
    figureText: `${fmt(p50)} ms`,
    target: target === undefined ? 'reported' : `≤ ${target} ms`,
    pass: target === undefined || p50 <= target,
    detail:
      `${requests} cold resolves at ${connections} connection(s); per round p50/p99 (ms): ${b.map((r) => `${fmt(r.p50)}/${fmt(r.p99)}`).join('; ')}; ` +
      `upstream asked directly ${a.map((r) => `${fmt(r.p50)}/${fmt(r.p99)}`).join('; ')} — of the ${fmt(p50)} ms, ${fmt(directP50)} ms is the loopback HTTP exchange itself; ` +
      `ratio p50 postlens ÷ p50 direct ${fmt((p50 + UPSTREAM_MS) / (directP50 + UPSTREAM_MS), 3)}.`,
  };
}

export async function p4(ctx: BenchContext): Promise<Row[]> {
  return withUpstream(UPSTREAM_MS, async (upstream) => {
    const postlens = await startPostlens(ctx, 'P4', { BENCH_UPSTREAM_PORT: String(upstream.port) });
    try {
      // A first cold resolve proves the route end to end (an ok card from the fake upstream).
      const probe = await getText(`http://127.0.0.1:${postlens.port}${resolvePath('3benchprobe')}`, AUTH);
      if (JSON.parse(probe.text).status !== 'ok') throw new Error(`cold resolve over the fake upstream: ${probe.text}`);
      // One client asking one post after another: the latency a resolve adds, with no queueing.
      const single = await coldLatency(ctx, upstream, postlens, 1);
      // Ten at once: their upstream answers arrive together, so each also waits for the others' work.
      const ten = await coldLatency(ctx, upstream, postlens, 10);
      return [
        latencyRow('P4', 'cold resolve over a local 50 ms upstream, a new post per request, one client: p50 − 50 ms', single, 1, 3),
        latencyRow('P4-c10', 'the same with 10 clients at once (their upstream answers arrive together and queue)', ten, 10, undefined),
      ];
    } finally {
      await postlens.stop();
    }
  });
}

export async function p5(ctx: BenchContext): Promise<Row[]> {
  // A slow upstream (1 s) keeps the one flight open while all 500 requests arrive.
  return withUpstream(1000, async (upstream) => {
    const postlens = await startPostlens(ctx, 'P5', { BENCH_UPSTREAM_PORT: String(upstream.port) });
    try {
      const counts: number[] = [];
      const answered: number[] = [];
      for (let round = 0; round < ctx.rounds; round++) {
        const rkey = `3p5round${round}x${Date.now().toString(36)}`;
        const result = checked(await cannon(ctx, { url: `http://127.0.0.1:${postlens.port}${resolvePath(rkey)}`, headers: AUTH, connections: 500, amount: 500 }), 'P5');
        counts.push(await upstream.call<number>('count', { uri: atUri(rkey) }));
        answered.push(result.ok);
        ctx.log(`  round ${round + 1}: ${result.ok} answers, ${counts.at(-1)} upstream request(s)`);
      }
      const worst = Math.max(...counts);
      const pass = counts.every((c) => c === 1) && answered.every((n) => n === 500);
      return [
        {
          id: 'P5',
          measure: '500 concurrent identical cold resolves: upstream requests made',
          baseline: '1 (one flight per post)',
          postlens: `${counts.join(', ')} request(s) for ${answered.join(', ')} answers`,
          figure: worst,
          figureText: `${worst}`,
          target: 'exactly 1',
          pass,
          detail: `${ctx.rounds} rounds, each a new post asked by 500 connections at once (autocannon, 1 request each) while the fake upstream takes 1 s; upstream requests per round: ${counts.join(', ')}; 200 answers per round: ${answered.join(', ')}.`,
        },
      ];
    } finally {
      await postlens.stop();
    }
  });
}

export async function memory(ctx: BenchContext): Promise<Row[]> {
  const entries = 10_000;
  return withUpstream(0, async (upstream) => {
    const bare = await startWorker('bare', { env: { BENCH_BODY: '{}' } });
    const postlens = await startPostlens(ctx, 'MEM', { BENCH_UPSTREAM_PORT: String(upstream.port), CACHE_MAX_ENTRIES: String(entries) });
    try {
      await getText(`http://127.0.0.1:${postlens.port}${resolvePath('3memprobe')}`, AUTH);
      type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number };
      const idle = await postlens.call<Memory>('memory', { gc: true });
      const bareIdle = await bare.call<Memory>('memory', { gc: true });
      const fill = checked(await cannon(ctx, { url: `http://127.0.0.1:${postlens.port}/`, headers: AUTH, pathTemplate: resolvePath('{n}'), connections: 20, amount: entries + 500 }), 'cache fill');
      const filled = await postlens.call<Memory>('memory', { gc: true });
      const total = await upstream.call<number>('total');
      const mb = (bytes: number) => bytes / 2 ** 20;
      const heapPerEntry = (filled.heapUsed - idle.heapUsed) / entries;
      ctx.log(`  idle RSS ${fmt(mb(idle.rss), 1)} MB (bare ${fmt(mb(bareIdle.rss), 1)} MB); full RSS ${fmt(mb(filled.rss), 1)} MB, heap ${fmt(mb(idle.heapUsed), 1)} → ${fmt(mb(filled.heapUsed), 1)} MB (of ${fmt(mb(idle.heapTotal), 1)} → ${fmt(mb(filled.heapTotal), 1)} MB reserved), external ${fmt(mb(idle.external), 1)} → ${fmt(mb(filled.external), 1)} MB after ${fill.ok} cold resolves`);
      return [
        {
          id: 'MEM-idle',
          measure: 'idle RSS (after one resolve and a full GC) ÷ a bare `node:http` server',
          baseline: `${fmt(mb(bareIdle.rss), 1)} MB (heap ${fmt(mb(bareIdle.heapUsed), 1)} MB)`,
          postlens: `${fmt(mb(idle.rss), 1)} MB (heap ${fmt(mb(idle.heapUsed), 1)} MB)`,
          figure: idle.rss / bareIdle.rss,
          figureText: `${fmt(idle.rss / bareIdle.rss)}×`,
          target: 'reported',
          pass: true,
          detail: `RSS and V8 heap in use after a full GC; both processes started the same way (node with the tsx loader for the bench's worker script, which itself holds part of it; postlens then loads its compiled build).`,
        },
        {
          id: 'MEM-full',
          measure: `RSS with the memory cache full (CACHE_MAX_ENTRIES=${entries}) ÷ idle`,
          baseline: `${fmt(mb(idle.rss), 1)} MB idle`,
          postlens: `${fmt(mb(filled.rss), 1)} MB full; heap in use +${fmt(mb(filled.heapUsed - idle.heapUsed), 1)} MB (${fmt(heapPerEntry / 1024, 2)} KB per entry)`,
          figure: filled.rss / idle.rss,
          figureText: `${fmt(filled.rss / idle.rss)}×`,
          target: 'reported',
          pass: true,
          detail:
            `${fill.ok} cold resolves of distinct posts (the image card of test/platforms/bluesky/fixtures/image.json, ~1 KB of JSON each) through the fake upstream (${total} upstream requests), then a full GC. ` +
            `The heap in use grew ${fmt(mb(idle.heapUsed), 1)} → ${fmt(mb(filled.heapUsed), 1)} MB: that is what the cache holds. RSS grows far more because V8 keeps the heap it reserved during the burst ` +
            `(${fmt(mb(idle.heapTotal), 1)} → ${fmt(mb(filled.heapTotal), 1)} MB reserved, mostly free, returned lazily); external buffers ${fmt(mb(idle.external), 1)} → ${fmt(mb(filled.external), 1)} MB.`,
        },
      ];
    } finally {
      await postlens.stop();
      await bare.stop();
    }
  });
}
