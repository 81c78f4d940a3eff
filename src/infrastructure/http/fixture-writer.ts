// Recorded exchanges → nock definitions (recorded-exchanges.ts) with nothing secret left in them:
// the first step of `npm run record`, always applied (fixture-trim.ts then makes them small).
//
// What is secret: whatever identifies or authenticates the client — cookies sent and received,
// bearer/guest/CSRF tokens, OAuth parameters, the credentials file. Request headers are never
// written; a request body is (replay tells POSTs apart by it), token-named fields and form
// parameters masked as in answers; response headers
// are cut to the two a parser reads; token-named query parameters leave the recorded paths (a
// definition without a parameter still matches a request carrying it); token-named JSON fields are
// blanked; and every secret value seen on the wire is replaced wherever else it turns up.
import type { RecordedExchange } from './recorded-exchanges.js';
import { isSecretParam, withoutSecretParams } from './secret-params.js';
import type { Exchange } from './recording.http.js';

/**
 * Stands in for a secret: same length and character classes, no content. The shape survives
 * because adapters check it (X's guest token must be digits), and the fixture must replay.
 */
export function redact(secret: string): string {
  return secret.replace(/[0-9]/g, '0').replace(/[a-z]/g, 'x').replace(/[A-Z]/g, 'X');
}

// Response headers a parser or the redirect logic reads; the rest (cookies, caching, tracing) goes.
const KEPT_RESPONSE_HEADERS = ['content-type', 'location'];
// Shorter values ("1", "en", consent flags) are no secret and would match ordinary text.
const MIN_SECRET_LENGTH = 8;

const SECRET_HEADER = /cookie|auth|token|session|csrf|xsrf|secret|api-?key/i;
const SECRET_FIELD = /token|secret|passw|csrf|xsrf|session|cookie|authorization|bearer|api_?key|dtsg|visitor_?data/i;

/** Every exchange as a nock definition, secrets removed. `knownSecrets`: e.g. the credentials file's values. */
export function toDefinitions(exchanges: readonly Exchange[], knownSecrets: readonly string[] = []): RecordedExchange[] {
  const scrub = literalScrubber([...knownSecrets, ...exchanges.flatMap(secretsOnTheWire)]);
  return exchanges.map((e) => {
    const url = new URL(e.url);
    const def: RecordedExchange = { scope: url.origin, method: e.method, path: scrub(url.pathname + withoutSecretParams(url.search)), status: e.status };
    const headers: Record<string, string> = {};
    for (const name of KEPT_RESPONSE_HEADERS) {
      const value = e.headers[name];
      if (value !== undefined) headers[name] = name === 'location' ? scrub(locationWithoutSecrets(value, url)) : value;
    }
    if (Object.keys(headers).length) def.headers = headers;
    if (e.requestBody !== undefined) def.body = requestBody(e.requestBody, scrub);
    if (e.method !== 'HEAD') Object.assign(def, encodeBody(e.body, headers['content-type'], scrub));
    return def;
  });
}

/**
 * The request body replay must see again (POSTs to one endpoint differ only by it), as JSON when
 * it is JSON, else as text, secrets masked as in answers: a token the recording masked in an answer
 * comes back masked in the next request, so the masked body still matches on replay.
 */
function requestBody(body: string, scrub: (s: string) => string): unknown {
  try {
    return scrubJson(JSON.parse(body) as unknown, scrub);
  } catch {
    return scrub(withSecretFormValuesRedacted(body));
  }
}

/** `a=1&lsd=AbC%2F9` → `a=1&lsd=XxX%2F0`: a form's token-named values masked, their escapes kept. */
function withSecretFormValuesRedacted(form: string): string {
  return form
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !isSecretParam(pair.slice(0, eq))) return pair;
      return pair.slice(0, eq + 1) + pair.slice(eq + 1).replace(/%[0-9A-Fa-f]{2}|[^%]+/g, (part) => (part.startsWith('%') ? part : redact(part)));
    })
    .join('&');
}

function encodeBody(body: Buffer, contentType: string | undefined, scrub: (s: string) => string): Pick<RecordedExchange, 'response' | 'responseIsBinary'> {
  const text = utf8(body);
  if (text === undefined) return { response: body.toString('hex'), responseIsBinary: true };
  if (text.trim() !== '' && (contentType === undefined || /json/i.test(contentType))) {
    try {
      return { response: scrubJson(JSON.parse(text) as unknown, scrub) };
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { response: scrub(scrubTextFields(text)) };
}

/** Secret values sent or received in headers: cookie values, tokens (also without their `Bearer `). */
function secretsOnTheWire(e: Exchange): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(e.requestHeaders)) {
    const header = name.toLowerCase();
    // The header, each `name=value` pair, each value: a page may echo any of them.
    if (header === 'cookie') out.push(value, ...value.split(';').flatMap((pair) => [pair.trim(), cookieValue(pair)]));
    else if (SECRET_HEADER.test(header)) out.push(value, value.replace(/^[\w-]+\s+(?=\S+$)/, ''));
  }
  for (const [name, value] of Object.entries(e.headers)) {
    // Only the cookie itself: its attributes (Domain=.youtube.com, Expires=…) are no secret.
    if (name === 'set-cookie') out.push(...value.split('\n').map((line) => cookieValue(line.split(';')[0]!)));
    else if (SECRET_HEADER.test(name)) out.push(value);
  }
  return out;
}

function cookieValue(pair: string): string {
  const eq = pair.indexOf('=');
  return eq < 0 ? '' : pair.slice(eq + 1).trim();
}

/** Replaces each known secret (and its URL-encoded form) by its redacted form, longest first. */
function literalScrubber(values: readonly string[]): (s: string) => string {
  const secrets = [...new Set(values.flatMap((v) => [v, encodeURIComponent(v)]))]
    .filter((v) => v.length >= MIN_SECRET_LENGTH && v !== redact(v))
    .sort((a, b) => b.length - a.length);
  return (s) => secrets.reduce((text, secret) => text.replaceAll(secret, redact(secret)), s);
}

function locationWithoutSecrets(location: string, base: URL): string {
  if (!URL.canParse(location, base.href)) return location;
  const url = new URL(location, base);
  const query = url.search;
  return query === '' ? location : location.replace(query, withoutSecretParams(query));
}

function scrubJson(value: unknown, scrub: (s: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, scrub));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, SECRET_FIELD.test(key) && typeof v === 'string' ? redact(v) : scrubJson(v, scrub)]),
    );
  }
  return value;
}

// `"csrf_token":"…"` in page JSON, and `\"csrf_token\":\"…\"` in JSON held in a JS string.
const TEXT_FIELD = /"([\w$.-]{1,64})"(\s*:\s*)"((?:[^"\\\n]|\\.)*)"/g;
const ESCAPED_TEXT_FIELD = /\\"([\w$.-]{1,64})\\"(\s*:\s*)\\"((?:(?!\\")[^\n])*?)\\"/g;

function scrubTextFields(text: string): string {
  const blank = (whole: string, key: string, colon: string, value: string, quote: string) =>
    // Escape sequences become one plain character, so the string stays valid.
    SECRET_FIELD.test(key) ? `${quote}${key}${quote}${colon}${quote}${redact(value.replace(/\\(?:u[0-9a-fA-F]{4}|.)/g, '_'))}${quote}` : whole;
  return text
    .replace(TEXT_FIELD, (whole, key: string, colon: string, value: string) => blank(whole, key, colon, value, '"'))
    .replace(ESCAPED_TEXT_FIELD, (whole, key: string, colon: string, value: string) => blank(whole, key, colon, value, '\\"'));
}

function utf8(body: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}
