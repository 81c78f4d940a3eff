// Summarises a V8 .cpuprofile (from `npm run bench -- --profile`): where postlens's CPU time went,
// by function (self time) and by package or source file, so a shortfall can be explained.
// Usage: npx tsx bench/profile-summary.ts bench/profiles/P1/<file>.cpuprofile [top=25]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  // Idle time is when the process waited (e.g. while the baseline was loaded): left out of every share.
  if (byId.get(id)!.callFrame.functionName === '(idle)') {
    idle += dt;
    return;
  }
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

/** `node_modules/<package>` or the project file, or a V8 / node internal bucket. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const own = /\/work\/main\/(.+)$/.exec(url.replace('file://', ''));
  if (own) return own[1]!;
  return url.startsWith('node:') ? url : url.replace(/^.*\//, '');
}

const fnSelf = new Map<string, number>();
const areaSelf = new Map<string, number>();
const areaTotal = new Map<string, number>();
for (const [id, dt] of self) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || '(anonymous)'}  ${area(url, functionName)}:${lineNumber + 1}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + dt);
  const a = area(url, functionName);
  areaSelf.set(a, (areaSelf.get(a) ?? 0) + dt);
  // Inclusive per area: each sample counts once for every distinct area on its stack.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    seen.add(area(f.url, f.functionName));
  }
  for (const s of seen) areaTotal.set(s, (areaTotal.get(s) ?? 0) + dt);
}

const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)}%`;
const list = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${pct(v)}  ${k}`).join('\n');
console.log(`${(total / 1000).toFixed(0)} ms busy (${(idle / 1000).toFixed(0)} ms idle left out); shares are of the busy time\n\n# self time by function\n${list(fnSelf, top)}\n\n# self time by package / file\n${list(areaSelf, top)}\n\n# inclusive time by package / file (stack contains it)\n${list(areaTotal, top)}`);
