// Watches everything the service says during the whole mocha run — every response's status,
// headers and body of every TestApp, and every log line — for secrets, and every response for the
// security headers. A root `afterAll` hook (test/setup.ts) fails the run if anything was seen.
//
// Secrets are registered, not guessed: TestApp registers what its configuration holds (API keys,
// PROXY_SECRET and the previous one, platform credentials, the upstream proxy's user and password)
// and every header value sealed into or opened from a media token; the credentials and cookies a
// client sends are registered as its request arrives (never echoed); the fixtures' Set-Cookie
// values and OAuth tokens are registered at load; a test may add its own with `registerSecret`. Fixed
// patterns catch what no registration names (a Set-Cookie header, a cookie assignment of a
// session cookie, an unredacted Authorization or Cookie field in a log line, a private key).
// Requests themselves are not scanned: clients legitimately send keys there.
import { readdirSync, readFileSync } from 'node:fs';
import type { OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Signer } from '../../src/application/ports/signer.port.js';
import type { Config } from '../../src/config/config.js';
import { fixturesDir, platformsWithFixtures } from './fixtures.js';

export interface Sighting {
  /** What was seen: a secret's label, or the rule that a response broke. */
  what: string;
  /** Where: a response (method, path, status) or a log line, and the test that was running. */
  where: string;
}

/** Shorter values would match by chance (e.g. an API key `k` in a unit test's configuration). */
const MIN_SECRET_LENGTH = 8;

