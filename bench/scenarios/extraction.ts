// P6: card extraction from the same real pages, postlens vs metascraper (target) and
// open-graph-scraper (reported), ms per page; per round the mean over the pages, ratio per round.
import { startWorker } from '../lib/child.js';
import type { BenchContext, Row } from '../lib/scenario.js';
import { fmt, median } from '../lib/stats.js';
import type { PageTiming } from '../workers/extract.js';
import { skipped } from './cached.js';

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

function perRound(timings: PageTiming[], side: 'postlens' | 'metascraper' | 'ogs', rounds: number): number[] {
  return Array.from({ length: rounds }, (_, r) => mean(timings.map((t) => t[side][r]!)));
}

function row(id: string, measure: string, timings: PageTiming[], rounds: number, target: number | undefined): Row {
  const pl = perRound(timings, 'postlens', rounds);
  const ms = perRound(timings, 'metascraper', rounds);
  const og = perRound(timings, 'ogs', rounds);
  const ratios = pl.map((p, r) => p / ms[r]!);
  const ogRatios = pl.map((p, r) => p / og[r]!);
  const ratio = median(ratios);
  const slowest = [...timings].sort((a, b) => median(b.postlens) - median(a.postlens)).slice(0, 3);
  return {
    id,
    measure,
    baseline: `metascraper ${fmt(median(ms), 1)} ms/page; open-graph-scraper ${fmt(median(og), 1)} ms/page`,
    postlens: `${fmt(median(pl), 3)} ms/page (÷ open-graph-scraper ${fmt(median(ogRatios), 4)})`,
    figure: ratio,
    figureText: `${fmt(ratio, 4)}×`,
    target: target === undefined ? 'reported' : `≤ ${target}`,
    pass: target === undefined ? true : ratio <= target,
    detail:
      `${timings.length} pages (${timings.map((t) => `${t.platform}/${t.file.slice(0, 28)}… ${t.kb} KB`).join(', ')}); ` +
      `ratio per round ${ratios.map((r) => fmt(r, 4)).join(', ')}; slowest for postlens: ${slowest.map((t) => `${t.file} ${fmt(median(t.postlens), 2)} ms`).join(', ')}.`,
  };
}

export async function p6(ctx: BenchContext): Promise<Row[]> {
  const worker = await startWorker('extract');
  try {
    const timings = await worker.call<PageTiming[]>('run', { rounds: ctx.rounds });
    if (timings.length === 0) return [skipped('P6', 'card extraction', '../shared/fixtures/upstream is not beside the project', '≤ 0.05')];
    const own = timings.filter((t) => t.adapter);
    const other = timings.filter((t) => !t.adapter);
    for (const t of own) ctx.log(`  ${t.platform}/${t.file}: postlens ${fmt(median(t.postlens), 3)} ms, metascraper ${fmt(median(t.metascraper), 1)} ms, ogs ${fmt(median(t.ogs), 1)} ms`);
    return [
      row('P6', `card extraction from the platform pages an adapter reads (${[...new Set(own.map((t) => t.platform))].join(', ')} captures), the adapter's page parser: ms/page ÷ metascraper`, own, ctx.rounds, 0.05),
      row('P6-other', 'the same for the other captures (pages of sites without an adapter), the shared page readers only', other, ctx.rounds, undefined),
    ];
  } finally {
    await worker.stop();
  }
}
