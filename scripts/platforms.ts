// npm run platforms: the registries, the fediverse family list, openapi.yaml's PlatformId enum, the
// typed client and README's platform table, generated from the platform folders (scripts/platforms/
// layout.ts says what makes one). `--check` writes nothing and fails when a generated file is stale.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedDocuments, generatedRegistries, type GeneratedFile } from './platforms/generate.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const stale: string[] = [];
function update(files: Map<GeneratedFile, string>): void {
  for (const [path, text] of files) {
    const file = join(ROOT, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    stale.push(path);
    if (!check) writeFileSync(file, text);
  }
}
// The registries first: the specs the documents are made from import the fediverse family list.
update(generatedRegistries(ROOT));
update(await generatedDocuments(ROOT));
if (check) {
  process.stdout.write(stale.length ? `platforms: stale, run npm run platforms: ${stale.join(', ')}\n` : 'platforms: current\n');
  process.exitCode = stale.length ? 1 : 0;
} else {
  process.stdout.write(`platforms: ${stale.length ? `rewrote ${stale.join(', ')}` : 'every generated file was current'}\n`);
  execFileSync('npm', ['run', '--silent', 'client:generate'], { stdio: 'inherit', cwd: ROOT });
}
