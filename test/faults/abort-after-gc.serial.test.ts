// The live HTTP client's deadline must cut an exchange even when the garbage collector ran while it
// hung. ky hands fetch a Request whose signal follows ours only through a WeakRef (nodejs/undici
// #4068): without ky.http.ts passing its own signal to fetch, a collection in between loses the
// abort, and a silent or trickling upstream keeps the socket and the read forever.
import { expect } from 'chai';
import type { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { FaultServer, type FaultHandler } from '../support/fault-server.js';
import { publicLookup } from '../support/lookup.js';
import { collectGarbage } from './process-probe.js';

const TIMEOUT_MS = 400;
const HOST = 'mastodon.social';

const silent: FaultHandler = () => undefined;
const trickle: FaultHandler = ({ res, cutOff }) => {
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  res.write('{"a":"');
  const timer = setInterval(() => res.write('x'), 50);
  res.on('close', () => {
    clearInterval(timer);
    cutOff();
  });
};

describe('HTTP client deadline after a garbage collection', () => {
  let server: FaultServer;
  let restoreNock: () => void;
  before(async () => {
    server = await FaultServer.start();
    restoreNock = FaultServer.allowHosts([HOST]);
  });
  after(async () => {
    restoreNock();
    await server.close();
  });

  for (const [what, handler] of [
    ['never answers', silent],
    ['sends its headers, then trickles the body', trickle],
  ] as const) {
    it(`when the upstream ${what} and the process collects garbage meanwhile, fails with UPSTREAM_TIMEOUT at the deadline and lets the socket go`, async () => {
      server.use([], handler);
      const http = new KyHttpClient({ timeoutMs: TIMEOUT_MS, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup: publicLookup, fetch: server.fetch });
      setTimeout(collectGarbage, 150);
      const started = performance.now();
      const error = await http.request({ url: `https://${HOST}/api/v1/statuses/1`, allowedHosts: [HOST] }).catch((e: unknown) => e);
      const ms = performance.now() - started;
      expect((error as UpstreamError).code).to.equal('UPSTREAM_TIMEOUT');
      expect(ms, 'at the deadline').to.be.within(TIMEOUT_MS - 20, TIMEOUT_MS + 600);
      expect(await server.settle(), 'sockets that carried a request still open').to.equal(0);
    });
  }
});
