// `npm run bench`: every scenario of docs/design.md §13 (P1–P9 and memory), each against a baseline
// measured in the same run, alternately; writes bench/RESULTS.md (see bench/README.md … the
// header of RESULTS.md says how to rerun). Options:
//   --only P1,P4     run some scenarios; prints the table and writes RESULTS.md only with --write
//   --rounds N       A/B rounds per scenario (3)      --seconds S   seconds per round (5)
//   --profile        postlens processes run with --cpu-prof into bench/profiles/<scenario>/
//   --connections N --pipelining P   autocannon's settings for request rates (100, 10)
//   --env K=V,K2=V2  extra environment for every postlens process (experiments: LOG_LEVEL=warn…)
//   --source         run postlens from its sources through tsx instead of the compiled build
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startWorker } from './lib/child.js';
import { machine } from './lib/machine.js';
import { writeResults } from './lib/report.js';
import { ROOT, type BenchContext, type Row } from './lib/scenario.js';
import { koaFloor, p1, p2, p3, skipped } from './scenarios/cached.js';
import { p4, p5, memory } from './scenarios/cold.js';
import { p6 } from './scenarios/extraction.js';
import { p9 } from './scenarios/web-extraction.js';
import { head } from './scenarios/head.js';
import { p7 } from './scenarios/streaming.js';
import { p8 } from './scenarios/frozen-redis.js';

const SCENARIOS: Record<string, (ctx: BenchContext) => Promise<Row[]>> = { K0: koaFloor, P1: p1, P2: p2, P3: p3, P4: p4, P5: p5, P6: p6, P9: p9, H: head, P7: p7, P8: p8, MEM: memory };

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    profile: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    env: { type: 'string' },
    connections: { type: 'string', default: '100' },
    pipelining: { type: 'string', default: '10' },
    source: { type: 'boolean', default: false },
  },
});

const chosen = values.only ? values.only.split(',').map((s) => s.trim().toUpperCase()) : Object.keys(SCENARIOS);
const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

// postlens runs as `npm start` runs it: the compiled build, made afresh from the sources here.
if (!values.source) {
  log('building (npm run build)…');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const load = await startWorker('load');
const ctx: BenchContext = {
  rounds: Number(values.rounds),
  seconds: Number(values.seconds),
  // fastify/benchmarks' settings, where docs/design.md §13's Koa-vs-node:http figure comes from.
  connections: Number(values.connections),
  pipelining: Number(values.pipelining),
  load,
  postlensEnv: {
    ...(values.source ? { BENCH_FROM_SOURCE: '1' } : {}),
    ...Object.fromEntries((values.env ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
  },
  postlensFlags: (scenario) => {
    if (!values.profile) return [];
    const dir = join(ROOT, 'bench/profiles', scenario);
    mkdirSync(dir, { recursive: true });
    return ['--cpu-prof', '--cpu-prof-dir', dir];
  },
  log,
};

const rows: Row[] = [];
let failures = 0;
try {
  for (const id of chosen) {
    const scenario = SCENARIOS[id];
    if (!scenario) throw new Error(`no scenario ${id}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    log(`${id}…`);
    try {
      rows.push(...(await scenario(ctx)));
    } catch (error) {
      failures++;
      log(`${id} failed: ${error instanceof Error ? error.stack : String(error)}`);
      rows.push(skipped(id, id, `failed: ${error instanceof Error ? error.message : String(error)}`, '—'));
    }
    for (const row of rows.filter((r) => r.id.startsWith(id))) log(`  ${row.id}: ${row.figureText} (target ${row.target}) ${row.pass ? "pass" : "SHORT"} — ${row.detail}`);
  }
} finally {
  await load.stop();
}

const elapsed = (Date.now() - started) / 1000;
const settings = { rounds: ctx.rounds, seconds: ctx.seconds, connections: ctx.connections, pipelining: ctx.pipelining, elapsedSeconds: Math.round(elapsed), profiled: values.profile };
const full = !values.only;
// A run in which a scenario broke (not one skipped for want of Redis) never replaces good results.
const file = writeResults(rows, machine(), settings, { write: (full || values.write) && failures === 0 });
const why = failures ? `${failures} scenario(s) failed: RESULTS.md left as it was` : 'partial run: RESULTS.md left as it was; --write to replace it';
log(`done in ${elapsed.toFixed(0)} s${file ? `; wrote ${file}` : ` (${why})`}`);
process.exit(failures ? 1 : 0);
