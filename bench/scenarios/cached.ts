// P1–P3: request rates of cheap answers against a bare node:http server answering the same JSON.
// P1 a cached resolve with the in-memory cache, P2 the same with Redis as the cache, P3 canonical.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { deleteKeys, redisAnswers } from '../../test/support/redis.js';
import { startWorker, type Worker } from '../lib/child.js';
import { AUTH, FIXTURE_POST, REPLAY_BLUESKY, compareThroughput, getText, startPostlens, throughputRow, type BenchContext, type Row } from '../lib/scenario.js';

const SHARED_REDIS = 'redis://127.0.0.1:6379';

/** The cached answer postlens gives for the fixture post (resolved once to fill the cache). */
async function primedResolve(postlens: Worker): Promise<{ url: string; body: string }> {
  const url = `http://127.0.0.1:${postlens.port}/api/v1/resolve?url=${encodeURIComponent(FIXTURE_POST)}`;
  const first = await getText(url, AUTH);
  if (first.status !== 200 || JSON.parse(first.text).status !== 'ok') throw new Error(`priming resolve answered ${first.status}: ${first.text}`);
  // The store is not awaited by the use case, and a Redis client may still be connecting: ask
  // again until the answer comes from the cache (2 s at most).
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cached = await getText(url, AUTH);
    if (JSON.parse(cached.text).cacheHit === true) return { url, body: cached.text };
  }
  throw new Error('the fixture post never came from the cache');
}

async function cachedResolve(ctx: BenchContext, id: string, env: Record<string, string>, target: number, measure: string): Promise<Row> {
  const postlens = await startPostlens(ctx, id, { ...REPLAY_BLUESKY, ...env });
  let bare: Worker | undefined;
  try {
    const primed = await primedResolve(postlens);
    bare = await startWorker('bare', { env: { BENCH_BODY: primed.body } });
    const result = await compareThroughput(ctx, { url: `http://127.0.0.1:${bare.port}/`, server: bare }, { url: primed.url, headers: AUTH, server: postlens });
    return throughputRow(id, measure, result, target, 'bare node:http, same JSON');
  } finally {
    await postlens.stop();
    await bare?.stop();
  }
}

export async function p1(ctx: BenchContext): Promise<Row[]> {
  return [await cachedResolve(ctx, 'P1', {}, 0.55, 'cached `GET /api/v1/resolve`, memory cache, req/s ÷ bare `node:http`')];
}

export async function p2(ctx: BenchContext): Promise<Row[]> {
  if (!(await redisAnswers(SHARED_REDIS))) {
    return [skipped('P2', 'cached resolve with Redis', `no Redis answers at ${SHARED_REDIS}`, '≥ 0.4')];
  }
  const prefix = `postlens-bench:${randomUUID().slice(0, 8)}:`;
  try {
    return [await cachedResolve(ctx, 'P2', { REDIS_URL: SHARED_REDIS, REDIS_KEY_PREFIX: prefix }, 0.4, 'cached `GET /api/v1/resolve`, Redis cache (and Redis rate limits), req/s ÷ bare `node:http`')];
  } finally {
    const client = new Redis(SHARED_REDIS);
    await deleteKeys(client, prefix);
    client.disconnect();
  }
}

export async function p3(ctx: BenchContext): Promise<Row[]> {
  const postlens = await startPostlens(ctx, 'P3', {});
  let bare: Worker | undefined;
  try {
    const url = `http://127.0.0.1:${postlens.port}/api/v1/canonical?url=${encodeURIComponent('https://twitter.com/jack/status/20/photo/1?s=20')}`;
    const answer = await getText(url, AUTH);
    if (answer.status !== 200) throw new Error(`canonical answered ${answer.status}: ${answer.text}`);
    bare = await startWorker('bare', { env: { BENCH_BODY: answer.text } });
    const result = await compareThroughput(ctx, { url: `http://127.0.0.1:${bare.port}/`, server: bare }, { url, headers: AUTH, server: postlens });
    return [throughputRow('P3', '`GET /api/v1/canonical` req/s ÷ bare `node:http`', result, 0.6, 'bare node:http, same JSON')];
  } finally {
    await postlens.stop();
    await bare?.stop();
  }
}

export function skipped(id: string, measure: string, why: string, target: string): Row {
  return { id, measure, baseline: '—', postlens: '—', figure: Number.NaN, figureText: 'not run', target, pass: false, detail: `not run: ${why}` };
}

/**
 * The floor under P1–P3 on this machine and load: Koa + @koa/router with none of postlens's work,
 * answering the canonical answer's JSON, against the bare server. Reported, not a target.
 */
export async function koaFloor(ctx: BenchContext): Promise<Row[]> {
  const body = JSON.stringify({ platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20' });
  const bare = await startWorker('bare', { env: { BENCH_BODY: body } });
  const koa = await startWorker('koa-hello', { env: { BENCH_BODY: body } });
  try {
    const result = await compareThroughput(ctx, { url: `http://127.0.0.1:${bare.port}/`, server: bare }, { url: `http://127.0.0.1:${koa.port}/`, server: koa });
    const row = throughputRow('K0', 'reference: Koa + @koa/router alone answering a small JSON, req/s ÷ bare `node:http` (what P1–P3 stand on)', result, 0, 'bare node:http, same JSON');
    return [{ ...row, postlens: row.postlens.replace('req/s', 'req/s (Koa alone)'), target: 'reported (§13: 0.59–0.72)', pass: true }];
  } finally {
    await bare.stop();
    await koa.stop();
  }
}
