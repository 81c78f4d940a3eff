// The real upstream captures in ../shared/fixtures/upstream/, read in place (never copied).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const UPSTREAM_CAPTURES = fileURLToPath(new URL('../../../shared/fixtures/upstream/', import.meta.url));

export function capturesAvailable(): boolean {
  return existsSync(UPSTREAM_CAPTURES);
}

/** Files of one platform's capture folder (optionally a sub-folder) whose names match. */
export function captureFiles(platform: string, pattern: RegExp, sub = ''): string[] {
  const dir = join(UPSTREAM_CAPTURES, platform, sub);
  return readdirSync(dir).filter((name) => pattern.test(name)).sort().map((name) => join(sub, name));
}

export function readCapture(platform: string, file: string): string {
  return readFileSync(join(UPSTREAM_CAPTURES, platform, file), 'utf8');
}

/**
 * Declares a conformance suite that passes with a notice when ../shared is absent (a clone
 * without it), as docs/design.md §12 says.
 */
export function describeCaptures(title: string, body: () => void): void {
  if (!capturesAvailable()) {
    describe(title, () => {
      it('is skipped: ../shared/fixtures/upstream is not beside the project', () => {
        console.log(`notice: ${UPSTREAM_CAPTURES} not found; conformance for "${title}" not run`);
      });
    });
    return;
  }
  describe(title, body);
}
