// Where a request's CPU goes (diagnostic for P1–P3, not part of `npm run bench`): postlens's layers
// added one at a time on a bare Koa app (workers/ablation.ts), each variant in a fresh process under
// the same autocannon load; prints user and system CPU µs per request. Usage:
//   npx tsx bench/ablation.ts [--resolve] [--redis redis://127.0.0.1:6379] [--log silent] [--rounds 2]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { deleteKeys } from '../test/support/redis.js';
import { startWorker } from './lib/child.js';
import { AUTH, FIXTURE_POST, REPLAY_BLUESKY, postlensEnv } from './lib/scenario.js';
import type { CannonResult } from './workers/load.js';

const { values } = parseArgs({ options: { resolve: { type: 'boolean', default: false }, redis: { type: 'string' }, log: { type: 'string', default: 'info' }, rounds: { type: 'string', default: '2' } } });
const VARIANTS = ['', 'context', 'context,headers,errors', 'context,headers,errors,auth', 'context,headers,errors,auth,limit', 'context,headers,errors,auth,limit,usecase'];
const path = values.resolve ? `/api/v1/resolve?url=${encodeURIComponent(FIXTURE_POST)}` : `/api/v1/canonical?url=${encodeURIComponent('https://twitter.com/jack/status/20/photo/1?s=20')}`;
const redis: Record<string, string> = values.redis ? { REDIS_URL: values.redis, REDIS_KEY_PREFIX: `postlens-bench:ablation:${randomUUID().slice(0, 8)}:` } : {};

const load = await startWorker('load');
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const variant of VARIANTS) {
      const layers = values.resolve ? variant.replace(',usecase', '') : variant;
      if (values.resolve && variant.endsWith('usecase')) continue;
      const server = await startWorker('ablation', { env: { ...postlensEnv({ ...REPLAY_BLUESKY, LOG_LEVEL: values.log!, ...redis }), BENCH_LAYERS: layers } });
      try {
        const url = `http://127.0.0.1:${server.port}${path}`;
        await load.call('cannon', { url, headers: AUTH, connections: 100, pipelining: 1, duration: 1 });
        const before = await server.call<{ user: number; system: number }>('cpuSplit');
        const result = await load.call<CannonResult>('cannon', { url, headers: AUTH, connections: 100, pipelining: 1, duration: 3 });
        const after = await server.call<{ user: number; system: number }>('cpuSplit');
        const per = (ms: number) => ((ms * 1000) / result.ok).toFixed(1).padStart(6);
        console.log(`${(layers || 'Koa + router only').padEnd(44)} ${String(Math.round(result.rps)).padStart(6)} req/s   user ${per(after.user - before.user)} µs/req   system ${per(after.system - before.system)} µs/req${result.non2xx ? `   (${result.non2xx} non-2xx)` : ''}`);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await load.stop();
  if (values.redis) {
    const client = new Redis(values.redis);
    await deleteKeys(client, redis['REDIS_KEY_PREFIX']!);
    client.disconnect();
  }
}
