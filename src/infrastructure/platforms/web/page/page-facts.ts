// What the page reader gathers from a page's bytes for the field rules (docs/design.md §3 "The open web"):
// the head's tags as attribute records, its title, and every JSON-LD block of the page. Nothing
// else of the body is kept: the rules never guess from its text or its `<img>`s.

/** A start tag's attributes, names lower-cased, values entity-decoded once. */
export type TagAttributes = Record<string, string>;

export interface PageFacts {
  /** The page's own address (after redirects): relative URLs the page names are read against it. */
  url: string;
  /** The WHATWG name of the encoding the bytes were read in (`UTF-8`, `Shift_JIS`…). */
  encoding: string;
  /** The `<html>` start tag's attributes (`lang`). */
  html: TagAttributes;
  /** Every `<meta>` of the head, in page order. */
  metas: TagAttributes[];
  /** Every `<link>` of the head, in page order. */
  links: TagAttributes[];
  /** The first `<title>` of the head, decoded, white space collapsed; absent when empty. */
  title?: string;
  /** Every JSON-LD block of the page that parses (head and body), top-level arrays flattened. */
  jsonLd: unknown[];
  /** Whether the head's end was reached (`</head>` or `<body>`). */
  headComplete: boolean;
  /** Bytes of the body read. */
  bytesRead: number;
  /** Whether reading stopped at the byte cap before the page ended. */
  truncated: boolean;
  /** Markers of a bot check or error page seen in the first bytes of the page (interstitial.ts reads them). */
  wallMarkers: string[];
}
