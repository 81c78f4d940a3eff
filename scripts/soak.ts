// `npm run soak [-- <seconds>]` (or SOAK_SECONDS; default 600): mixed traffic with injected faults
// against one instance of the service, a child process in replay mode, for a long while. Every
// interval it prints requests, 5xx, unexpected statuses, latency percentiles, and the service's
// RSS, heap (after a forced GC) and open handles (process.getActiveResourcesInfo(), read over IPC
// by scripts/soak-probe.ts). It exits non-zero on any 5xx, failed connection or unexpected status,
// when memory or handles grew past the bounds below between the end of the warm-up and the end,
// or when the final SIGTERM does not exit 0. Not part of `npm test`.
//
// Faults, all staged locally: recorded upstream failures (5xx, 429, 403, 404, 410, login walls,
// bad shapes) replayed from test/platforms/<id>/fixtures; posts that were never recorded, which replay fails as
// network errors; malformed and oversized input, bad JSON, unknown paths, missing keys, forged
// media tokens; batches mixing all of these; /v/ streams, HEADs and ranges from a recorded
// binary body; posts on fediverse servers no list names, discovered from their NodeInfo, beside
// made-up hosts past the caller's share of discovery (soak-discovered.ts); web pages (soak-web.ts).
import { rmSync } from 'node:fs';
import { request } from 'undici';
import { ServiceProcess } from '../test/lifecycle/service-process.js';
import { LoadLoop, percentile, type LoadRequest } from '../test/load/load-loop.js';
import type { ServiceStats } from './soak-probe.js';
import { discoveredServers } from './soak-discovered.js';
import { replayDir, TIKTOK_POST } from './soak-replay.js';
import { Random } from './soak-random.js';
import { handleCount, HEADER, mb, row, Window } from './soak-window.js';
import { webPages } from './soak-web.js';

const seconds = Number(process.argv[2] ?? process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RPS ?? 150);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
/** Long enough for caches, pools and JIT to settle; what grows after it is what counts. */
const WARMUP_S = Math.min(60, Math.max(10, Math.round(seconds * 0.2)));
const INTERVAL_S = Math.min(60, Math.max(5, Math.round((seconds - WARMUP_S) / 6)));
/** Flat memory: growth from the end of the warm-up to the end, both measured quiet after a GC. */
const RSS_GROWTH_BOUND = (base: number) => Math.max(30 * MB, base * 0.2);
const HEAP_GROWTH_BOUND = (base: number) => Math.max(10 * MB, base * 0.2);
/** Flat handles: quiet handle count at the end versus after the warm-up. */
const HANDLE_GROWTH_BOUND = 3;
const MB = 1024 * 1024;

const KEY = 'soak-key-0123456789abcdef';
const SECRET = 'soak-proxy-secret-0123456789abcdefghij';

const bsky = (actor: string, rkey: string) => `https://bsky.app/profile/${actor}/post/${rkey}`;
const masto = (id: number) => `https://mastodon.social/@marta_kv/${113900000000001000 + id}`;
/** Posts whose recorded exchanges yield a card. */
const GOOD = [
  bsky('did:plc:bobplcidplcidplcidplcidp', '3lpbimage22ab'),
  bsky('alice.test', '3lpatext2aa2k'),
  bsky('carol.test', '3lpcgallery2a'),
  bsky('dave.test', '3lpdvideo22aa'),
  bsky('frank.test', '3lpfquote222a'),
  bsky('erin.test', '3lpeexternal2'),
  bsky('judy.test', '3lpjadult222a'),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(masto),
  TIKTOK_POST,
];
/** Posts whose recorded upstream answers are failures: 5xx, 429, 403, 404, 410, walls, bad shapes. */
const FAULTY = [
  bsky('oscar.test', '3lpoforbid22a'),
  bsky('nobody.test', '3lpnnobody22a'),
  bsky('ken.test', '3lpknoauth22a'),
  bsky('lena.test', '3lplgone2222a'),
  bsky('nina.test', '3lpnlimited2a'),
  bsky('did:plc:mikeplcidplcidplcidplcid', '3lpmbroken22a'),
  ...[11, 12, 13, 14, 15, 16, 17, 18].map(masto),
];
/** Posts never recorded: replay fails their upstream requests as network errors. A bounded set, so caches reach a steady size. */
const UNRECORDED = Array.from({ length: 300 }, (_, i) =>
  [
    bsky('did:plc:soakplcidplcidplcidplcidp', `3lsoak${String(i).padStart(7, '0')}`),
    `https://mastodon.social/@soak/${113900000099000000 + i}`,
    `https://www.tiktok.com/@soak/video/${7400000000099000000 + i}`,
  ][i % 3]!,
);

/** Discovered fediverse servers and strangers (soak-discovered.ts); web pages (soak-web.ts). */
const DISCOVERED = discoveredServers();
const WEB = webPages();