/** Session-cookie assignments (`name=value` not inside a URL query) and other shapes that are never fine. */
const PATTERNS: ReadonlyArray<{ what: string; pattern: RegExp; in: 'any' | 'log' }> = [
  { what: 'a session cookie assignment', pattern: /(?:^|[\s;"'{(,])(?:tt_chain_token|sessionid|csrftoken|auth_token|ct0|c_user|xs|ds_user_id|msToken|ttwid|mid)=[^\s;"',&]{4,}/, in: 'any' },
  { what: 'a bearer credential', pattern: /\bBearer\s+(?!<)[A-Za-z0-9._~+/-]{8,}/, in: 'any' },
  { what: 'a private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/, in: 'any' },
  { what: 'an unredacted secret field', pattern: /"(?:authorization|proxy-authorization|cookie|set-cookie|apiKey|password|clientSecret)"\s*:\s*"(?!\[redacted\])/i, in: 'log' },
];

/** Request headers sealed into media tokens that are no secret (they show in answers anyway). */
const PUBLIC_TICKET_HEADERS = new Set(['referer', 'origin', 'user-agent', 'accept', 'accept-language', 'accept-encoding', 'range']);

export class SecretScanner {
  /** Every form a secret may take in text (raw, percent-encoded, JSON-escaped) → its label. */
  private readonly needles = new Map<string, string>();
  private longest = 0;
  private readonly seen: Sighting[] = [];
  /** The full title of the running test, to say where a sighting happened. */
  currentTest = '(outside any test)';
  /** Responses and log lines scanned so far: a final check over zero would prove nothing. */
  scanned = { responses: 0, logLines: 0 };

  register(value: string | undefined, label: string): void {
    if (!value || value.length < MIN_SECRET_LENGTH) return;
    for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
      // Bytes as latin1 text, so chunks of a binary body compare without decoding.
      const needle = Buffer.from(form, 'utf8').toString('latin1');
      if (!this.needles.has(needle)) this.needles.set(needle, label);
      this.longest = Math.max(this.longest, needle.length);
    }
  }

  /** The header values of a sealed media ticket: cookies (whole and each value) and other non-public headers. */
  registerTicketHeaders(headers: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(headers)) {
      if (PUBLIC_TICKET_HEADERS.has(name.toLowerCase())) continue;
      this.register(value, `sealed ${name} header`);
      if (name.toLowerCase() === 'cookie') for (const pair of value.split(';')) this.register(pair.split('=').slice(1).join('=').trim(), 'sealed cookie value');
    }
  }

  /** Scans one whole text (a log line, a header block). */
  scanText(text: string, where: string, kind: 'log' | 'response'): void {
    const latin1 = Buffer.from(text, 'utf8').toString('latin1');
    const found = new Set<string>();
    for (const [needle, label] of this.needles) if (latin1.includes(needle)) found.add(label);
    for (const p of PATTERNS) if ((p.in === 'any' || p.in === kind) && p.pattern.test(text)) found.add(p.what);
    for (const what of found) this.note(what, where);
  }

  /** A scanner for a body that arrives in chunks: a secret split across two chunks is still found. */
  bodyScan(where: () => string): { push(chunk: Buffer): void; end(): void } {
    let tail = '';
    let found = new Set<string>();
    const scanBytes = (text: string) => {
      for (const [needle, label] of this.needles) if (!found.has(label) && text.includes(needle)) found.add(label);
      for (const p of PATTERNS) if (!found.has(p.what) && p.pattern.test(text)) found.add(p.what);
    };
    return {
      push: (chunk) => {
        const text = tail + chunk.toString('latin1');
        scanBytes(text);
        tail = text.slice(-Math.max(this.longest, 64));
      },
      end: () => {
        for (const what of found) this.note(what, where());
        found = new Set();
      },
    };
  }

  note(what: string, where: string): void {
    this.seen.push({ what, where: `${where}, in "${this.currentTest}"` });
  }

  sightings(): readonly Sighting[] {
    return this.seen;
  }

  /** Removes and returns the sightings that match (a test that planted a secret on purpose). */
  take(match: (s: Sighting) => boolean): Sighting[] {
    const taken = this.seen.filter(match);
    for (const s of taken) this.seen.splice(this.seen.indexOf(s), 1);
    return taken;
  }
}

/** Header rules every response must follow; broken rules are sightings too. */
export function headerSightings(headers: OutgoingHttpHeaders): string[] {
  const problems: string[] = [];
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('a response without X-Content-Type-Options: nosniff');
  const type = String(headers['content-type'] ?? '');
  const csp = String(headers['content-security-policy'] ?? '');
  if (/html|xml/.test(type) && !/default-src 'none'/.test(csp)) problems.push(`a ${type} response without a restrictive Content-Security-Policy`);
  if (headers['set-cookie'] !== undefined) problems.push('a response setting a cookie');
  return problems;
}

/** Throws, listing what was seen where, unless the scanner saw nothing. */
export function assertNothingSeen(scanner: SecretScanner = suiteScanner): void {
  const seen = scanner.sightings();
  if (seen.length === 0) return;
  const lines = [...new Set(seen.map((s) => `${s.what}: ${s.where}`))];
  const more = lines.length > 40 ? `\n  … and ${lines.length - 40} more` : '';
  throw new Error(`The secret and header scan of this run saw ${seen.length} problem(s):\n  ${lines.slice(0, 40).join('\n  ')}${more}`);
}

/** The scanner of the whole run. */
export const suiteScanner = new SecretScanner();

/** Declares a value that must never appear in a response or a log line. */
export function registerSecret(value: string, label = 'a registered secret'): void {
  suiteScanner.register(value, label);
}

/** Registers what a configuration holds that is secret. */
export function registerConfigSecrets(config: Config, scanner = suiteScanner): void {
  for (const key of config.apiKeys) scanner.register(key, 'an API key');
  scanner.register(config.proxySecret, 'PROXY_SECRET');
  scanner.register(config.proxySecretPrevious, 'PROXY_SECRET_PREVIOUS');
  if (config.upstreamProxy) {
    const proxy = new URL(config.upstreamProxy);
    scanner.register(decodeURIComponent(proxy.username), 'the UPSTREAM_PROXY user');
    scanner.register(decodeURIComponent(proxy.password), 'the UPSTREAM_PROXY password');
  }
  for (const [platform, access] of Object.entries(config.platformCredentials)) {
    for (const session of access?.sessions ?? []) {
      for (const [name, value] of Object.entries(session.cookies ?? {})) scanner.register(value, `the ${platform} credential cookie ${name}`);
      scanner.register(session.clientId, `the ${platform} OAuth client id`);
      scanner.register(session.clientSecret, `the ${platform} OAuth client secret`);
      scanner.register(session.apiKey, `the ${platform} API key`);
      registerProxyUrl(session.proxy, `the ${session.name} proxy`, scanner);
    }
    for (const proxy of access?.proxies ?? []) registerProxyUrl(proxy, `a ${platform} pool proxy`, scanner);
  }
}

/** A proxy URL's user and password, which nothing may show. */
function registerProxyUrl(proxy: string | undefined, what: string, scanner: SecretScanner): void {
  if (!proxy) return;
  const url = new URL(proxy);
  scanner.register(decodeURIComponent(url.username), `${what}'s user`);
  scanner.register(decodeURIComponent(url.password), `${what}'s password`);
}

/** Registers the headers of every ticket the signer seals or opens (cookies, mostly), from then on. */
export function watchSigner(signer: Signer, scanner = suiteScanner): void {
  const { seal, open } = signer;
  signer.seal = (ticket, expiresAt) => {
    scanner.registerTicketHeaders(ticket.headers);
    return seal.call(signer, ticket, expiresAt);
  };
  signer.open = (token, now) => {
    const opened = open.call(signer, token, now);
    if (opened.ok) scanner.registerTicketHeaders(opened.ticket.headers);
    return opened;
  };
}

/**
 * Wraps a request listener so that every response it writes is scanned: status line and headers
 * (secrets and the header rules) when it is done, the body chunk by chunk as it is written.
 */
/**
 * The headers as they went out: parsed from the head Node wrote (`_header`), which also holds
 * headers given straight to writeHead (the hot path's), which getHeaders() does not list.
 */
function sentHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const head = (res as { _header?: unknown })._header;
  if (typeof head !== 'string') return res.getHeaders();
  const headers: OutgoingHttpHeaders = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [String(seen)]), value];
  }
  return headers;
}

