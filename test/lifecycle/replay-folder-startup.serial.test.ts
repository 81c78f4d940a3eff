// Starting with a wrong UPSTREAM_REPLAY_DIR (no such folder, a file, a malformed fixture) stops
// the process with one line naming the folder or file and what is wrong, exit code 1, as other bad
// settings do; a good folder starts.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { fixturesDir } from '../support/fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOOD = { scope: 'https://api.example', method: 'GET', path: '/x', status: 200, response: { n: 1 } };

/** The real entry point, stopped by its configuration before it listens. */
async function startWith(replayDir: string): Promise<{ status: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', API_KEYS: 'replay-startup-key-0123456789', UPSTREAM_REPLAY_DIR: replayDir },
    timeout: 20_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stderr, stdout };
}

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-replay-start-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('start-up with UPSTREAM_REPLAY_DIR', () => {
  const base = mkdtempSync(join(tmpdir(), 'postlens-replay-start-'));
  const missing = join(base, 'no-such-folder');
  const file = join(folderWith({ 'one.json': JSON.stringify([GOOD]) }), 'one.json');
  const cases: [string, () => string, RegExp][] = [
    ['names a missing folder', () => missing, /UPSTREAM_REPLAY_DIR names no readable folder: .*no-such-folder \(ENOENT\)/],
    ['names a file, not a folder', () => file, /UPSTREAM_REPLAY_DIR must be a folder of recorded exchanges .*one\.json is a file/],
    ['holds a file that is not JSON', () => folderWith({ 'a.json': JSON.stringify([GOOD]), 'b.json': '[{"scope": "https://api.example",\n  oops' }), /UPSTREAM_REPLAY_DIR: .*b\.json: not valid JSON \(/],
    ['holds a file that is not an array', () => folderWith({ 'posts.json': JSON.stringify({ scope: 'https://api.example' }) }), /UPSTREAM_REPLAY_DIR: .*posts\.json: not an array of recorded exchanges/],
    ['holds a definition without scope and path', () => folderWith({ 'posts.json': JSON.stringify([GOOD, { method: 'GET', status: 200 }]) }), /UPSTREAM_REPLAY_DIR: .*posts\.json\[1\]: not a recorded exchange \(no scope, path as text\)/],
    ['holds no recorded exchange', () => folderWith({ 'notes.txt': 'nothing here' }), /UPSTREAM_REPLAY_DIR holds no recorded exchange/],
  ];

  for (const [what, dir, message] of cases) {
    it(`when it ${what}, the configuration is refused with that problem named`, () => {
      expect(() => loadConfig({ UPSTREAM_REPLAY_DIR: dir() })).to.throw(ConfigError, message);
    });
  }

  it('when the process starts with a malformed fixture, it prints one line naming the file and the problem and exits 1', async function () {
    this.timeout(30_000);
    const picked = [cases[0]!, cases[2]!, cases[4]!];
    // Started together: each spends its time loading the service, none waits for another.
    const runs = await Promise.all(picked.map(([, dir]) => startWith(dir())));
    for (const [i, [, , message]] of picked.entries()) {
      const run = runs[i]!;
      expect(run.status).to.equal(1);
      const lines = run.stderr.split('\n').filter(Boolean);
      expect(lines, run.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^postlens: invalid configuration: /).and.match(message);
      expect(run.stdout).to.equal('');
    }
  });

  it('when it is a folder of good fixtures (a sub-folder in it ignored), the configuration is accepted', () => {
    expect(loadConfig({ UPSTREAM_REPLAY_DIR: fixturesDir('bluesky') }).upstreamReplayDir).to.equal(fixturesDir('bluesky'));
    mkdirSync(join(base, 'nested'));
    writeFileSync(join(base, 'top.json'), JSON.stringify([GOOD]));
    expect(loadConfig({ UPSTREAM_REPLAY_DIR: base }).upstreamReplayDir).to.equal(base);
  });
});
