// A file of this package by its path from the package root, whether the code runs from src/ (tsx)
// or from dist/src/ (npm start): tsc copies no other files into dist/, so those stay under src/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageFile(fromRoot: string): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('package.json not found above this module');
    folder = parent;
  }
  return join(folder, fromRoot);
}