export function watchResponses(listener: RequestListener, scanner = suiteScanner): RequestListener {
  return (req, res) => {
    // What a client sends as a credential (a key, right or wrong; its cookies) is never echoed.
    const authorization = req.headers.authorization ?? req.headers['proxy-authorization'];
    if (authorization) scanner.register(authorization.replace(/^\S+\s+/, ''), 'a credential a client sent');
    for (const pair of (req.headers.cookie ?? '').split(';')) scanner.register(pair.split('=').slice(1).join('=').trim(), 'a cookie a client sent');
    const where = () => `the response to ${req.method} ${(req.url ?? '').split('?')[0]} (${res.statusCode})`;
    const body = scanner.bodyScan(where);
    const { write, end } = res;
    const feed = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string') body.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) body.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      feed(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (args[0] !== undefined && typeof args[0] !== 'function') feed(args[0], args[1]);
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.end;
    let done = false;
    const finish = () => {
      if (done || !res.headersSent) return;
      done = true;
      scanner.scanned.responses++;
      const headers = sentHeaders(res);
      scanner.scanText(`${res.statusCode} ${res.statusMessage}\n${JSON.stringify(headers)}`, `${where()} headers`, 'response');
      for (const problem of headerSightings(headers)) scanner.note(problem, where());
      body.end();
    };
    res.once('finish', finish);
    res.once('close', finish);
    listener(req, res);
  };
}

/** Scans one log line of the service. */
export function watchLogLine(line: string, scanner = suiteScanner): void {
  scanner.scanned.logLines++;
  scanner.scanText(line, `the log line ${line.slice(0, 160)}`, 'log');
}

/** The fixtures' upstream secrets: Set-Cookie values and OAuth access tokens the platforms hand out. */
function registerFixtureSecrets(): void {
  for (const platform of platformsWithFixtures()) {
    for (const file of readdirSync(fixturesDir(platform)).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(fixturesDir(platform), file), 'utf8');
      for (const m of text.matchAll(/"set-cookie"\s*:\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*")/gi)) {
        const lines = JSON.parse(m[1]!) as string | string[];
        for (const line of Array.isArray(lines) ? lines : [lines]) {
          const [pair] = line.split(';');
          suiteScanner.register(pair!.split('=').slice(1).join('='), `the Set-Cookie value of fixture ${platform}/${file}`);
        }
      }
      for (const m of text.matchAll(/\\?"access_token\\?"\s*:\s*\\?"([^"\\]+)/g)) suiteScanner.register(m[1], `the access token of fixture ${platform}/${file}`);
    }
  }
}
registerFixtureSecrets();
