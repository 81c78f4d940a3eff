// Reads an HTML page from its body's bytes as they arrive (docs/design.md §3 "Reading"), with no I/O of
// its own: the web platform pushes each chunk and stops as soon as the reader says 'enough' — at
// the byte cap, or after `</head>` once the head holds both Open Graph or Twitter data and a
// JSON-LD block. Otherwise the body is read on, for its JSON-LD only.
import { BodyJsonLdScanner } from './body-json-ld.js';
import { HeadScanner } from './head-scanner.js';
import { WALL_MARKER_WINDOW, wallMarkersIn } from './interstitial.js';
import { jsonLdBlocksOf } from './json-ld-text.js';
import type { PageFacts } from './page-facts.js';
import { PRESCAN_BYTES, decoderFor, sniffEncoding, type PageDecoder } from './page-encoding.js';

export type ReadVerdict = 'more' | 'enough';

/** Reads one body, pushed chunk by chunk: say `enough` and the caller stops reading. */
export interface BodyReader<Facts> {
  push(chunk: Uint8Array): ReadVerdict;
  /** What was read, once the body ended or the reader said `enough`. */
  finish(): Facts;
}

export interface PageReaderOptions {
  /** The answer's Content-Type header (its charset counts). */
  contentType?: string;
  /** The page's address after redirects. */
  url: string;
  /** Bytes read at most (WEB_MAX_BYTES). */
  maxBytes: number;
}

export function createPageReader({ contentType, url, maxBytes }: PageReaderOptions): BodyReader<PageFacts> {
  const head = new HeadScanner();
  const body = new BodyJsonLdScanner();
  // The first bytes, held until the prescan has its 1,024 (or the page ended sooner).
  let prefix: Uint8Array[] = [];
  let prefixBytes = 0;
  let encoding: string | undefined;
  let decoder: PageDecoder | undefined;
  let markerText = '';
  let bytesRead = 0;
  let truncated = false;
  let done = false;
  // The head's JSON-LD, parsed once the head is read.
  let headBlocks: unknown[] | undefined;
  const readHeadBlocks = (): unknown[] => (headBlocks ??= head.jsonLdTexts.flatMap(jsonLdBlocksOf));

  const feed = (piece: string, final: boolean): void => {
    if (markerText.length < WALL_MARKER_WINDOW) markerText += piece.slice(0, WALL_MARKER_WINDOW - markerText.length);
    if (head.ended) return body.scan(piece, final);
    head.feed(piece, final);
    // The body scanner starts where the head ended.
    if (head.complete) body.scan(head.rest, final);
  };

  const startDecoding = (final: boolean): void => {
    const bytes = Buffer.concat(prefix);
    prefix = [];
    encoding = sniffEncoding(bytes, contentType);
    decoder = decoderFor(encoding);
    feed(decoder.decode(bytes, { stream: !final }), final);
  };

  return {
    push(chunk) {
      if (done) return 'enough';
      let bytes = chunk;
      if (bytesRead + bytes.byteLength >= maxBytes) {
        bytes = bytes.subarray(0, maxBytes - bytesRead);
        truncated = done = true;
      }
      bytesRead += bytes.byteLength;
      if (!decoder) {
        prefix.push(bytes);
        prefixBytes += bytes.byteLength;
        if (prefixBytes >= PRESCAN_BYTES || done) startDecoding(false);
      } else feed(decoder.decode(bytes, { stream: true }), false);
      if (head.complete && head.hasSocialMeta && readHeadBlocks().length > 0) done = true;
      return done ? 'enough' : 'more';
    },

    finish() {
      if (!decoder) startDecoding(true);
      else feed(decoder.decode(), true);
      done = true;
      return {
        url,
        encoding: encoding ?? 'UTF-8',
        html: head.html,
        metas: head.metas,
        links: head.links,
        ...(head.title ? { title: head.title } : {}),
        jsonLd: [...readHeadBlocks(), ...body.texts.flatMap(jsonLdBlocksOf)],
        headComplete: head.complete,
        bytesRead,
        truncated,
        wallMarkers: wallMarkersIn(markerText),
      };
    },
  };
}
