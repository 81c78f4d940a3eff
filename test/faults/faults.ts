// The upstream faults the suite stages, each applied to every request an adapter makes (all its
// strategies and hosts), and the reason each platform must then answer. Handlers run on the fault
// server (test/support/fault-server.ts) over a real socket.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createGzip, gzipSync } from 'node:zlib';
import type { Reason } from '../../src/domain/reasons.js';
import type { Socket } from 'node:net';
import { send, unrecorded, type Answer, type FaultContext, type FaultHandler } from '../support/fault-server.js';
import { withoutStringFields, withProtoKeys } from './mutations.js';
import { collectGarbage } from './process-probe.js';

export const MB = 1024 * 1024;
/** Where the off-platform redirect points. */
export const OFF_PLATFORM_HOST = 'evil.example';
/** What a trickle sends: one byte per tick, so a 1 KB page would take 50 s. */
const TRICKLE_TICK_MS = 50;

/**
 * `ok`: the same card as the healthy resolve (the fault changed nothing that matters);
 * `ok (<kind>)`: a card of that kind from what a strategy could still read; else the reason.
 */
export type Expected = 'ok' | `ok (${'link' | 'image' | 'video'})` | Reason;

export interface Fault {
  /** "<fault>" in "when <platform> upstream <fault>, answers 200 <reason> within budget". */
  title: string;
  handler: FaultHandler;
  /** The reason every platform answers unless its cases (test/platforms/<id>/cases.ts) say otherwise. */
  expect: Expected;
  /** Far larger than the read cap (whole, or once inflated): the client must stop reading at the cap. */
  heavy?: boolean;
  /** The fault would run far longer than the resolve: the server must see the client hang up. */
  cutOff?: boolean;
  /** Nothing but a timeout ends it, so it costs its case the timeouts: run with the short budget (harness.ts HANG_ENV). */
  hangs?: boolean;
}

/** What a platform answers under `fault`: its own exception where its chain makes one, else the fault's. */
export function expectedFor(fault: Fault, exceptions: Readonly<Record<string, Expected>> = {}): Expected {
  return exceptions[fault.title] ?? fault.expect;
}

/** A status with a small HTML error page, as CDNs and load balancers send them. */
function status(code: number, headers: Record<string, string> = {}): FaultHandler {
  return ({ res }) => {
    res.writeHead(code, { 'content-type': 'text/html; charset=utf-8', connection: 'close', ...headers });
    res.end(`<!DOCTYPE html><html><head><title>${code}</title></head><body><h1>Error ${code}</h1></body></html>`);
  };
}

function contentType(ctx: FaultContext): string {
  const type = ctx.healthy?.headers['content-type'];
  return (Array.isArray(type) ? type[0] : type) ?? 'application/json';
}

/** The recorded body, or (for a request the fixture does not cover) a kilobyte of JSON. */
function bodyOf(ctx: FaultContext): Buffer {
  const body = ctx.healthy?.body;
  return body && body.length >= 256 ? body : Buffer.from(`{"data":{"filler":"${'x'.repeat(1024)}"}}`);
}

/** Resolves when the response can take more bytes, or when the client went away (then true). */
function drainedOrClosed(res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (closed: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(closed);
    };
    const onDrain = () => settle(false);
    const onClose = () => settle(true);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** Sends `total` bytes of spaces as fast as the client reads them; counts a cut-off if it hangs up first. */
function hugeBody(total: number, declare: boolean): FaultHandler {
  return async (ctx) => {
    const { res } = ctx;
    const headers: Record<string, string> = { 'content-type': contentType(ctx), connection: 'close' };
    if (declare) headers['content-length'] = String(total);
    res.writeHead(200, headers);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < total; sent += chunk.length) {
      if (res.destroyed) return ctx.cutOff();
      if (!res.write(chunk) && (await drainedOrClosed(res))) return ctx.cutOff();
    }
    res.end();
  };
}

