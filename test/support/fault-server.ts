// A loopback HTTPS server standing in for every upstream host at once, for the fault suite. Its
// `fetch` is the one to give KyHttpClient: undici's fetch (the implementation behind Node's global
// fetch) over a pool that connects every https host here, TLS and all (the stand-in certificate is
// not checked: it names no platform). So requests go through ky, the address guard and a real
// socket as in production. Node's global fetch is not used because in tests it is nock's stand-in,
// which wraps every request in Request objects of its own; undici's behaves as the real one does,
// including what it does with a Request whose signal is only weakly held (see ky.http.ts).
// Each test installs a handler: the healthy answers recorded in test/platforms/<id>/fixtures, or a fault (a
// status, a reset, silence, a trickle, a huge or lying body…).
//
// The server counts the sockets it holds open, so a test can prove the client let go of every one.
// Its `fetch` also counts the body bytes the client actually read of each answer (after any
// inflation), so a test can prove a read stopped at the cap: a measure of the client's own reading,
// which neither the kernel's socket buffers, the test's own memory nor the Node version can move.
// Only sockets that carried a request count as held: after an aborted exchange undici opens one
// spare connection to the same origin and reuses it for the next request, which is pooling, not a
// leak; `spareSockets()` keeps an eye on those.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import nock from 'nock';
import { Agent, buildConnector, fetch as undiciFetch, Response as UndiciResponse, type BodyInit as UndiciBody } from 'undici';
import { exchangeBody, exchangeHeaders, findExchange, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { testTls } from './media-upstream.js';

/** What the healthy upstream would answer: status, headers (lower-case) and the decoded body. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface FaultContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The URL the adapter asked for (https, real host). */
  url: URL;
  /** The recorded answer to this request, if the fixtures have one. */
  healthy: Answer | undefined;
  /** Marks the exchange as cut off by the client (the socket closed before the fault finished). */
  cutOff(): void;
}

export type FaultHandler = (ctx: FaultContext) => void | Promise<void>;

export interface SeenRequest {
  method: string;
  url: string;
}

/** The loopback rule test/setup.ts installs; restored when a suite stops standing in for platform hosts. */
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\]|::1)(:\d+)?$/;

export class FaultServer {
  readonly requests: SeenRequest[] = [];
  /** Exchanges whose fault (a trickle, a huge body) was still going when the client hung up. */
  cutOffs = 0;
  /** The most body bytes (decoded) the client read of any one answer since the last `use`. */
  largestBodyRead = 0;
  private handler: FaultHandler = healthyOnly;
  private exchanges: readonly RecordedExchange[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly engaged = new WeakSet<Socket>();
  private readonly pool: Agent;
  private closed = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {
    const connect = buildConnector({ rejectUnauthorized: false });
    this.pool = new Agent({
      connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port: String(this.port), servername: opts.hostname }, callback),
    });
  }

  static async start(): Promise<FaultServer> {
    let self: FaultServer | undefined;
    const server = createServer(testTls(), (req, res) => void self!.handle(req, res));
    server.on('secureConnection', (socket: Socket) => {
      self!.sockets.add(socket);
      socket.on('close', () => self!.sockets.delete(socket));
    });
    // A client that hangs up mid-handshake is no fault of the server's.
    server.on('tlsClientError', () => undefined);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    self = new FaultServer(server, (server.address() as AddressInfo).port);
    return self;
  }

  /**
   * Lets requests to these hosts past nock (test/setup.ts allows loopback only): they never leave
   * the machine, the pool sends them here. Returns the undo.
   */
  static allowHosts(hosts: readonly string[]): () => void {
    const names = new Set(hosts);
    nock.enableNetConnect((host) => LOOPBACK.test(host) || names.has(host.replace(/:\d+$/, '')));
    return () => nock.enableNetConnect((host) => LOOPBACK.test(host));
  }

  /** Serves these recorded exchanges through `handler` (default: as recorded) until the next call. */
  use(exchanges: readonly RecordedExchange[], handler: FaultHandler = healthyOnly): void {
    this.exchanges = exchanges;
    this.handler = handler;
    this.requests.length = 0;
    this.cutOffs = 0;
    this.largestBodyRead = 0;
  }

  /**
   * The fetch for KyHttpClient's `fetch` setting: as the global fetch does, a Request's own signal
   * is followed unless the call passes one; every connection goes to this server.
   */
  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : String(input);
    const headers = new Headers(init?.headers ?? request?.headers);
    const body = init?.body ?? (request?.body ? await request.arrayBuffer() : undefined);
    const response = await undiciFetch(url, {
      method: init?.method ?? request?.method ?? 'GET',
      headers: [...headers],
      body: body as UndiciBody | undefined,
      redirect: 'manual',
      signal: init?.signal ?? request?.signal ?? null,
      dispatcher: this.pool,
    });
    return this.counted(response) as unknown as Response;
  };

  /**
   * The same answer, its body passed through a counter of the bytes handed to the reader: what
   * the client read, as it reads it. A cancel by the reader still reaches the connection.
   */
  private counted(response: UndiciResponse): UndiciResponse {
    if (!response.body) return response;
    let read = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        read += chunk.byteLength;
        this.largestBodyRead = Math.max(this.largestBodyRead, read);
        controller.enqueue(chunk);
      },
    });
    return new UndiciResponse(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  /** Sockets that carried a request and are still open: every answer says `Connection: close`, so any left is a leak. */
  openSockets(): number {
    return [...this.sockets].filter((socket) => this.engaged.has(socket)).length;
  }

  /** Connections the client opened without sending anything on them (yet). */
  spareSockets(): number {
    return this.sockets.size - this.openSockets();
  }

  /** Waits (up to `ms`) for every socket that carried a request to close; returns how many are still open. */
  async settle(ms = 1000): Promise<number> {
    const until = Date.now() + ms;
    while (this.openSockets() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return this.openSockets();
  }

  /** Closes the client pool first (its spare connections go), then whatever the server still holds. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.close();
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.engaged.add(req.socket);
    const url = new URL(req.url ?? '/', `https://${req.headers.host ?? 'unknown.invalid'}`);
    this.requests.push({ method: req.method ?? 'GET', url: url.href });
    // A request body is read before answering, as a real server would; a recorded body must match it.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const def = findExchange(this.exchanges, req.method ?? 'GET', url, Buffer.concat(chunks).toString('utf8'));
    const healthy = def ? answerOf(def) : undefined;
    try {
      await this.handler({ req, res, url, healthy, cutOff: () => this.cutOffs++ });
    } catch {
      res.destroy();
    }
  }
}

/**
 * The recorded answer; a request the fixture does not cover gets a 503, the least telling failure
 * there is, so it never stands in for the reason a test is about.
 */
export const healthyOnly: FaultHandler = ({ res, url, healthy }) => {
  if (healthy) send(res, healthy);
  else unrecorded(res, url);
};

export function unrecorded(res: ServerResponse, url: URL): void {
  res.writeHead(503, { 'content-type': 'text/plain', connection: 'close' }).end(`no recorded exchange for ${url.host}${url.pathname}`);
}

/** Writes an answer with `Connection: close` (so no socket stays pooled) and its real length. */
export function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length), connection: 'close' });
  res.end(answer.body);
}

function answerOf(def: RecordedExchange): Answer {
  const headers = exchangeHeaders(def);
  // The recorded body is already decoded and its framing is ours to choose.
  for (const name of ['content-length', 'transfer-encoding', 'content-encoding', 'connection']) delete headers[name];
  return { status: def.status ?? 200, headers, body: exchangeBody(def) };
}
