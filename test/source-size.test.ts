// No file under src/ is over 300 lines (the project's standard, issue 29): a file that grows past it
// holds more than one concept and is split, as resolve.ts was into its planning, discovery, fetch
// and answer. Every file counts, the playground's HTML, JS and CSS included.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(ROOT, 'src');
const MAX_SOURCE_LINES = 300;

/** Every file below `dir`, as a path. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source size', () => {
  it('counts lines as an editor does, a missing final newline included', () => {
    expect(lineCount('')).to.equal(0);
    expect(lineCount('a')).to.equal(1);
    expect(lineCount('a\n')).to.equal(1);
    expect(lineCount('a\nb')).to.equal(2);
    expect(lineCount('a\n\nb\n')).to.equal(3);
  });

  it(`no file under src/ is over ${MAX_SOURCE_LINES} lines`, () => {
    const files = filesUnder(SRC);
    // The walk reaches the tree: the use cases, the adapters and the playground's page are all read.
    expect(files.map((path) => relative(ROOT, path))).to.include.members([
      'src/application/use-cases/resolve.ts',
      'src/infrastructure/platforms/index.ts',
      'src/interfaces/http/playground/playground.js',
    ]);
    const over = files
      .map((path) => ({ file: relative(ROOT, path), lines: lineCount(readFileSync(path, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, 'split these files').to.deep.equal([]);
  });
});
