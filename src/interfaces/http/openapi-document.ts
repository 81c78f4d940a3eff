// Loads the repository's openapi.yaml once, wherever the code runs from (src/ or dist/src/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function openApiPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'openapi.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('openapi.yaml not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export function openApiDocument(): string {
  return readFileSync(openApiPath(), 'utf8');
}
