// P9: the open web's card extraction (issue 28): a page's bytes read by the page reader (encoding
// sniffed, head scanned, body JSON-LD) and its fields by the rules, against metascraper reading the
// same pages; ms per page, per round the mean over the pages, the figure the median per-round ratio.
import { startWorker } from '../lib/child.js';
import type { BenchContext, Row } from '../lib/scenario.js';
import { fmt, median } from '../lib/stats.js';
import type { WebTiming } from '../workers/extract.js';
import { skipped } from './cached.js';

const TARGET = 0.1;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

export async function p9(ctx: BenchContext): Promise<Row[]> {
  const worker = await startWorker('extract');
  try {
    const timings = await worker.call<WebTiming[]>('web', { rounds: ctx.rounds });
    if (timings.length === 0) return [skipped('P9', 'web extraction', '../shared/fixtures/upstream is not beside the project', `≤ ${TARGET}`)];
    const pl = Array.from({ length: ctx.rounds }, (_, r) => mean(timings.map((t) => t.postlens[r]!)));
    const ms = Array.from({ length: ctx.rounds }, (_, r) => mean(timings.map((t) => t.metascraper[r]!)));
    const ratios = pl.map((p, r) => p / ms[r]!);
    const ratio = median(ratios);
    const early = timings.filter((t) => t.readKb < t.kb - 1);
    const slowest = [...timings].sort((a, b) => median(b.postlens) - median(a.postlens)).slice(0, 3);
    return [
      {
        id: 'P9',
        measure: 'web extraction (`WEB_CARDS`): a page read from its bytes into card fields — page reader (encoding sniffing, head scan, body JSON-LD) and field rules — ms/page ÷ metascraper on the same capture pages',
        baseline: `metascraper ${fmt(median(ms), 1)} ms/page`,
        postlens: `${fmt(median(pl), 3)} ms/page`,
        figure: ratio,
        figureText: `${fmt(ratio, 4)}×`,
        target: `≤ ${TARGET}`,
        pass: ratio <= TARGET,
        detail:
          `${timings.length} pages of ${Math.min(...timings.map((t) => t.kb))}–${Math.max(...timings.map((t) => t.kb))} KB; the reader stopped early (head with Open Graph and JSON-LD, or the 1 MiB cap) on ${early.length} of them; ` +
          `ratio per round ${ratios.map((r) => fmt(r, 4)).join(', ')}; slowest for postlens: ${slowest.map((t) => `${t.file} ${fmt(median(t.postlens), 2)} ms (${t.readKb} of ${t.kb} KB read)`).join(', ')}.`,
      },
    ];
  } finally {
    await worker.stop();
  }
}
