// An upstream that answers in full, gzip-compressed, and then closes the connection (as a server
// does on the last request it takes on a connection) is no fault at all: the card must be the
// healthy one. Each platform runs in a child process because undici 7.30's HTTP/1 parser can throw
// an uncatchable AssertionError when the peer closes while the parser is paused under backpressure
// (nodejs/undici#5360, fixed only in undici 8, which needs Node 22): in the service that kills the
// process; here it must not take the test run down with it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { BUDGET_MS } from './harness.js';
import { PLATFORMS } from './platforms.js';

const CHILD = fileURLToPath(new URL('./compressed-close.child.ts', import.meta.url));

function runChild(platform: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, platform], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('upstream answers compressed and closes the connection, every adapter (one child process each)', function () {
  this.timeout(30_000);
  for (const platform of PLATFORMS) {
    it(`when ${platform.id} upstream answers in full, gzip-compressed, and closes the connection after the answer, answers 200 ok within budget and the process survives`, async () => {
      const { code, stdout, stderr } = await runChild(platform.id);
      const crash = /AssertionError[^\n]*\n?[^\n]*/.exec(stderr)?.[0];
      expect(code, `the service process died${crash ? `: ${crash.trim()}` : ''}\n${stderr.slice(-600)}`).to.equal(0);
      const { faulted, healthy } = JSON.parse(stdout) as { faulted: { status: number; body: unknown; ms: number }; healthy: unknown };
      expect(faulted.status).to.equal(200);
      expect(faulted.body, 'the same card as the recorded answers give').to.deep.equal(healthy);
      expect(faulted.ms, 'answer time').to.be.below(BUDGET_MS + 200);
    });
  }
});
