// Test helper: a page's bytes pushed into the page reader in chunks of a given size, as the web
// platform feeds it from an HTTP body, stopping where the reader says 'enough'.
import { createPageReader } from '../../../src/infrastructure/platforms/web/page/page-reader.js';
import type { PageFacts } from '../../../src/infrastructure/platforms/web/page/page-facts.js';

export interface ReadResult {
  facts: PageFacts;
  /** Bytes handed to the reader before it said 'enough' (or all of them). */
  pushed: number;
  verdict: 'more' | 'enough';
}

export function readPage(
  body: string | Uint8Array,
  { chunk = 4096, contentType = 'text/html', url = 'https://news.example.org/a/story.html', maxBytes = 1 << 20 }: { chunk?: number; contentType?: string; url?: string; maxBytes?: number } = {},
): ReadResult {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const reader = createPageReader({ contentType, url, maxBytes });
  let pushed = 0;
  let verdict: 'more' | 'enough' = 'more';
  while (pushed < bytes.byteLength && verdict === 'more') {
    const piece = bytes.subarray(pushed, pushed + chunk);
    pushed += piece.byteLength;
    verdict = reader.push(piece);
  }
  return { facts: reader.finish(), pushed, verdict };
}