/** The raw bytes of a response written straight to the socket, so its framing may lie. */
function raw(ctx: FaultContext, head: Record<string, string | number>, body: Buffer): void {
  const lines = [`HTTP/1.1 200 OK`, ...Object.entries(head).map(([k, v]) => `${k}: ${v}`), 'connection: close', '', ''];
  ctx.req.socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), body]));
}

/** The healthy answer with its body rewritten; a request the fixture does not cover gets its 503. */
function rewritten(rewrite: (text: string) => string): FaultHandler {
  return ({ res, url, healthy }) => {
    if (!healthy) return unrecorded(res, url);
    const answer: Answer = { ...healthy, body: Buffer.from(rewrite(healthy.body.toString('utf8'))) };
    send(res, answer);
  };
}

/**
 * The healthy answer padded to ~200 KB with filler it ignores (a JSON field, an HTML comment),
 * gzip-compressed, sent whole, then the connection closed: how a server answers the last request
 * it takes on a connection (nginx after `keepalive_requests`). Not a fault at all, so the card
 * must be the healthy one. Hex filler compresses about 2:1, so the compressed body (~110 KB) is
 * larger than the client's stream buffer and inflating it lags behind the socket. Run in a child
 * process (compressed-close.serial.test.ts): undici 7.30's HTTP/1 parser throws an uncatchable assertion
 * here (nodejs/undici#5360), which would otherwise take the test run down with it.
 */
