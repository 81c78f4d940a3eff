// An upstream that answers in full, gzip-compressed, and then closes the connection (as a server
// does on the last request it takes on a connection) is no fault at all: the card must be the
// healthy one. The platforms run in a child process because undici 7.30's HTTP/1 parser can throw
// an uncatchable AssertionError when the peer closes while the parser is paused under backpressure
// (nodejs/undici#5360, fixed only in undici 8, which needs Node 22): in the service that kills the
// process; here it must not take the test run down with it. One child resolves them all, one after
// another; when it dies, the platform in progress is the one that killed it, and a new child goes
// on with the rest (one process start instead of one per platform).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { BUDGET_MS } from './harness.js';
import { PLATFORMS } from './platforms.js';

const CHILD = fileURLToPath(new URL('./compressed-close.child.ts', import.meta.url));
/** Past the budget, what a loaded CI machine may add to an answer's time. */
const ANSWER_MARGIN_MS = 1000;

interface Resolved {
  faulted: { status: number; body: unknown; ms: number };
  healthy: unknown;
}

/** What happened to one platform: its line from the child, or how the child died while on it. */
type Outcome = { resolved: Resolved } | { died: { code: number | null; stderr: string } };

function runChild(platforms: readonly string[]): Promise<{ code: number | null; lines: (Resolved & { platform: string })[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...platforms], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Resolved & { platform: string });
      resolve({ code, lines, stderr });
    });
  });
}

/** Every platform's outcome: children until each has one (a child that dies skips the platform it was on). */
async function runAll(ids: readonly string[]): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let rest = [...ids];
  while (rest.length > 0) {
    const { code, lines, stderr } = await runChild(rest);
    for (const { platform, ...resolved } of lines) outcomes.set(platform, { resolved });
    rest = rest.filter((id) => !outcomes.has(id));
    if (rest.length === 0) break;
    // The child stopped before the next platform's line: it died on that one.
    outcomes.set(rest[0]!, { died: { code, stderr } });
    rest = rest.slice(1);
  }
  return outcomes;
}

describe('upstream answers compressed and closes the connection, every adapter (one child process for all, a new one after a death)', function () {
  this.timeout(30_000);
  let outcomes: Map<string, Outcome>;

  before(async function () {
    this.timeout(600_000); // every platform's two resolves, in one process start, on a loaded machine
    outcomes = await runAll(PLATFORMS.map((p) => p.id));
  });

  for (const platform of PLATFORMS) {
    it(`when ${platform.id} upstream answers in full, gzip-compressed, and closes the connection after the answer, answers 200 ok within budget and the process survives`, () => {
      const outcome = outcomes.get(platform.id)!;
      if ('died' in outcome) {
        const { code, stderr } = outcome.died;
        const crash = /AssertionError[^\n]*\n?[^\n]*/.exec(stderr)?.[0];
        expect.fail(`the service process died (exit ${code})${crash ? `: ${crash.trim()}` : ''}\n${stderr.slice(-600)}`);
      }
      const { faulted, healthy } = outcome.resolved;
      expect(faulted.status).to.equal(200);
      expect(faulted.body, 'the same card as the recorded answers give').to.deep.equal(healthy);
      // The budget bounds the answer; the margin is a loaded CI machine's.
      expect(faulted.ms, 'answer time').to.be.below(BUDGET_MS + ANSWER_MARGIN_MS);
    });
  }
});
