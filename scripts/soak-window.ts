// The soak's report: what one stretch of traffic produced (counts, unexpected statuses, latencies
// by kind) and the table row that shows it beside the service's memory and handles.
import { percentile, type Sample } from '../test/load/load-loop.js';
import type { ServiceStats } from './soak-probe.js';

const MB = 1024 * 1024;

/** What one stretch of traffic produced. */
export class Window {
  readonly times: number[] = [];
  readonly byKind = new Map<string, number[]>();
  count = 0;
  fivexx = 0;
  failed = 0;
  unexpected = 0;
  readonly examples: string[] = [];
  readonly startedAt = Date.now();

  add(sample: Sample, expect: number[]): void {
    this.count++;
    this.times.push(sample.ms);
    const kind = this.byKind.get(sample.kind) ?? [];
    kind.push(sample.ms);
    this.byKind.set(sample.kind, kind);
    if (sample.status >= 500) this.fivexx++;
    if (sample.status === 0) this.failed++;
    if (!expect.includes(sample.status)) {
      this.unexpected++;
      if (this.examples.length < 5) this.examples.push(`${sample.kind} ${sample.path.slice(0, 120)} → ${sample.status}${sample.error ? ` (${sample.error})` : ''}`);
    }
  }
}

export const mb = (bytes: number) => (bytes / MB).toFixed(1);
export const handleCount = (s: ServiceStats) => Object.values(s.handles).reduce((a, b) => a + b, 0);

export function row(label: string, w: Window, s: ServiceStats): string {
  const secs = Math.max(1, (Date.now() - w.startedAt) / 1000);
  const p = (q: number) => percentile(w.times, q).toFixed(1).padStart(7);
  return [
    label.padEnd(9),
    String(w.count).padStart(7),
    (w.count / secs).toFixed(0).padStart(6),
    String(w.fivexx).padStart(4),
    String(w.unexpected).padStart(6),
    p(50),
    p(95),
    p(99),
    Math.max(0, ...w.times).toFixed(1).padStart(8),
    mb(s.rss).padStart(7),
    mb(s.heapUsed).padStart(7),
    String(handleCount(s)).padStart(7),
  ].join(' ');
}
export const HEADER = `${'at'.padEnd(9)} ${'req'.padStart(7)} ${'req/s'.padStart(6)} ${'5xx'.padStart(4)} ${'unexp'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max ms'.padStart(8)} ${'RSS MB'.padStart(7)} ${'heap MB'.padStart(7)} ${'handles'.padStart(7)}`;
