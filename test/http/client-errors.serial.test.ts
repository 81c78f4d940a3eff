// What Node's HTTP layer refuses before the app sees a request (docs/design.md §6), over raw sockets
// against the real server (server.ts around the real composition): every such refusal is a whole
// response with a JSON `{error}`, 400 for an oversized or malformed request (never 431 or 413), 408
// when the headers or the body come too slowly, and the connection closes. A response that takes
// longer than REQUEST_TIMEOUT_MS is not cut: the timeout bounds receiving the request only.
import { expect } from 'chai';
import { once } from 'node:events';
import type { RequestListener, Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { createRequestListener } from '../../src/interfaces/http/listener.js';
import { createHttpServer } from '../../src/interfaces/http/server.js';
import type { Logger } from '../../src/application/ports/logger.port.js';
import type { ErrorCode } from '../../src/interfaces/http/error-codes.js';
import { TEST_KEY, TEST_PROXY_SECRET } from '../support/app.js';
import { publicLookup } from '../support/lookup.js';
import { registerConfigSecrets, watchLogLine, watchResponses } from '../support/secret-scan.js';

// Short, so that waiting them out costs little; every exchange that is not meant to time out takes a
// small part of them, and the bounds on when the 408 comes keep their 1.5 s margin past them.
const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1000;

interface RawAnswer {
  /** Everything the server sent before closing. */
  raw: string;
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the first byte written to the socket closing. */
  ms: number;
}

/** Writes `parts` on a fresh connection, `gapMs` apart (until the server closes it), and reads until it closes. */
function exchange(port: number, parts: readonly string[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer still leaves what was read
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no whole response head before the connection closed: ${JSON.stringify(raw)}`));
      const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ raw, statusLine, status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4), ms: performance.now() - started });
    });
    let next = 0;
    const write = () => {
      if (socket.destroyed || socket.writableEnded || next >= parts.length) return;
      socket.write(parts[next++]!);
      timer = setTimeout(write, gapMs);
    };
    socket.once('connect', write);
  });
}

/** The answer is one whole response: the status line, `Connection: close`, and a JSON `{error, code}` of exactly Content-Length bytes. */
function expectErrorAnswer(answer: RawAnswer, statusLine: string, code: ErrorCode): string {
  expect(answer.statusLine).to.equal(statusLine);
  expect(answer.headers['content-type']).to.equal('application/json; charset=utf-8');
  expect(answer.headers.connection).to.equal('close');
  expect(answer.headers['x-content-type-options']).to.equal('nosniff');
  expect(answer.headers['x-request-id']).to.match(/^[A-Za-z0-9._-]{8,64}$/);
  expect(Buffer.byteLength(answer.body, 'latin1'), 'the body is whole and nothing follows it').to.equal(Number(answer.headers['content-length']));
  const parsed = JSON.parse(answer.body) as { error?: unknown; code?: unknown };
  expect(parsed.error).to.be.a('string').and.not.equal('');
  expect(parsed.code).to.equal(code);
  return parsed.error as string;
}

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

const request = (...lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('HTTP server: errors Node raises before the app', function () {
  this.timeout(20_000);
  let config: Config;
  let server: Server;
  let port: number;
  let logs: string[];
  let closeComposition: () => Promise<void>;

  before(async () => {
    config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: 'debug', PROXY_SECRET: TEST_PROXY_SECRET, HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    registerConfigSecrets(config);
    logs = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        const lines = String(chunk).split('\n').filter(Boolean);
        for (const line of lines) watchLogLine(line);
        logs.push(...lines);
        done();
      },
    });
    const composition = compose(config, { upstreamLookup: publicLookup, logDestination: sink });
    closeComposition = composition.close;
    server = createHttpServer(watchResponses(createRequestListener(composition.container)), config, composition.logger);
    port = await listen(server);
  });
  after(async () => {
    server?.closeAllConnections();
    server?.close();
    await closeComposition?.();
  });

  it('when the headers exceed 16 KB, answers 400 (not 431) with a JSON error', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/1.1', 'Host: localhost', `X-Padding: ${'a'.repeat(20 * 1024)}`)]);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'HEADERS_TOO_LARGE')).to.include('too large');
  });

  it('when the URL alone exceeds 16 KB, answers 400 (not 431) with a JSON error', async () => {
    const url = `/api/v1/resolve?url=${encodeURIComponent(`https://x.com/jack/status/20?pad=${'a'.repeat(20 * 1024)}`)}`;
    const answer = await exchange(port, [request(`GET ${url} HTTP/1.1`, 'Host: localhost', `Authorization: Bearer ${TEST_KEY}`)]);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'HEADERS_TOO_LARGE')).to.include('too large');
  });

  it('when the request line is malformed, answers 400 with a JSON error', async () => {
    const answer = await exchange(port, ['GARBAGE\r\n\r\n']);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
  });

  it('when the HTTP version is unknown, answers 400 with a JSON error', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/7.3', 'Host: localhost')]);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
  });

  it('when a request carries both Content-Length and Transfer-Encoding (smuggling), answers 400 and serves nothing it carries', async () => {
    // Read as chunked the body ends at once and a GET /healthz follows; read by length it does not.
    const smuggled = request('GET /healthz HTTP/1.1', 'Host: localhost');
    const answer = await exchange(port, [
      request('POST /api/v1/resolve HTTP/1.1', 'Host: localhost', `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', `Content-Length: ${5 + smuggled.length}`, 'Transfer-Encoding: chunked') + '0\r\n\r\n' + smuggled,
    ]);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
    expect(answer.raw.match(/HTTP\/1\.1 /g), 'one response only').to.have.length(1);
  });

  it('when a header name is invalid, answers 400 with a JSON error', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/1.1', 'Host: localhost', 'Bad Header: value')]);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
  });

  it('when a header value holds a bare control character, answers 400 with a JSON error', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/1.1', 'Host: localhost', 'X-Thing: a\x01b')]);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
  });

  it('when a chunk extension is oversized, answers 400 (not 413) with a JSON error', async () => {
    const answer = await exchange(port, [
      request('POST /api/v1/resolve HTTP/1.1', 'Host: localhost', `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', 'Transfer-Encoding: chunked') + `1;${'e'.repeat(20 * 1024)}\r\n{\r\n0\r\n\r\n`,
    ]);
    expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST');
  });

  it('when Expect is anything but 100-continue, answers 400 (not a bare 417) with a JSON error', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/1.1', 'Host: localhost', 'Expect: 200-ok')]);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'EXPECT_UNSUPPORTED')).to.include('Expect');
  });

  it('when an HTTP/1.1 request has no Host, answers 400 with a JSON error (not a bare 400)', async () => {
    const answer = await exchange(port, [request('GET /healthz HTTP/1.1')]);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'MALFORMED_REQUEST')).to.include('Host');
  });

  it('when a refused key sends Expect: 100-continue, the 401 comes without a 100 Continue, so no body is invited', async () => {
    const answer = await exchange(port, [request('POST /api/v1/resolve HTTP/1.1', 'Host: localhost', 'Authorization: Bearer not-a-key', 'Content-Type: application/json', 'Content-Length: 40', 'Expect: 100-continue')]);
    expect(answer.raw).not.to.include('100 Continue');
    expect(answer.statusLine).to.equal('HTTP/1.1 401 Unauthorized');
  });

  it('when a correct key sends Expect: 100-continue, 100 Continue comes once the app reads the body, then the answer', async () => {
    const body = JSON.stringify({ urls: ['not a url'] });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    socket.write(request('POST /api/v1/resolve HTTP/1.1', 'Host: localhost', `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Expect: 100-continue', 'Connection: close'));
    const deadline = Date.now() + 5_000;
    while (!received.includes('\r\n\r\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).to.match(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    socket.write(body);
    await once(socket, 'close');
    expect(received.slice(received.indexOf('\r\n\r\n') + 4)).to.match(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).to.include('"error"');
  });

  it('when the method is CONNECT, answers 400 with a JSON error instead of dropping the connection', async () => {
    const answer = await exchange(port, [request('CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443')]);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 400 Bad Request', 'CONNECT_UNSUPPORTED')).to.include('CONNECT');
  });

  it('when the headers trickle in past HEADERS_TIMEOUT_MS, answers 408 with a JSON error and closes', async () => {
    const bytes = [...'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'x'.repeat(100)];
    const answer = await exchange(port, bytes, 100);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 408 Request Timeout', 'REQUEST_TIMEOUT')).to.include('headers');
    expect(answer.ms).to.be.within(HEADERS_TIMEOUT_MS - 50, HEADERS_TIMEOUT_MS + 1500);
  });

  it('when a connection never sends a byte, answers 408 and closes it within about HEADERS_TIMEOUT_MS', async () => {
    const started = performance.now();
    const answer = await exchange(port, []);
    expectErrorAnswer(answer, 'HTTP/1.1 408 Request Timeout', 'REQUEST_TIMEOUT');
    expect(performance.now() - started).to.be.within(HEADERS_TIMEOUT_MS - 50, HEADERS_TIMEOUT_MS + 1500);
  });

  it('when a body does not complete within REQUEST_TIMEOUT_MS, answers 408 with a JSON error; the app logs it as 408 and no error', async () => {
    const body = JSON.stringify({ urls: ['https://x.com/jack/status/20'] });
    const head = request('POST /api/v1/resolve HTTP/1.1', 'Host: localhost', `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', `Content-Length: ${body.length}`);
    const logsBefore = logs.length;
    // One byte every 250 ms: the whole body would take ~10 s.
    const answer = await exchange(port, [head, ...body], 250);
    expect(expectErrorAnswer(answer, 'HTTP/1.1 408 Request Timeout', 'REQUEST_TIMEOUT')).to.include('body');
    expect(answer.ms).to.be.within(REQUEST_TIMEOUT_MS - 50, REQUEST_TIMEOUT_MS + 1500);
    // The app had the request: its half-read body ends, and its access line tells what was answered.
    const parsed = () => logs.slice(logsBefore).map((line) => JSON.parse(line) as { level: number; msg: string; status?: number; reqId?: string });
    const deadline = performance.now() + 3000;
    while (!parsed().some((l) => l.msg === 'request') && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = parsed();
    expect(lines.filter((l) => l.msg === 'request').map((l) => ({ status: l.status, reqId: l.reqId }))).to.deep.equal([{ status: 408, reqId: answer.headers['x-request-id'] }]);
    expect(lines.filter((l) => l.level >= 50), JSON.stringify(lines)).to.deep.equal([]);
  });
});

describe('HTTP server: a response slower than REQUEST_TIMEOUT_MS', function () {
  this.timeout(20_000);
  const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, access() {} };
  let server: Server;
  let port: number;

  const requestTimeoutMs = 500;
  // Like a /v/ stream of a slow upstream: the request is whole at once, the response takes three request timeouts.
  const slowStream: RequestListener = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '15' });
    let sent = 0;
    const timer = setInterval(() => {
      res.write('x');
      if (++sent === 15) {
        clearInterval(timer);
        res.end();
      }
    }, (3 * requestTimeoutMs) / 15);
    res.once('close', () => clearInterval(timer));
  };

  before(async () => {
    server = createHttpServer(slowStream, { maxConnections: 10, maxConnectionsPerIp: 5, headersTimeoutMs: requestTimeoutMs / 2, requestTimeoutMs }, quiet);
    port = await listen(server);
  });
  after(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('when the response streams for three times REQUEST_TIMEOUT_MS, it arrives whole', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(request('GET /v/slow HTTP/1.1', 'Host: localhost', 'Connection: close'));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const started = performance.now();
    await once(socket, 'close');
    const raw = Buffer.concat(chunks).toString('latin1');
    expect(raw.split('\r\n')[0]).to.equal('HTTP/1.1 200 OK');
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).to.equal('x'.repeat(15));
    expect(performance.now() - started).to.be.above(2.5 * requestTimeoutMs);
  });
});

describe('HTTP server: timeouts as configured', () => {
  const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, access() {} };

  it('when HEADERS_TIMEOUT_MS exceeds REQUEST_TIMEOUT_MS, the server is built and its headers are bound by the request timeout', () => {
    // Node itself refuses a headers timeout above the request timeout (ERR_OUT_OF_RANGE at start-up).
    const server = createHttpServer(() => undefined, { maxConnections: 10, maxConnectionsPerIp: 0, headersTimeoutMs: 20_000, requestTimeoutMs: 5_000 }, quiet);
    expect({ headers: server.headersTimeout, request: server.requestTimeout, max: server.maxConnections }).to.deep.equal({ headers: 5_000, request: 5_000, max: 10 });
  });
});
