// P7: `/v/` streaming of 100 MB from a local HTTPS media host, against a raw node:http pipe from
// the same host (MB/s ratio, alternately), and postlens's RSS growth while 20 such streams run at once.
import type { MediaTicket } from '../../src/application/ports/signer.port.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { testTls } from '../../test/support/media-upstream.js';
import { startWorker, type Worker } from '../lib/child.js';
import { PROXY_SECRET, startPostlens, type BenchContext, type Row } from '../lib/scenario.js';
import { fmt, median } from '../lib/stats.js';
import type { DownloadResult } from '../workers/load.js';

const BYTES = 100 * 2 ** 20;
const MEDIA_HOST = 'v16-webapp-prime.tiktok.com';
const MEDIA_PATH = '/video/tos/bench/clip.mp4?expire=4102444800&signature=bench';
const PARALLEL = 20;

const mbps = (r: DownloadResult) => r.bytes / 2 ** 20 / (r.ms / 1000);

async function peakRssDuring(server: Worker, work: Promise<unknown>): Promise<number> {
  let peak = 0;
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    peak = Math.max(peak, await server.call<number>('rss'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await work;
  return peak;
}

export async function p7(ctx: BenchContext): Promise<Row[]> {
  const tls = testTls();
  const host = await startWorker('media-host', { env: { BENCH_TLS_KEY: tls.key, BENCH_TLS_CERT: tls.cert, BENCH_MEDIA_BYTES: String(BYTES) } });
  const mediaEnv = { BENCH_MEDIA_PORT: String(host.port), BENCH_TLS_CERT: tls.cert };
  const raw = await startWorker('raw-pipe', { env: { ...mediaEnv, BENCH_MEDIA_HOST: MEDIA_HOST } });
  const postlens = await startPostlens(ctx, 'P7', mediaEnv);
  try {
    const ticket: MediaTicket = {
      url: `https://${MEDIA_HOST}${MEDIA_PATH}`,
      headers: { cookie: 'tt_chain_token=BenchChainToken', referer: 'https://www.tiktok.com/' },
      mimeType: 'video/mp4',
      platform: 'tiktok',
      canonicalUrl: 'https://www.tiktok.com/@bench/video/7400000000000000001',
    };
    const token = new AesGcmSigner({ current: PROXY_SECRET }).seal(ticket, Date.now() + 3_600_000);
    const viaPostlens = `http://127.0.0.1:${postlens.port}/v/${token}.mp4`;
    const viaRaw = `http://127.0.0.1:${raw.port}${MEDIA_PATH}`;
    const get = (url: string, parallel = 1) => ctx.load.call<DownloadResult>('download', { url, parallel });

    await get(viaRaw);
    await get(viaPostlens);
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < ctx.rounds; round++) {
      const ra = await get(viaRaw);
      const rb = await get(viaPostlens);
      if (ra.bytes !== BYTES || rb.bytes !== BYTES) throw new Error(`short download: raw ${ra.bytes}, postlens ${rb.bytes} of ${BYTES}`);
      a.push(mbps(ra));
      b.push(mbps(rb));
      ctx.log(`  round ${round + 1}: raw pipe ${fmt(a.at(-1)!, 0)} MB/s, /v/ ${fmt(b.at(-1)!, 0)} MB/s`);
    }
    const ratios = b.map((v, i) => v / a[i]!);
    const ratio = median(ratios);

    const rssOf = async (server: Worker, url: string) => {
      // One unmeasured round first: a process's first streams grow it once (heap, TLS and socket
      // buffers, compiled code) whatever it does; the measured round shows what streaming holds.
      const fresh = await server.call<number>('rss', { gc: true });
      const firstPeak = await peakRssDuring(server, get(url, PARALLEL));
      await server.call<number>('rss', { gc: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await server.call<number>('rss', { gc: true });
      const run = get(url, PARALLEL);
      const peak = await peakRssDuring(server, run);
      const result = await run;
      if (result.bytes !== BYTES * PARALLEL) throw new Error(`parallel downloads short: ${result.bytes}`);
      return { before, peak, growth: (peak - before) / 2 ** 20, firstGrowth: (firstPeak - fresh) / 2 ** 20, mbps: result.bytes / 2 ** 20 / (result.ms / 1000) };
    };
    // On fresh processes: one that has just streamed 100 MB several times may hand memory back to
    // the system during the next streams, which would hide their growth.
    const freshRaw = await startWorker('raw-pipe', { env: { ...mediaEnv, BENCH_MEDIA_HOST: MEDIA_HOST } });
    const freshPostlens = await startPostlens(ctx, 'P7-rss', mediaEnv);
    let rawRss: Awaited<ReturnType<typeof rssOf>>;
    let ownRss: Awaited<ReturnType<typeof rssOf>>;
    try {
      rawRss = await rssOf(freshRaw, `http://127.0.0.1:${freshRaw.port}${MEDIA_PATH}`);
      ownRss = await rssOf(freshPostlens, `http://127.0.0.1:${freshPostlens.port}/v/${token}.mp4`);
    } finally {
      await freshRaw.stop();
      await freshPostlens.stop();
    }
    ctx.log(`  ${PARALLEL} parallel: postlens RSS +${fmt(ownRss.growth, 1)} MB, raw pipe +${fmt(rawRss.growth, 1)} MB`);
    return [
      {
        id: 'P7',
        measure: '`/v/` streaming 100 MB from a local HTTPS media host: MB/s ÷ a raw `node:http` pipe from the same host',
        baseline: `${fmt(median(a), 0)} MB/s (node:http server, https.request → pipeline)`,
        postlens: `${fmt(median(b), 0)} MB/s`,
        figure: ratio,
        figureText: `${fmt(ratio)}×`,
        target: '≥ 0.85',
        pass: ratio >= 0.85,
        detail: `one 100 MB download per side per round, alternately; ratios ${ratios.map((r) => fmt(r)).join(', ')}.`,
      },
      {
        id: 'P7-rss',
        measure: `RSS growth of postlens while ${PARALLEL} parallel 100 MB \`/v/\` streams run`,
        baseline: `raw pipe +${fmt(rawRss.growth, 1)} MB`,
        postlens: `+${fmt(ownRss.growth, 1)} MB (${fmt(ownRss.before / 2 ** 20, 0)} → ${fmt(ownRss.peak / 2 ** 20, 0)} MB), ${fmt(ownRss.mbps, 0)} MB/s in all`,
        figure: ownRss.growth,
        figureText: `${fmt(ownRss.growth, 1)} MB`,
        target: '≤ 64 MB',
        pass: ownRss.growth <= 64,
        detail: `on a freshly started process, after one unmeasured round of ${PARALLEL} streams: peak RSS sampled every 50 ms during the next ${PARALLEL}, minus RSS after a full GC just before; the raw pipe went ${fmt(rawRss.before / 2 ** 20, 0)} → ${fmt(rawRss.peak / 2 ** 20, 0)} MB at ${fmt(rawRss.mbps, 0)} MB/s. The unmeasured first round grew postlens by ${fmt(ownRss.firstGrowth, 1)} MB and the raw pipe by ${fmt(rawRss.firstGrowth, 1)} MB (one-time growth of a fresh process).`,
      },
    ];
  } finally {
    await postlens.stop();
    await raw.stop();
    await host.stop();
  }
}
