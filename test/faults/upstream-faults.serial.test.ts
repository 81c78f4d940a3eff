// Issue 5 point 4: every upstream fault we can stage, for every adapter, through the whole service
// (TestApp: real config, composition, resolve use case with its budget, the adapter's real strategy
// chain, the real KyHttpClient over a real socket to the fault server; one instance per platform for
// all its cases, another with a shorter budget for those that hang, test/faults/harness.ts). Each
// case answers 200 with the reason its chain must
// give, within the budget plus a loaded machine's margin, leaves no socket open on either side,
// and (for the huge bodies and the gzip bomb) reads no more of any answer than the cap.
// The cap is proven on what the client read, counted as it reads: an earlier bound on the process's
// RSS growth also measured the fake upstream's own buffers in this process, and so moved with test
// order, Node version and load (issue 22, point 8).
import { expect } from 'chai';
import type { TestResponse } from '../support/app.js';
import { FaultServer, healthyOnly, type FaultHandler } from '../support/fault-server.js';
import { expectedFor, FAULTS, gzipBomb, MB, OFF_PLATFORM_HOST } from './faults.js';
import { BUDGET_MS, ENV, HANG_BUDGET_MS, HANG_ENV, PlatformApp } from './harness.js';
import { loadConfig } from '../../src/config/config.js';
import { PLATFORMS as LISTED, WEB_FAULT_PLATFORM } from './platforms.js';
import { tcpSockets, waitForTcpSockets } from './process-probe.js';

/** undici opens one spare connection after an aborted exchange and reuses it; more would be a pool leaking. */
const MAX_SPARE_SOCKETS = 4;
/** The client's read cap in these cases (UPSTREAM_MAX_BYTES as the harness sets it). */
const MAX_BYTES = loadConfig({ API_KEYS: 'unused', ...ENV }).upstreamMaxBytes;
/** What a stream may hand over past the cap before the reader sees it and cancels: a few chunks. */
const READ_SLACK_BYTES = 256 * 1024;
/** Past the budget, what a loaded CI machine may add to an answer's time. */
const ANSWER_MARGIN_MS = 1000;
/** Every platform's post, and a page on a host none claims (`web`, WEB_CARDS on in the harness). */
const PLATFORMS = [...LISTED, WEB_FAULT_PLATFORM];

