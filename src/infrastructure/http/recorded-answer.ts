// A recorded exchange's answer as a live one could have been: what both replay adapters serve.
// Live answers come through undici's parser, which never yields a header name or value a server
// could not send again (no CR, LF or NUL), and which holds the body to its content-length. A
// recording is a file anyone may have edited, so it is held to the same rules once, at load:
// an invalid header value (or name) is dropped, a content-length that disagrees with the recorded
// body is corrected to the body's length (the body is what will be served), and a definition whose
// status or body cannot be what a server sent is refused. The caller logs what was done.
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { exchangeBody, exchangeHeaders, isEncodedHex, type RecordedExchange } from './recorded-exchanges.js';

export interface RecordedAnswer {
  status: number;
  /** Lower-case names, each with its values in recorded order; every one valid on the wire. */
  headers: Readonly<Record<string, string[]>>;
  /** As on the wire: still content-encoded when the recording says so. */
  body: Buffer;
}

export interface AnswerCorrections {
  /** Names of the headers (or of the values under them) that were dropped. */
  dropped: string[];
  /** The recorded content-length, replaced by the body's length. */
  contentLength?: { recorded: string; body: number };
}

export type PreparedAnswer = { ok: true; answer: RecordedAnswer; corrections: AnswerCorrections } | { ok: false; reason: string };

export function prepareAnswer(def: RecordedExchange): PreparedAnswer {
  const status = def.status ?? 200;
  // undici reads any three-digit status; anything else could not have come off the wire.
  if (!Number.isInteger(status) || status < 100 || status > 999) return { ok: false, reason: 'its status is not a three-digit number' };
  if (!hexIsValid(def)) return { ok: false, reason: 'its binary body is not hex' };
  const body = exchangeBody(def);
  const dropped: string[] = [];
  const headers: Record<string, string[]> = {};
  for (const [name, recorded] of Object.entries(exchangeHeaders(def))) {
    const values = (Array.isArray(recorded) ? recorded : [recorded]).map(headerText);
    const valid = isValidName(name) ? values.filter((value): value is string => value !== undefined && isValidValue(name, value)) : [];
    if (valid.length < values.length) dropped.push(name);
    if (valid.length) headers[name] = valid;
  }
  const corrections: AnswerCorrections = { dropped };
  const length = headers['content-length'];
  if (length) {
    if (!carriesBody(def.method, status)) {
      // A HEAD, 204 or 304 answer's length describes a body not sent: kept only if it is a length.
      if (length.length !== 1 || !/^\d+$/.test(length[0]!)) {
        delete headers['content-length'];
        dropped.push('content-length');
      }
    } else if (length.length !== 1 || length[0] !== String(body.length)) {
      headers['content-length'] = [String(body.length)];
      corrections.contentLength = { recorded: length.join(', '), body: body.length };
    }
  }
  return { ok: true, answer: { status, headers, body }, corrections };
}

export function hasCorrections(c: AnswerCorrections): boolean {
  return c.dropped.length > 0 || c.contentLength !== undefined;
}

function carriesBody(method: string, status: number): boolean {
  return method.toUpperCase() !== 'HEAD' && status !== 204 && status !== 304 && status >= 200;
}

/** Header values are text; a recorded number (nock accepts them) is its decimal text. */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function isValidName(name: string): boolean {
  try {
    validateHeaderName(name);
    return true;
  } catch {
    return false;
  }
}

function isValidValue(name: string, value: string): boolean {
  try {
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Buffer.from(…, 'hex') stops silently at the first bad pair: a truncated body must not pass for the recording. */
function hexIsValid(def: RecordedExchange): boolean {
  const r = def.response;
  const chunks = def.responseIsBinary && typeof r === 'string' ? [r] : isEncodedHex(def) ? (Array.isArray(r) ? (r as string[]) : [r as string]) : [];
  return chunks.every((chunk) => /^(?:[0-9a-fA-F]{2})*$/.test(chunk));
}
