// "H" (issue 6, point 4): how the hot path reads HTML. The head scanner of shared/html.ts against
// parse5-sax-parser stopped at </head> (the alternative the issue names), the whole-page regexes
// it replaced and a full parse5 DOM; and the state-script lookup by string search against listing
// every script. On the platform pages an adapter reads; ms per page, medians over the rounds.
import { startWorker } from '../lib/child.js';
import type { BenchContext, Row } from '../lib/scenario.js';
import { fmt, median } from '../lib/stats.js';
import type { HeadTiming } from '../workers/extract.js';

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

export async function head(ctx: BenchContext): Promise<Row[]> {
  const worker = await startWorker('extract');
  try {
    const pages = await worker.call<HeadTiming[]>('head', { rounds: ctx.rounds });
    const states = await worker.call<{ file: string; now: number[]; before: number[] }[]>('stateScript', { rounds: ctx.rounds });
    if (pages.length === 0) return [];
    const per = (key: 'scanner' | 'sax' | 'old' | 'dom') => Array.from({ length: ctx.rounds }, (_, r) => mean(pages.map((p) => p[key][r]!)));
    const scanner = per('scanner');
    const sax = per('sax');
    const old = per('old');
    const dom = per('dom');
    const ratios = scanner.map((s, r) => s / sax[r]!);
    const worst = [...pages].sort((a, b) => median(b.scanner) - median(a.scanner))[0]!;
    const statePer = (key: 'now' | 'before') => Array.from({ length: ctx.rounds }, (_, r) => mean(states.map((s) => s[key][r]!)));
    const now = statePer('now');
    const before = statePer('before');
    const stateRatios = now.map((n, r) => n / before[r]!);
    for (const p of pages) ctx.log(`  ${p.file} (${p.kb} KB, head ${p.headKb} KB): scanner ${fmt(median(p.scanner), 3)} ms, sax ${fmt(median(p.sax), 3)} ms, old regexes ${fmt(median(p.old), 3)} ms, DOM ${fmt(median(p.dom), 2)} ms`);
    return [
      {
        id: 'H1',
        measure: 'reading the `<head>` (meta, link, title) of the platform pages: the head scanner ÷ parse5-sax-parser stopped at `</head>`',
        baseline: `parse5-sax-parser ${fmt(median(sax), 3)} ms/page; full parse5 DOM ${fmt(median(dom), 2)} ms/page`,
        postlens: `${fmt(median(scanner), 3)} ms/page (before issue 6, regexes over the whole page: ${fmt(median(old), 3)} ms/page)`,
        figure: median(ratios),
        figureText: `${fmt(median(ratios), 3)}×`,
        target: 'chosen by it (< 1: keep the scanner)',
        pass: median(ratios) < 1,
        detail:
          `${pages.length} pages of 1–1430 KB whose heads hold 1–971 KB (mostly inline scripts and styles); per round ${ratios.map((r) => fmt(r, 3)).join(', ')}; ` +
          `slowest page for the scanner ${worst.file} (${worst.kb} KB, head ${worst.headKb} KB): ${fmt(median(worst.scanner), 3)} ms against ${fmt(median(worst.sax), 2)} ms for the SAX parser and ${fmt(median(worst.dom), 1)} ms for a full DOM.`,
      },
      {
        id: 'H2',
        measure: 'finding the state `<script>` by id on the TikTok pages: string search ÷ listing every script (before issue 6)',
        baseline: `${fmt(median(before), 3)} ms/page`,
        postlens: `${fmt(median(now), 3)} ms/page (both include JSON.parse of the found script)`,
        figure: median(stateRatios),
        figureText: `${fmt(median(stateRatios), 3)}×`,
        target: 'before/after',
        pass: true,
        detail: `${states.map((s) => `${s.file}: ${fmt(median(s.before), 3)} → ${fmt(median(s.now), 3)} ms`).join('; ')}.`,
      },
    ];
  } finally {
    await worker.stop();
  }
}