describe('upstream faults, every adapter through the whole service', function () {
  this.timeout(15_000);
  let server: FaultServer;
  let restoreNock: () => void;
  let socketsBeforeSuite = 0;

  before(async () => {
    socketsBeforeSuite = tcpSockets();
    server = await FaultServer.start();
    // evil.example too: a redirect that got past the HTTP port would reach the fault server and show.
    restoreNock = FaultServer.allowHosts([...PLATFORMS.flatMap((p) => p.hosts), OFF_PLATFORM_HOST]);
    await gzipBomb(); // made before any memory is measured
  });
  after(async () => {
    restoreNock();
    await server.close();
  });

  it("when a platform's cases make an exception to a fault, it names a fault the suite stages", () => {
    const titles = FAULTS.map((fault) => fault.title);
    for (const platform of PLATFORMS) expect(titles, platform.id).to.include.members(Object.keys(platform.faults));
  });

  it('the read counter sees a whole read as whole: a reader without a cap is counted at the full 50 MB', async function () {
    this.timeout(60_000); // 50 MB through one socket in this process, on a loaded machine
    const fault = FAULTS.find((f) => f.title === 'sends a 50 MB body')!;
    server.use([], fault.handler);
    const response = await server.fetch(`https://${PLATFORMS[0]!.hosts[0]}/anything`);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
    expect(bytes).to.equal(50 * MB);
    expect(server.largestBodyRead).to.equal(50 * MB);
  });

  // One instance per platform for all its cases, and one with the short budget for the faults that
  // hang (harness.ts), closed after its last case.
  for (const platform of PLATFORMS) {
    describe(platform.id, () => {
      let app: PlatformApp | undefined;
      let hangApp: PlatformApp | undefined;
      const resolve = async (handler: FaultHandler, hangs = false): Promise<TestResponse> => {
        if (hangs) {
          hangApp ??= await PlatformApp.start(server, HANG_ENV);
          return hangApp.resolve(server, platform, handler);
        }
        app ??= await PlatformApp.start(server);
        return app.resolve(server, platform, handler);
      };
      after(async () => {
        await app?.close();
        await hangApp?.close();
        app = hangApp = undefined;
      });

      it(`when ${platform.id} upstream answers as recorded, answers 200 ok (the control: faults below change only the answers)`, async () => {
        const res = await resolve(healthyOnly);
        expect(res.status).to.equal(200);
        expect(res.body, res.text).to.include({ status: 'ok', platform: platform.id, kind: platform.kind });
        expect(server.requests, 'requests reached the fault server').to.not.be.empty;
      });

      for (const fault of FAULTS) {
        const expected = expectedFor(fault, platform.faults);
        it(`when ${platform.id} upstream ${fault.title}, answers 200 ${expected} within budget`, async () => {
          const res = await resolve(fault.handler, fault.hangs);

          expect(res.status, res.text).to.equal(200);
          if (expected === 'ok') {
            const control = await resolve(healthyOnly, fault.hangs);
            expect(res.body, 'the same card as without the fault').to.deep.equal(control.body);
            expect(({} as Record<string, unknown>)['polluted'], 'Object.prototype untouched').to.equal(undefined);
          } else if (expected.startsWith('ok (')) {
            expect(res.body, res.text).to.include({ status: 'ok', platform: platform.id, kind: expected.slice(4, -1) });
          } else {
            expect(res.body, res.text).to.include({ status: 'degraded', platform: platform.id, reason: expected });
          }
          // The budget bounds the answer; the margin is a loaded CI machine's (an unbounded fault runs for seconds more).
          expect(res.ms, 'answer time').to.be.below((fault.hangs ? HANG_BUDGET_MS : BUDGET_MS) + ANSWER_MARGIN_MS);
          expect(server.requests, 'the fault reached the adapter').to.not.be.empty;
          if (!platform.followsRedirectsOffSite) expect(server.requests.filter((r) => new URL(r.url).hostname === OFF_PLATFORM_HOST), 'requests off the platform').to.be.empty;
          expect(await server.settle(), 'sockets that carried a request still open on the fault server').to.equal(0);
          if (fault.cutOff) expect(server.cutOffs, 'the client hung up before the fault ended').to.be.above(0);
          expect(server.spareSockets(), 'idle spare connections (pooled, reused by the next request)').to.be.at.most(MAX_SPARE_SOCKETS);
          if (fault.heavy) {
            const read = server.largestBodyRead;
            expect(read, `${(read / MB).toFixed(2)} MB of one answer read`).to.be.at.most(MAX_BYTES + READ_SLACK_BYTES);
          }
        });
      }

      // What a hang leaves behind (a call still counted as in flight, a shared resolve never settled)
      // would answer the next request of that post: its instance must answer as before the hangs.
      it(`when ${platform.id} upstream answers as recorded after the faults that hang, the instance they hung answers 200 ok`, async () => {
        const res = await resolve(healthyOnly, true);
        expect(res.status).to.equal(200);
        expect(res.body, res.text).to.include({ status: 'ok', platform: platform.id, kind: platform.kind });
      });
    });
  }

  // A describe of its own so that it runs after the platforms' (mocha runs a suite's own tests first).
  describe('every platform done', () => {
    it('after every fault, the process holds no more TCP sockets than before the suite', async () => {
      await server.close();
      expect(await waitForTcpSockets(socketsBeforeSuite)).to.be.at.most(socketsBeforeSuite);
    });
  });
});
