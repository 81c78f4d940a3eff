// Proof that a platform costs only its own files: on a copy of the tree without one platform's spec,
// adapter and test folders, `npm run platforms` changes only generated files, and the copy compiles.
// In the parallel set: it runs the generator and tsc as child processes, which measure nothing and
// only need the time its timeout gives (the set leaves a core to spare most of the time).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CLIENT_FILE, GENERATED_FILES } from '../scripts/platforms/generate.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the generator and tsc read: tsconfig.json includes src, test, scripts and clients. */
const TREE = ['src', 'test', 'scripts', 'clients', 'docs', 'openapi.yaml', 'package.json', 'tsconfig.json', 'README.md'];
const GONE = 'loom';
const GONE_PATHS = [`src/domain/platforms/${GONE}.ts`, `src/infrastructure/platforms/${GONE}/`, `test/platforms/${GONE}/`];
const git = (cwd: string, ...args: string[]) => run('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd, maxBuffer: 1 << 24 });

describe('npm run platforms on a tree without one platform', function () {
  // tsc over the whole project takes 20–60 s on a quiet machine and several minutes under load.
  this.timeout(900_000);
  let copy: string;
  let changed: string[];

  before(async () => {
    copy = mkdtempSync(join(tmpdir(), 'postlens-without-platform-'));
    for (const entry of TREE) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    await git(copy, 'init', '-q');
    await git(copy, 'add', '-A');
    await git(copy, 'commit', '-qm', 'the tree as it is');
    for (const path of GONE_PATHS) rmSync(join(copy, path), { recursive: true });
    await run(process.execPath, ['--import', 'tsx', 'scripts/platforms.ts'], { cwd: copy, maxBuffer: 1 << 24 });
    await git(copy, 'add', '-A');
    const { stdout } = await git(copy, 'diff', '--cached', '--name-only', '--no-renames');
    changed = stdout.split('\n').filter(Boolean);
  });
  after(() => copy && rmSync(copy, { recursive: true, force: true }));

  it("changes nothing but the platform's own files and the generated files", () => {
    const own = changed.filter((path) => GONE_PATHS.some((gone) => path === gone || path.startsWith(gone)));
    expect(own).to.include(`src/domain/platforms/${GONE}.ts`).and.include(`src/infrastructure/platforms/${GONE}/index.ts`).and.include(`test/platforms/${GONE}/cases.ts`);
    const generated: readonly string[] = [...GENERATED_FILES, CLIENT_FILE];
    expect(changed.filter((path) => !own.includes(path))).to.have.members(generated.filter((path) => path !== 'src/domain/platforms/fediverse-ids.ts'));
  });

  it('leaves no mention of the platform in the generated files, and keeps every other one', () => {
    const mention = new RegExp(`\\b${GONE}\\b`, 'i');
    for (const path of [...GENERATED_FILES, CLIENT_FILE].filter((p) => p !== 'README.md' && p !== 'openapi.yaml')) {
      expect(readFileSync(join(copy, path), 'utf8'), path).to.not.match(mention);
    }
    // The two documents are generated in part: the PlatformId enum, the platform table.
    expect(/PlatformId:\n(?: {6}.*\n)*/.exec(readFileSync(join(copy, 'openapi.yaml'), 'utf8'))?.[0]).to.include('- streamable').and.not.match(mention);
    const readme = readFileSync(join(copy, 'README.md'), 'utf8');
    expect(readme.slice(readme.indexOf('<!-- platforms:start -->'), readme.indexOf('<!-- platforms:end -->'))).to.not.match(mention);
    expect(readFileSync(join(copy, 'src/domain/platforms/index.ts'), 'utf8')).to.include("import { streamable } from './streamable.js';");
    expect(readFileSync(join(copy, 'README.md'), 'utf8')).to.include('| Streamable | `streamable` |');
  });

  it('the copy compiles (tsc --noEmit)', async () => {
    expect(existsSync(join(copy, 'src/domain/platforms/index.ts'))).to.equal(true);
    await run(process.execPath, [join(copy, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(copy, 'tsconfig.json')], { cwd: copy, maxBuffer: 1 << 24 });
  });
});
