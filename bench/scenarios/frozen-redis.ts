// P8: request rate with the cache's Redis frozen (SIGSTOP: connections stay open, nothing answers)
// against the same service with Redis absent (nothing listens), alternately. Both resolve the
// fixture post from replay, so neither has a cache: the figure is what a frozen Redis costs.
import { NOWHERE_REDIS_URL, ThrowawayRedis } from '../../test/support/redis.js';
import { AUTH, FIXTURE_POST, REPLAY_BLUESKY, compareThroughput, getText, startPostlens, throughputRow, type BenchContext, type Row } from '../lib/scenario.js';
import { skipped } from './cached.js';

export async function p8(ctx: BenchContext): Promise<Row[]> {
  if (!ThrowawayRedis.available()) return [skipped('P8', 'Redis frozen vs absent', 'redis-server is not installed', '≥ 0.8')];
  const redis = await ThrowawayRedis.create();
  const absentUrl = NOWHERE_REDIS_URL;
  const frozen = await startPostlens(ctx, 'P8', { ...REPLAY_BLUESKY, REDIS_URL: redis.url });
  const absent = await startPostlens(ctx, 'P8-absent', { ...REPLAY_BLUESKY, REDIS_URL: absentUrl });
  try {
    const path = `/api/v1/resolve?url=${encodeURIComponent(FIXTURE_POST)}`;
    for (const server of [frozen, absent]) {
      const answer = await getText(`http://127.0.0.1:${server.port}${path}`, AUTH);
      if (answer.status !== 200) throw new Error(`resolve answered ${answer.status}: ${answer.text}`);
    }
    redis.freeze();
    const result = await compareThroughput(
      ctx,
      { url: `http://127.0.0.1:${absent.port}${path}`, headers: AUTH, server: absent },
      { url: `http://127.0.0.1:${frozen.port}${path}`, headers: AUTH, server: frozen },
    );
    return [throughputRow('P8', 'resolve req/s with the Redis cache frozen (SIGSTOP) ÷ with Redis absent', result, 0.8, 'Redis absent')];
  } finally {
    await frozen.stop();
    await absent.stop();
    await redis.dispose();
  }
}
