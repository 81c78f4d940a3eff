// Reads a corpus page's bytes: a committed file beside the table, or a capture in ../shared read in place.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPSTREAM_CAPTURES } from '../../../support/shared-fixtures.js';
import type { CorpusPage } from './corpus-page.js';

/** test/platforms/web/corpus/html/: the committed pages. */
export const CORPUS_HTML_DIR = fileURLToPath(new URL('./html/', import.meta.url));

/** Each committed page stays within this size (the head whole, the body cut to its JSON-LD). */
export const CORPUS_PAGE_BUDGET_BYTES = 64 * 1024;

export function corpusFilePath(page: CorpusPage): string {
  return page.source.kind === 'shared' ? join(UPSTREAM_CAPTURES, page.source.path) : join(CORPUS_HTML_DIR, `${page.name}.html`);
}

/** The page's bytes, or undefined for a shared capture when ../shared is not beside the project. */
export function readCorpusPage(page: CorpusPage): Buffer | undefined {
  const path = corpusFilePath(page);
  if (page.source.kind === 'shared' && !existsSync(path)) return undefined;
  return readFileSync(path);
}
