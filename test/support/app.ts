// An in-process instance of the whole service for HTTP tests: real config parsing, real
// composition, the Koa app on an ephemeral loopback port. Every response is checked against
// openapi.yaml, so the document cannot drift from what the service answers.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { DependencyContainer } from 'tsyringe';
import { loadConfig, type Config } from '../../src/config/config.js';
import { compose, type ContainerOptions } from '../../src/container.js';
import { createRequestListener } from '../../src/interfaces/http/listener.js';
import { SIGNER, type Signer } from '../../src/application/ports/signer.port.js';
import { publicLookup } from './lookup.js';
import { assertResponseMatchesSpec } from './openapi.js';
import { registerConfigSecrets, watchLogLine, watchResponses, watchSigner } from './secret-scan.js';

export const TEST_KEY = 'test-key-0123456789abcdef';
/**
 * The PROXY_SECRET of every TestApp that does not set its own. Fixed, not random per instance: the
 * secret scan (secret-scan.ts) checks every log line and response chunk against every registered
 * secret, so one random secret per app (hundreds in a run) made each later check slower.
 */
export const TEST_PROXY_SECRET = 'test-proxy-secret-0123456789abcdef-0123456789';

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Send without the test API key. */
  anonymous?: boolean;
  /** Skip the OpenAPI check (only for requests that are deliberately off-contract, e.g. raw sockets). */
  unchecked?: boolean;
}

const NO_RETRY_PAUSE = [0, 0] as const;

export class TestApp {
  private constructor(
    readonly config: Config,
    readonly server: Server,
    readonly baseUrl: string,
    /** Every log line the instance wrote (JSON text). */
    readonly logs: string[],
    /** The composition, for tests that reach behind the API (seeding the cache). */
    readonly container: DependencyContainer,
    private readonly closeComposition: () => Promise<void>,
  ) {}

  static async start(env: Record<string, string> = {}, options: Pick<ContainerOptions, 'mediaDispatcher' | 'wrapHttp' | 'upstreamLookup' | 'proxiedTls' | 'upstreamRetryDelayMs'> = {}): Promise<TestApp> {
    const config = loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: 'debug', PROXY_SECRET: TEST_PROXY_SECRET, ...env });
    // Everything an instance says (responses, log lines) is scanned for secrets over the whole run
    // (secret-scan.ts); its configuration says which values are secret.
    registerConfigSecrets(config);
    const logs: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        const lines = String(chunk).split('\n').filter(Boolean);
        for (const line of lines) watchLogLine(line);
        logs.push(...lines);
        done();
      },
    });
    // Upstream names resolve to a public stand-in address unless the test says otherwise (no DNS here).
    // A retry still happens, without its pause: the pause is tested on the client itself
    // (test/infrastructure/http-retry.serial.test.ts); here it would only be waiting.
    const { container, close } = compose(config, { upstreamLookup: publicLookup, upstreamRetryDelayMs: NO_RETRY_PAUSE, ...options, logDestination: sink });
    watchSigner(container.resolve<Signer>(SIGNER));
    const server = createServer(watchResponses(createRequestListener(container)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return new TestApp(config, server, `http://127.0.0.1:${port}`, logs, container, close);
  }

  async request(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.anonymous && !('authorization' in headers)) headers.authorization = `Bearer ${TEST_KEY}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const started = performance.now();
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    const ms = performance.now() - started;
    const pathname = new URL(path, this.baseUrl).pathname;
    if (!options.unchecked) assertResponseMatchesSpec(method, pathname, response.status, response.headers, text);
    let parsed: unknown = text;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, text, body: parsed, ms };
  }

  get(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    return this.request(path, { ...options, method: 'GET' });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await this.closeComposition();
  }
}

/** Encodes a URL as the `url` query parameter. */
export function q(url: string): string {
  return encodeURIComponent(url);
}