export function compressedThenClosed(ctx: FaultContext): void {
  const { res, url, healthy } = ctx;
  if (!healthy) return unrecorded(res, url);
  const filler = randomBytes(100 * 1024).toString('hex');
  const text = healthy.body.toString('utf8');
  // Padding that keeps the body what it was: an extra field in the (first) JSON object, or a comment.
  const padded = /^\s*\[?\s*\{/.test(text) ? text.replace(/\{/, `{"zz_padding":"${filler}",`) : `${text}<!-- ${filler} -->`;
  const body = gzipSync(padded);
  res.writeHead(healthy.status, { ...healthy.headers, 'content-encoding': 'gzip', 'content-length': String(body.length), connection: 'close' });
  res.end(body);
}

/** A connection reset (RST), not a polite close: on the raw TCP socket under the TLS one. */
function reset({ req }: FaultContext): void {
  const raw = (req.socket as Socket & { _parent?: Socket })._parent ?? req.socket;
  raw.resetAndDestroy();
}

/** Runs the collector shortly after the exchange started, while it still hangs (well inside HANG_ENV's upstream timeout). */
function collectSoon(ctx: FaultContext): void {
  const timer = setTimeout(collectGarbage, 50);
  ctx.res.on('close', () => clearTimeout(timer));
}

let bomb: Buffer | undefined;

/** ~200 KB of gzip that inflates to 200 MB of JSON whitespace; made once, streamed through zlib. */
export async function gzipBomb(): Promise<Buffer> {
  if (bomb) return bomb;
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const spaces = Buffer.alloc(MB, 0x20);
  for (let i = 0; i < 200; i++) if (!gzip.write(spaces)) await once(gzip, 'drain');
  gzip.end();
  await once(gzip, 'end');
  bomb = Buffer.concat(parts);
  return bomb;
}

export const FAULTS: readonly Fault[] = [
  { title: 'answers 500', handler: status(500), expect: 'upstream-error' },
  { title: 'answers 502', handler: status(502), expect: 'upstream-error' },
  { title: 'answers 503', handler: status(503), expect: 'upstream-error' },
  { title: 'answers 429 with a huge Retry-After', handler: status(429, { 'retry-after': '999999999' }), expect: 'rate-limited' },
  { title: 'resets the connection', handler: reset, expect: 'upstream-error' },
  { title: 'accepts and never answers (while the process collects garbage)', handler: collectSoon, expect: 'timeout', hangs: true },
  {
    title: 'sends headers then trickles the body byte by byte past the budget (while the process collects garbage)',
    handler: (ctx) => {
      const { res } = ctx;
      collectSoon(ctx);
      const body = bodyOf(ctx);
      res.writeHead(200, { 'content-type': contentType(ctx), connection: 'close' });
      res.flushHeaders();
      let at = 0;
      const timer = setInterval(() => {
        if (at < body.length) res.write(body.subarray(at, ++at));
        else res.end();
      }, TRICKLE_TICK_MS);
      res.on('close', () => {
        clearInterval(timer);
        if (!res.writableFinished) ctx.cutOff();
      });
    },
    expect: 'timeout',
    cutOff: true,
    hangs: true,
  },
  {
    title: 'sends half the body and drops the connection',
    handler: (ctx) => {
      const body = bodyOf(ctx);
      ctx.res.writeHead(200, { 'content-type': contentType(ctx), connection: 'close' });
      ctx.res.write(body.subarray(0, body.length >> 1), () => ctx.res.destroy());
    },
    expect: 'upstream-error',
  },
  { title: 'sends a 50 MB body', handler: hugeBody(50 * MB, false), expect: 'upstream-error', heavy: true, cutOff: true },
  { title: 'declares and sends a 50 MB body', handler: hugeBody(50 * MB, true), expect: 'upstream-error', heavy: true, cutOff: true },
  {
    title: 'declares a Content-Length longer than its body',
    handler: (ctx) => raw(ctx, { 'content-type': contentType(ctx), 'content-length': bodyOf(ctx).length + 1000 }, bodyOf(ctx)),
    expect: 'upstream-error',
  },
  {
    // The client reads what the header promised and cannot know more was meant: the first half of
    // each answer. JSON halves do not parse; a page's first half still has its <head>, which some
    // platforms make a card from and others read as a page without the post (their cases say).
    title: 'declares a Content-Length shorter than its body',
    handler: (ctx) => raw(ctx, { 'content-type': contentType(ctx), 'content-length': bodyOf(ctx).length >> 1 }, bodyOf(ctx)),
    expect: 'upstream-error',
  },
  {
    title: 'sends a gzip bomb',
    handler: async (ctx) => {
      const gz = await gzipBomb();
      ctx.res.writeHead(200, { 'content-type': contentType(ctx), 'content-encoding': 'gzip', 'content-length': String(gz.length), connection: 'close' });
      ctx.res.end(gz);
    },
    expect: 'upstream-error',
    heavy: true,
  },
  {
    title: 'answers invalid JSON',
    handler: ({ res }) => void res.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end('{"data":{"post":{"id":"1","text":"cut off'),
    expect: 'upstream-error',
  },
  {
    // A 200 HTML page without the post is, on the platforms that serve pages or HTML block pages
    // (Reddit's "blocked by network security"), how their walls look: `blocked` (docs/design.md §4).
    // The JSON-only APIs cannot read it (their cases say `upstream-error`).
    title: 'answers an HTML error page where JSON was expected',
    handler: ({ res }) =>
      void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' })
        .end('<!DOCTYPE html><html><head><title>Something went wrong</title></head><body><h1>Sorry, something went wrong.</h1></body></html>'),
    expect: 'blocked',
  },
  { title: 'answers JSON with __proto__ keys', handler: rewritten(withProtoKeys), expect: 'ok' },
  {
    // A page stripped of its data (no meta values, no strings in its JSON) is read as the wall such
    // pages are in practice by the adapters whose only remaining witness is the page itself (their
    // cases say `blocked`).
    title: 'answers a schema with its fields missing',
    handler: rewritten(withoutStringFields),
    expect: 'upstream-error',
  },
  {
    title: 'redirects in a loop',
    handler: ({ res, url }) => void res.writeHead(302, { location: url.href, connection: 'close' }).end(),
    expect: 'upstream-error',
  },
  {
    title: 'redirects off the platform',
    handler: ({ res }) => void res.writeHead(302, { location: `https://${OFF_PLATFORM_HOST}/landing`, connection: 'close' }).end(),
    expect: 'upstream-error',
  },
];
