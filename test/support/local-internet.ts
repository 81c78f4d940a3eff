// A local HTTPS "internet" behind local CONNECT proxies, for tests of access on the real HTTP client
// (issue 24, point 7). One HTTPS server on loopback answers for every platform name it has a
// recording for (the certificate comes from a throwaway CA made with openssl at test time: trusted
// by an in-process service through its proxied TLS option, by a child process through
// NODE_EXTRA_CA_CERTS); each proxy tunnels every CONNECT, whatever name it asks for, to that server
// from a loopback address of its own (127.0.0.N), which is how the server tells which egress a
// request took. Rules put before the recordings play the platform refusing one egress or one
// session and serving another.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { RecordedExchangeIndex } from '../../src/infrastructure/http/recorded-exchange-index.js';

export interface ThrowawayCa {
  /** The CA certificate (PEM): what a client must trust. */
  caCert: string;
  /** The same, in a file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The server's key and certificate, signed by the CA for every name asked for. */
  key: string;
  cert: string;
}

/** A CA made now, and a server certificate it signed for `names`. Nothing of it outlives the test run's temp folder. */
export function throwawayCa(names: readonly string[]): ThrowawayCa {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-ca-'));
  const at = (file: string) => join(dir, file);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  run(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=postlens throwaway test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign', '-keyout', at('ca.key'), '-out', at('ca.pem')]);
  run(['req', ...ec, '-subj', '/CN=postlens local internet', '-keyout', at('server.key'), '-out', at('server.csr')]);
  writeFileSync(at('server.ext'), `basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n`);
  run(['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', at('server.ext'), '-out', at('server.pem')]);
  return { caCert: readFileSync(at('ca.pem'), 'utf8'), caFile: at('ca.pem'), key: readFileSync(at('server.key'), 'utf8'), cert: readFileSync(at('server.pem'), 'utf8') };
}

export interface InternetRequest {
  host: string;
  method: string;
  /** Path and query. */
  path: string;
  /** The proxy the request came through (its name; `{name}/{user}` for a gateway with several users), or `direct`. */
  via: string;
  /** Lower-case names. */
  headers: IncomingMessage['headers'];
  body: string;
}

export type Answer =
  /** `after`: the answer is held until it settles (a slow host). */
  | { status: number; headers?: Record<string, string | string[]>; body?: string; after?: Promise<unknown> }
  /** The recording's own answer with these headers added (a platform setting cookies, say). */
  | { recordingWith: Record<string, string | string[]> };

/** A platform's behaviour put before its recordings: an answer, or undefined to let the recording answer. */
export type Rule = (request: InternetRequest) => Answer | undefined;

const silent = { debug() {}, info() {}, warn() {}, error() {}, access() {} };

export class LocalInternet {
  readonly seen: InternetRequest[] = [];
  private rules: Rule[] = [];
  private readonly viaByAddress = new Map<string, string>();
  private readonly index: RecordedExchangeIndex;

  private constructor(
    private readonly server: Server,
    recordings: readonly string[],
  ) {
    this.index = new RecordedExchangeIndex(recordings.flatMap((file) => loadRecordedExchanges(file)), silent);
  }

  /** The server on loopback, answering from the recordings (nock-definition files) with `tls`. */
  static async start(recordings: readonly string[], tls: Pick<ThrowawayCa, 'key' | 'cert'>): Promise<LocalInternet> {
    let self: LocalInternet | undefined;
    const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => void self!.handle(req, res));
    self = new LocalInternet(server, recordings);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return self;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Rules answer before the recordings, the first that answers winning; `reset` drops them. */
  use(rule: Rule): void {
    this.rules.push(rule);
  }

  reset(): void {
    this.rules = [];
    this.seen.length = 0;
  }

  /** Requests arriving from `address` came through the proxy `name`. */
  registerVia(address: string, name: string): void {
    this.viaByAddress.set(address, name);
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const request: InternetRequest = { host, method: req.method ?? 'GET', path: req.url ?? '/', via: this.viaByAddress.get(address) ?? 'direct', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    this.seen.push(request);
    let added: Record<string, string | string[]> = {};
    for (const rule of this.rules) {
      const answer = rule(request);
      if (answer && 'recordingWith' in answer) {
        added = answer.recordingWith;
        break;
      }
      if (answer) {
        if (answer.after) await answer.after;
        res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
        return;
      }
    }
    const recorded = this.index.find(request.method, new URL(`https://${host}${request.path}`), request.body || undefined);
    if (!recorded) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no recording');
      return;
    }
    const all = { ...recorded.headers, ...Object.fromEntries(Object.entries(added).map(([name, value]) => [name, [value].flat()])) };
    const headers: [string, string][] = Object.entries(all).flatMap(([name, values]) => values.map((value): [string, string] => [name, value]));
    res.writeHead(recorded.status, headers.flat()).end(recorded.body);
  }
}

export interface LocalProxy {
  readonly name: string;
  /** The proxy URL as configured: with its (first) user and password when it asks for them. */
  readonly url: string;
  /** Every CONNECT target it was asked for, in order (refused ones included). */
  readonly connects: string[];
  /** Every CONNECT with the user its Proxy-Authorization named (`-` for none), in order. */
  readonly tunnels: { target: string; user: string }[];
  /** The proxy URL with another of its users (one of `credentials`). */
  urlAs(user: string): string;
  close(): Promise<void>;
}

type ProxyCredentials = { user: string; password: string };

/**
 * A CONNECT proxy on loopback tunnelling every target to `internet` from `sourceAddress` (a
 * 127.0.0.N of its own). With `credentials` (one user or several, as a residential gateway has), a
 * CONNECT without one of them is answered 407.
 */
export async function startLocalProxy(internet: LocalInternet, name: string, sourceAddress: string, credentials?: ProxyCredentials | ProxyCredentials[]): Promise<LocalProxy> {
  const connects: string[] = [];
  const tunnels: { target: string; user: string }[] = [];
  const sockets = new Set<Socket>();
  const users = credentials ? [credentials].flat() : [];
  const basic = (c: ProxyCredentials) => `Basic ${Buffer.from(`${c.user}:${c.password}`).toString('base64')}`;
  const sourceOf = (c: ProxyCredentials) => {
    const i = users.indexOf(c);
    return i <= 0 ? sourceAddress : sourceAddress.replace(/^127\.0\.0\./, `127.0.${i}.`);
  };
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: IncomingMessage, client: Socket) => {
    connects.push(req.url ?? '');
    const presented = req.headers['proxy-authorization'];
    const user = users.find((c) => basic(c) === presented);
    tunnels.push({ target: req.url ?? '', user: user?.user ?? (presented ? '?' : '-') });
    // Each user of a gateway tunnels from an address of its own: the internet sees which one it was.
    const from = user ? sourceOf(user) : sourceAddress;
    sockets.add(client);
    client.on('error', () => undefined);
    client.on('close', () => sockets.delete(client));
    if (users.length && !user) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const target = connect({ port: internet.port, host: '127.0.0.1', localAddress: from }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.pipe(client);
      client.pipe(target);
    });
    sockets.add(target);
    target.on('error', () => client.destroy());
    target.on('close', () => {
      sockets.delete(target);
      client.destroy();
    });
    client.on('close', () => target.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  // One user (or none): the proxy's name; several: `{name}/{user}` for each.
  if (users.length > 1) for (const c of users) internet.registerVia(sourceOf(c), `${name}/${c.user}`);
  else internet.registerVia(sourceAddress, name);
  const port = (server.address() as AddressInfo).port;
  const urlAs = (who?: ProxyCredentials) => {
    const url = new URL(`http://127.0.0.1:${port}`);
    if (who) {
      url.username = encodeURIComponent(who.user);
      url.password = encodeURIComponent(who.password);
    }
    return url.href.replace(/\/$/, '');
  };
  return {
    name,
    url: urlAs(users[0]),
    connects,
    tunnels,
    urlAs: (user) => urlAs(users.find((c) => c.user === user) ?? { user, password: 'not-a-user-of-this-proxy' }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The names a recording file calls: what the throwaway certificate must be valid for. */
export function hostsOf(recordings: readonly string[]): string[] {
  return [...new Set(recordings.flatMap((file) => loadRecordedExchanges(file).map((def) => new URL(def.scope).hostname)))];
}
