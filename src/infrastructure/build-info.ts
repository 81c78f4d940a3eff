// Which build is running: the version from package.json and, when known, the git commit — given
// by the deployment (POSTLENS_COMMIT) or read from the checkout the code runs from. A missing git,
// or no .git at all (an image, a tarball), leaves the commit unknown; start-up never fails on it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COMMIT = /^[0-9a-f]{7,40}$/;

export interface BuildInfo {
  version: string;
  commit?: string;
}

export function readBuildInfo(commitFromEnv: string | undefined): BuildInfo {
  const root = packageRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const given = commitFromEnv?.toLowerCase();
  const commit = given !== undefined ? given : checkoutCommit(root);
  return commit !== undefined && COMMIT.test(commit) ? { version, commit } : { version };
}

/** The directory of package.json, wherever the code runs from (src/ or dist/src/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

function checkoutCommit(root: string): string | undefined {
  if (!existsSync(join(root, '.git'))) return undefined;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}
