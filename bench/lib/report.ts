// Writes bench/RESULTS.md: the machine, the latest table, per-round figures, the hand-written
// notes (kept between their markers across runs) and a history of every full run's figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Machine } from './machine.js';
import { ROOT, type Row } from './scenario.js';

export interface RunSettings {
  rounds: number;
  seconds: number;
  connections: number;
  pipelining: number;
  elapsedSeconds: number;
  profiled: boolean;
}

const FILE = join(ROOT, 'bench/RESULTS.md');
const NOTES = ['<!-- notes:start -->', '<!-- notes:end -->'] as const;
const HISTORY = ['<!-- history:start -->', '<!-- history:end -->'] as const;
const HISTORY_IDS = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P7-rss', 'P8', 'P9'];

function between(text: string, [start, end]: readonly [string, string]): string | undefined {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  return a >= 0 && b > a ? text.slice(a + start.length, b).trim() : undefined;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function table(rows: readonly Row[]): string {
  const lines = ['| id | measure | baseline (raw, median of rounds) | postlens (raw, median of rounds) | figure (median of per-round figures) | target | result |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const result = Number.isNaN(r.figure) ? 'not run' : r.pass ? 'pass' : '**short**';
    lines.push(`| ${r.id} | ${cell(r.measure)} | ${cell(r.baseline)} | ${cell(r.postlens)} | **${cell(r.figureText)}** | ${r.target} | ${result} |`);
  }
  return lines.join('\n');
}

export function writeResults(rows: readonly Row[], m: Machine, s: RunSettings, options: { write: boolean }): string | undefined {
  const summary = table(rows);
  console.log(`\n${summary}\n`);
  if (!options.write) return undefined;

  const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const notes = between(previous, NOTES) ?? '_No notes yet._';
  const oldHistory = (between(previous, HISTORY) ?? '').split('\n').filter((line) => /^\| \d{4}-/.test(line));
  const figureOf = (id: string) => rows.find((r) => r.id === id)?.figureText ?? '—';
  const historyRow = `| ${m.date.slice(0, 16).replace('T', ' ')} | ${m.node} | ${m.cores} | ${HISTORY_IDS.map(figureOf).join(' | ')} |`;

  const text = `# Benchmark results

Written by \`npm run bench\` (about ${Math.ceil(s.elapsedSeconds / 60)} minutes on this machine; never part of \`npm test\`). Rerun it
with \`npm run bench\`; one or a few scenarios with \`npm run bench -- --only P1,P4\` (printed, and written
here only with \`--write\`); \`--rounds N --seconds S\` change the alternation, \`--profile\` runs postlens under
\`--cpu-prof\` (profiles in \`bench/profiles/<scenario>/\`, summarised by \`npx tsx bench/profile-summary.ts <file>\`).

Absolute figures on a shared 2-core machine are noisy; each figure is therefore a **ratio against a
baseline measured in the same run**, the two sides run alternately (A B A B …, ${s.rounds} rounds × ${s.seconds} s each,
after a 1 s warm-up of each side), and the figure is the median of the per-round ratios. Load comes
from autocannon (programmatic, ${s.connections} connections × pipelining ${s.pipelining} for request rates) in a
process of its own; every server runs in its own process on 127.0.0.1.

**Machine:** ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM · **Node** ${m.node} · **date** ${m.date} · run took ${s.elapsedSeconds} s${s.profiled ? ' · profiled (--cpu-prof slows postlens: do not compare these figures)' : ''}

${summary}

## Per-scenario figures

${rows.map((r) => `- **${r.id}** ${r.detail}`).join('\n')}

## Notes, profiles and fixes

${NOTES[0]}
${notes}
${NOTES[1]}

## History (every full run)

${HISTORY[0]}
| date (UTC) | node | cores | ${HISTORY_IDS.join(' | ')} |
|---|---|---|${HISTORY_IDS.map(() => '---').join('|')}|
${[historyRow, ...oldHistory].join('\n')}
${HISTORY[1]}
`;
  writeFileSync(FILE, text);
  return FILE;
}
