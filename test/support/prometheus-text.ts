// A strict reader of the Prometheus text exposition format (0.0.4) for the metrics tests: every
// line is a comment (# HELP / # TYPE), blank, or one sample `name{label="value",...} number`;
// anything else throws, so a malformed scrape fails instead of passing a lookup vacuously.

export interface Scrape {
  /** Each series (`name` plus sorted labels) and its value. */
  samples: Map<string, number>;
  /** Metric families by name, with their declared type. */
  types: Map<string, string>;
}

// Prometheus reads NaN and Inf in any case (prom-client writes `Nan`).
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?inf|nan)$/i;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/;
const HELP_OR_TYPE = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;

export function parseScrape(text: string): Scrape {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const comment = HELP_OR_TYPE.exec(line);
      if (!comment) throw new Error(`not a HELP or TYPE line: ${line}`);
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    let rest = sample[2] ?? '';
    while (rest !== '') {
      const label = LABEL.exec(rest);
      if (!label) throw new Error(`malformed labels in: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
      rest = rest.slice(label[0].length);
    }
    const key = seriesKey(sample[1]!, labels);
    if (samples.has(key)) throw new Error(`series repeated: ${key}`);
    samples.set(key, Number(sample[3]));
  }
  return { samples, types };
}

export function seriesKey(name: string, labels: Record<string, string | number> = {}): string {
  const sorted = Object.keys(labels).sort().map((k) => `${k}=${JSON.stringify(String(labels[k]))}`);
  return `${name}{${sorted.join(',')}}`;
}

/** The series' value, or undefined when the scrape does not have it. */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string | number> = {}): number | undefined {
  return scrape.samples.get(seriesKey(name, labels));
}

/** How much a counter series grew between two scrapes (a series that did not exist yet counts from 0). */
export function delta(before: Scrape, after: Scrape, name: string, labels: Record<string, string | number> = {}): number {
  const now = valueOf(after, name, labels);
  if (now === undefined) throw new Error(`no series ${seriesKey(name, labels)} in the scrape`);
  return now - (valueOf(before, name, labels) ?? 0);
}
