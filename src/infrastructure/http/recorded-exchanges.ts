// Recorded upstream exchanges in nock's definition format: the one format used by replay mode
// (UPSTREAM_REPLAY_DIR), the tests' fixtures and `npm run record`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

export interface RecordedExchange {
  /** scheme://host[:port] */
  scope: string;
  method: string;
  /** Path with optional query string. */
  path: string;
  status?: number;
  /**
   * JSON value, a string, hex when `responseIsBinary` is true, or (nock's recorder, when the
   * answer has a content-encoding) an array of hex chunks of the encoded body.
   */
  response?: unknown;
  responseIsBinary?: boolean;
  headers?: Record<string, string | string[]>;
  /** Alternating name, value, as nock's recorder writes them. */
  rawHeaders?: string[];
  /**
   * The request body the exchange answers (nock's `body`): JSON value or string. Absent: any body.
   * It tells POSTs to one endpoint apart (YouTube's /player, GraphQL), which differ only by body.
   */
  body?: unknown;
}

/** Reads one file, or every `*.json` file of a folder in name order, each an array of definitions. */
export function loadRecordedExchanges(path: string): RecordedExchange[] {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(path, name))
    : [path];
  const out: RecordedExchange[] = [];
  for (const file of files) {
    const parsed = parsedFile(file);
    if (!Array.isArray(parsed)) throw new Error(`${file}: not an array of recorded exchanges`);
    for (const [i, def] of parsed.entries()) {
      const missing = missingFields(def);
      if (missing.length) throw new Error(`${file}[${i}]: not a recorded exchange (no ${missing.join(', ')} as text)`);
      out.push(def as RecordedExchange);
    }
  }
  return out;
}

/** Errors are one line naming the file: start-up prints them as they are. */
function parsedFile(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})`);
  }
}

function missingFields(value: unknown): string[] {
  const d = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return (['scope', 'method', 'path'] as const).filter((field) => typeof d[field] !== 'string');
}

/**
 * Does the definition answer this request? Scope and method equal, path without query equal, and
 * every query parameter of the definition present in the request with an equal decoded value
 * (extra request parameters are ignored; a definition without a query matches any query).
 */
export function exchangeMatches(def: RecordedExchange, method: string, url: URL): boolean {
  if (def.method.toUpperCase() !== method.toUpperCase()) return false;
  if (stripSlash(def.scope).toLowerCase() !== url.origin.toLowerCase()) return false;
  const wanted = new URL(def.path, PLACEHOLDER_BASE);
  if (wanted.pathname !== url.pathname) return false;
  return queryMatches(wanted.searchParams, url);
}

/** The first definition that answers the request: exchangeMatches, and its body matches (bodyMatches). */
export function findExchange(defs: readonly RecordedExchange[], method: string, url: URL, body?: string): RecordedExchange | undefined {
  return defs.find((def) => exchangeMatches(def, method, url) && bodyMatches(def.body, body));
}

/**
 * The body part of exchangeMatches, as nock matches a definition's `body`: none recorded matches
 * any body; otherwise JSON values are compared deeply (key order aside) when both sides are JSON,
 * and text is compared as text.
 */
export function bodyMatches(wanted: unknown, body: string | undefined): boolean {
  if (wanted === undefined) return true;
  const sent = body ?? '';
  const wantedJson = typeof wanted === 'string' ? parsedJson(wanted) : { value: wanted };
  const sentJson = parsedJson(sent);
  if (wantedJson && sentJson) return isDeepStrictEqual(wantedJson.value, sentJson.value);
  return typeof wanted === 'string' && wanted === sent;
}

function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The equality part of exchangeMatches as one string: a definition can answer a request only if
 * their keys are equal (the query is checked after). Replay indexes its definitions by it.
 */
export function definitionKey(def: RecordedExchange): string {
  return matchKey(def.method, stripSlash(def.scope), new URL(def.path, PLACEHOLDER_BASE).pathname);
}

export function requestKey(method: string, url: URL): string {
  return matchKey(method, url.origin, url.pathname);
}

/** The query part of exchangeMatches: every parameter of the definition is in the request. */
export function queryMatches(wanted: URLSearchParams, url: URL): boolean {
  for (const [name, value] of wanted) {
    if (!url.searchParams.getAll(name).includes(value)) return false;
  }
  return true;
}

export function definitionQuery(def: RecordedExchange): URLSearchParams {
  return new URL(def.path, PLACEHOLDER_BASE).searchParams;
}

function matchKey(method: string, origin: string, pathname: string): string {
  return JSON.stringify([method.toUpperCase(), origin.toLowerCase(), pathname]);
}

const PLACEHOLDER_BASE = 'http://placeholder.invalid';

export function exchangeBody(def: RecordedExchange): Buffer {
  const r = def.response;
  if (r === undefined || r === null) return Buffer.alloc(0);
  if (def.responseIsBinary && typeof r === 'string') return Buffer.from(r, 'hex');
  if (isEncodedHex(def)) return Buffer.concat((Array.isArray(r) ? r : [r]).map((chunk: string) => Buffer.from(chunk, 'hex')));
  if (typeof r === 'string') return Buffer.from(r, 'utf8');
  return Buffer.from(JSON.stringify(r), 'utf8');
}

/**
 * nock's recorder keeps a content-encoded body as the encoded bytes, an array of hex chunks, and
 * nock plays any content-encoded string or array back as hex: so does replay.
 */
export function isEncodedHex(def: RecordedExchange): boolean {
  const r = def.response;
  const hex = typeof r === 'string' || (Array.isArray(r) && r.every((chunk) => typeof chunk === 'string'));
  return hex && !def.responseIsBinary && hasContentEncoding(def);
}

function hasContentEncoding(def: RecordedExchange): boolean {
  const named = (name: unknown, value: unknown) => String(name).toLowerCase() === 'content-encoding' && typeof value === 'string' && value !== '';
  if (Object.entries(def.headers ?? {}).some(([name, value]) => named(name, value))) return true;
  const raw = def.rawHeaders ?? [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (named(raw[i], raw[i + 1])) return true;
  return false;
}

/** Headers of the recorded answer, lower-case names, repeated ones as arrays. */
export function exchangeHeaders(def: RecordedExchange): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const add = (name: string, value: string | string[]) => {
    const key = name.toLowerCase();
    const prev = out[key];
    const values = Array.isArray(value) ? value : [value];
    out[key] = prev === undefined ? (values.length === 1 ? values[0]! : values) : [...(Array.isArray(prev) ? prev : [prev]), ...values];
  };
  for (const [name, value] of Object.entries(def.headers ?? {})) add(name, value);
  const raw = def.rawHeaders ?? [];
  for (let i = 0; i + 1 < raw.length; i += 2) add(String(raw[i]), raw[i + 1]!);
  if (!('content-type' in out) && def.response !== undefined && typeof def.response !== 'string' && !isEncodedHex(def)) {
    out['content-type'] = 'application/json';
  }
  return out;
}

function stripSlash(s: string): string {
  return s.replace(/\/+$/, '');
}