const auth = { authorization: `Bearer ${KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const enc = encodeURIComponent;

type Made = LoadRequest & { expect: number[] };

/** The traffic mix: weight, and a request maker given a random source. */
function mix(videoPath: () => string): [number, (r: Random) => Made][] {
  return [
    [30, (r) => ({ kind: 'resolve cached', path: `/api/v1/resolve?url=${enc(r.pick(GOOD))}`, headers: auth, expect: [200] })],
    [4, (r) => ({ kind: 'resolve proxied', path: `/api/v1/resolve?url=${enc(r.pick(GOOD))}&media=proxied`, headers: auth, expect: [200] })],
    [8, (r) => ({ kind: 'resolve fault', path: `/api/v1/resolve?url=${enc(r.pick(FAULTY))}`, headers: auth, expect: [200] })],
    [10, (r) => ({ kind: 'resolve unrecorded', path: `/api/v1/resolve?url=${enc(r.pick(UNRECORDED))}`, headers: auth, expect: [200] })],
    // health?url= skips the cache read: a fresh upstream round (recorded or failing) every time.
    [6, (r) => ({ kind: 'health fresh', path: `/api/v1/health?url=${enc(r.pick(r.chance(0.5) ? GOOD : FAULTY))}`, headers: auth, expect: [200] })],
    [8, (r) => ({ kind: 'batch', path: '/api/v1/resolve', method: 'POST', headers: json, body: batchBody(r), expect: [200] })],
    [5, () => ({ kind: 'media', path: videoPath(), expect: [200] })],
    [2, () => ({ kind: 'media head', path: videoPath(), method: 'HEAD', expect: [200] })],
    [2, () => ({ kind: 'media range', path: videoPath(), headers: { range: 'bytes=0-999' }, expect: [200, 206] })],
    [10, (r) => malformed(r)],
    [5, () => ({ kind: 'healthz', path: '/healthz', expect: [200] })],
    [3, (r) => ({ kind: 'oembed', path: `/oembed?url=${enc(r.pick([...GOOD, ...FAULTY]))}&format=${r.pick(['json', 'xml'])}`, expect: [200, 404] })],
    // A discovered server's post is `ok` once discovered (`no-adapter` while the key's share of
    // discovery is spent); strangers are `no-adapter`: 200 either way, 404 on /oembed for no post.
    [5, (r) => ({ kind: 'resolve discovered', path: `/api/v1/resolve?url=${enc(r.pick(DISCOVERED.posts))}`, headers: auth, expect: [200] })],
    [2, (r) => ({ kind: 'resolve stranger', path: `/api/v1/resolve?url=${enc(r.pick(DISCOVERED.strangers))}`, headers: auth, expect: [200] })],
    [1, (r) => ({ kind: 'oembed discovered', path: `/oembed?url=${enc(r.pick([...DISCOVERED.posts, ...DISCOVERED.strangers]))}`, expect: [200, 404] })],
    // The web adapter's pages, when soak-web.ts gives some: resolved (200), and on /oembed (200, or 404 for a page that is no card).
    ...(WEB.pages.length ? ([[4, (r: Random) => ({ kind: 'resolve web', path: `/api/v1/resolve?url=${enc(r.pick(WEB.pages))}`, headers: auth, expect: [200] })], [1, (r: Random) => ({ kind: 'oembed web', path: `/oembed?url=${enc(r.pick(WEB.pages))}`, expect: [200, 404] })]] as [number, (r: Random) => Made][]) : []),
    [3, (r) => ({ kind: 'canonical', path: `/api/v1/canonical?url=${enc(r.pick([...GOOD, ...UNRECORDED]))}`, headers: auth, expect: [200] })],
    [2, () => ({ kind: 'platforms', path: '/api/v1/platforms', headers: auth, expect: [200] })],
    [2, () => ({ kind: 'openapi', path: '/openapi.yaml', expect: [200] })],
  ];
}

function batchBody(r: Random): string {
  const urls = Array.from({ length: r.int(1, 12) }, () => r.pick([...GOOD, ...FAULTY, ...UNRECORDED, ...DISCOVERED.posts, ...DISCOVERED.strangers, ...WEB.pages, 'not a url', 'https://example.org/a', r.garbage()]));
  return JSON.stringify(r.chance(0.3) ? { urls, media: 'proxied' } : { urls });
}

function malformed(r: Random): Made {
  const cases: (() => Made)[] = [
    () => ({ kind: 'bad url', path: `/api/v1/resolve?url=${enc(r.garbage())}`, headers: auth, expect: [200, 400] }),
    () => ({ kind: 'no url', path: '/api/v1/resolve', headers: auth, expect: [400] }),
    () => ({ kind: 'bad json', path: '/api/v1/resolve', method: 'POST', headers: json, body: '{"urls": ["https://bsky.app/', expect: [400] }),
    () => ({ kind: 'oversized', path: '/api/v1/resolve', method: 'POST', headers: json, body: JSON.stringify({ urls: ['x'.repeat(70_000)] }), expect: [400] }),
    () => ({ kind: 'too many', path: '/api/v1/resolve', method: 'POST', headers: json, body: JSON.stringify({ urls: Array(51).fill(GOOD[0]) }), expect: [400] }),
    () => ({ kind: 'no key', path: `/api/v1/resolve?url=${enc(GOOD[0]!)}`, expect: [401] }),
    () => ({ kind: 'wrong key', path: '/api/v1/platforms', headers: { authorization: 'Bearer nope' }, expect: [401] }),
    () => ({ kind: 'unknown path', path: `/api/v2/${r.int(0, 1e6)}`, headers: auth, expect: [404] }),
    () => ({ kind: 'forged token', path: `/v/${r.token()}`, expect: [404] }),
  ];
  return r.pick(cases)();
}

/** Stats from the service over IPC. */
function statsOf(service: ServiceProcess): (gc: boolean) => Promise<ServiceStats> {
  let id = 0;
  return (gc) =>
    new Promise((resolve, reject) => {
      const ask = ++id;
      const timer = setTimeout(() => reject(new Error('the service did not report its stats')), 10_000);
      const listener = (message: ServiceStats) => {
        if (message?.type !== 'stats' || message.id !== ask) return;
        clearTimeout(timer);
        service.child.off('message', listener);
        resolve(message);
      };
      service.child.on('message', listener);
      service.child.send({ type: 'stats', id: ask, gc });
    });
}

async function main(): Promise<number> {
  if (!Number.isFinite(seconds) || seconds < 20) throw new Error('the soak needs at least 20 seconds (SOAK_SECONDS or the first argument)');
  const dir = replayDir([...DISCOVERED.recordings, ...WEB.recordings]);
  const service = await ServiceProcess.start({
    env: {
      API_KEYS: KEY,
      PROXY_SECRET: SECRET,
      UPSTREAM_REPLAY_DIR: dir,
      LOG_LEVEL: 'info', // as in production: an access line per request
      // The soak measures the service, not its limits: no 429s.
      RATE_LIMIT_POINTS: '1000000000',
      PUBLIC_RATE_LIMIT_POINTS: '1000000000',
      // Its wrong keys (a few a second) are part of the mix, not an attack: without this, the
      // failed-auth limit blocks the soak's one address and every later answer is a 429.
      AUTH_FAIL_POINTS: '1000000000',
      ...(WEB.pages.length ? { WEB_CARDS: 'true' } : {}), // the open web (default per-host limit: over-rate answers in the mix)
      ...(process.env.SOAK_REDIS_URL ? { REDIS_URL: process.env.SOAK_REDIS_URL } : {}),
    },
    nodeArgs: ['--expose-gc'],
    // Errors and the lifecycle lines; not the access line per request, nor replay's line per gap.
    keep: (line) => line.level >= 50 || /^(postlens listening|shutting down|stopped|shutdown forced)/.test(line.msg),
    preload: ['./scripts/soak-probe.ts'],
    ipc: true,
    // tsx compiles the service as it starts: on a loaded machine that takes longer than a test's 20 s.
  }, 180_000);
  const stats = statsOf(service);
  const failures: string[] = [];
  try {
    let videoPath = '';
    const refreshVideo = async () => {
      // reset: no keep-alive connection left behind to show up among the quiet handles.
      const answer = await request(`${service.baseUrl}/api/v1/resolve?url=${enc(TIKTOK_POST)}&media=proxied`, { headers: auth, reset: true });
      const body = (await answer.body.json()) as { video?: { playableUrl?: string } };
      if (!body.video?.playableUrl) throw new Error('the recorded TikTok post has no playableUrl');
      videoPath = new URL(body.video.playableUrl).pathname;
    };
    await refreshVideo();
    // Discovery works in this setup (a NodeInfo read through replay), or the discovered kinds would
    // measure only no-adapter answers.
    const discovered = await request(`${service.baseUrl}/api/v1/resolve?url=${enc(DISCOVERED.posts[0]!)}`, { headers: auth, reset: true });
    const card = (await discovered.body.json()) as { status?: string; platform?: string };
    if (card.status !== 'ok' || card.platform !== 'mastodon') throw new Error(`the discovered server's post answered ${JSON.stringify(card)}, not an ok mastodon card`);

    const random = new Random(20_250_601);
    const table = mix(() => videoPath);
    const total = table.reduce((sum, [weight]) => sum + weight, 0);
    const expected = new Map<string, number[]>();
    const next = (): LoadRequest => {
      let roll = random.next() * total;
      const [, make] = table.find(([weight]) => (roll -= weight) < 0) ?? table[0]!;
      const made = make(random);
      expected.set(made.kind, made.expect);
      return made;
    };
    // Every answer counts in the whole run and in the current window (one row of the table).
    const all = new Window();
    let window = new Window();
    let steady: Window | undefined; // everything after the warm-up
    const run = () =>
      new LoadLoop({
        baseUrl: service.baseUrl,
        concurrency: CONCURRENCY,
        ratePerSecond: RATE,
        parseJson: false,
        next,
        onSample: (s) => {
          const expect = expected.get(s.kind) ?? [];
          window.add(s, expect);
          steady?.add(s, expect);
          all.add(s, expect);
        },
      });
    // Stops the traffic and lets connections close, so handle counts compare like with like.
    const quietStats = async (load: LoadLoop) => {
      await load.stop();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return stats(true);
    };

    console.log(`soak: ${seconds} s at ${RATE} req/s (${CONCURRENCY} connections), warm-up ${WARMUP_S} s, a row every ${INTERVAL_S} s; node ${process.version}; cache ${process.env.SOAK_REDIS_URL ? 'redis' : 'memory'}`);
    console.log(HEADER);
    const started = Date.now();
    let load = run();
    await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    const base = await quietStats(load);
    console.log(row('warm-up', window, base));

    window = new Window();
    steady = new Window();
    load = run();
    const endAt = started + seconds * 1000;
    while (Date.now() < endAt) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(INTERVAL_S * 1000, endAt - Date.now())));
      const now = await stats(true);
      console.log(row(`${Math.round((Date.now() - started) / 1000)} s`, window, now));
      for (const example of window.examples) console.log(`          ${example}`);
      window = new Window();
      // A fresh playableUrl now and then, as a player would get (tokens and media URLs expire).
      await refreshVideo();
    }
    const end = await quietStats(load);
    console.log(row('end', steady, end));
    console.log(`(rows: traffic of that interval and the service's memory and handles at its end; warm-up and end are measured quiet, after a GC; "end" traffic is everything after the warm-up)`);

    // Judgement.
    if (all.fivexx) failures.push(`${all.fivexx} answers were 5xx`);
    if (all.failed) failures.push(`${all.failed} requests got no answer`);
    if (all.unexpected) failures.push(`${all.unexpected} answers had an unexpected status`);
    const rssGrowth = end.rss - base.rss;
    const heapGrowth = end.heapUsed - base.heapUsed;
    if (rssGrowth > RSS_GROWTH_BOUND(base.rss)) failures.push(`RSS grew ${mb(rssGrowth)} MB (bound ${mb(RSS_GROWTH_BOUND(base.rss))} MB)`);
    if (heapGrowth > HEAP_GROWTH_BOUND(base.heapUsed)) failures.push(`heap grew ${mb(heapGrowth)} MB (bound ${mb(HEAP_GROWTH_BOUND(base.heapUsed))} MB)`);
    if (handleCount(end) > handleCount(base) + HANDLE_GROWTH_BOUND) {
      failures.push(`open handles grew from ${handleCount(base)} to ${handleCount(end)}: ${JSON.stringify(base.handles)} → ${JSON.stringify(end.handles)}`);
    }
    service.signal('SIGTERM');
    const exit = await service.exited;
    if (exit.code !== 0) failures.push(`SIGTERM ended the service with ${exit.code ?? exit.signal}, not 0`);
    const errorLines = service.lines.filter((l) => l.level >= 50);
    if (errorLines.length) failures.push(`${errorLines.length} error log lines, first: ${JSON.stringify(errorLines[0])}`);

    const ms = (q: number) => percentile(all.times, q).toFixed(1);
    const slowest = [...all.byKind].map(([kind, times]) => [kind, percentile(times, 99)] as const).sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `\nsummary: ${all.count} requests in ${Math.round((Date.now() - started) / 1000)} s, 5xx ${all.fivexx}, no answer ${all.failed}, unexpected ${all.unexpected}; ` +
        `latency p50 ${ms(50)} / p95 ${ms(95)} / p99 ${ms(99)} ms; ` +
        `after warm-up → end (quiet, after GC): RSS ${mb(base.rss)} → ${mb(end.rss)} MB, heap ${mb(base.heapUsed)} → ${mb(end.heapUsed)} MB, ` +
        `handles ${handleCount(base)} → ${handleCount(end)} ${JSON.stringify(end.handles)}; SIGTERM exit ${exit.code}\n` +
        `slowest p99 by kind: ${slowest.map(([kind, p99]) => `${kind} ${p99.toFixed(1)} ms`).join(', ')}`,
    );
  } finally {
    await service.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`\nSOAK FAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('\nsoak passed: no 5xx, memory and handles flat');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
