// The access log of the real process: lines are gathered before they reach stdout (one write per
// ~4 KB, pino.logger.ts), so what must hold is that none is lost or torn — a quiet server's lines
// still come out within ACCESS_FLUSH_MS, a burst's come out whole and in order, and the lines still
// gathered when the process exits on SIGTERM are written before it goes.
import { expect } from 'chai';
import { ACCESS_FLUSH_MS } from '../../src/infrastructure/logging/pino.logger.js';
import { TEST_KEY } from '../support/app.js';
import { ServiceProcess, type LogLine } from './service-process.js';

const SECRET = 'access-log-test-secret-0123456789abcdef';
const isAccess = (line: LogLine) => line.msg === 'request';

async function canonical(service: ServiceProcess, requestId: string): Promise<number> {
  const url = `${service.baseUrl}/api/v1/canonical?url=${encodeURIComponent('https://x.com/jack/status/20')}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${TEST_KEY}`, 'x-request-id': requestId } });
  await response.arrayBuffer();
  return response.status;
}

// One process for both tests, in order: the first asks it while it is still quiet, the second ends it.
describe('access log of the service process', function () {
  this.timeout(60_000);
  let service: ServiceProcess;

  before(async () => {
    service = await ServiceProcess.start({ env: { API_KEYS: TEST_KEY, PROXY_SECRET: SECRET, RATE_LIMIT_POINTS: '100000' } });
  });
  after(async () => {
    await service?.kill();
  });

  it('writes a quiet server’s line within the flush interval, and a burst’s lines whole and in order', async () => {
    const asked = Date.now();
    expect(await canonical(service, 'quiet-request-0001')).to.equal(200);
    const quiet = await service.waitFor((l) => isAccess(l) && l.reqId === 'quiet-request-0001', 5_000);
    // One request is far below a batch: only the interval writes it.
    expect(Date.now() - asked).to.be.below(ACCESS_FLUSH_MS + 1_500);
    expect(quiet).to.include({ level: 30, method: 'GET', path: '/api/v1/canonical', status: 200 });

    // 150 lines of ~130 characters: several full batches and a remainder.
    const ids = Array.from({ length: 150 }, (_, i) => `burst-request-${String(i).padStart(4, '0')}`);
    for (const id of ids) expect(await canonical(service, id)).to.equal(200);
    await service.waitFor((l) => isAccess(l) && l.reqId === ids.at(-1), 5_000);
    const seen = service.lines.filter((l) => isAccess(l) && String(l.reqId).startsWith('burst-')).map((l) => l.reqId);
    expect(seen).to.deep.equal(ids);
    expect(service.other, 'no torn or foreign text on stdout').to.deep.equal([]);
  });

  it('writes the lines still gathered when SIGTERM ends the process', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => `last-request-${i}`);
    for (const id of ids) expect(await canonical(service, id)).to.equal(200);
    service.signal('SIGTERM');
    const exit = await service.exited;
    expect(exit.code).to.equal(0);
    const seen = service.lines.filter((l) => isAccess(l) && String(l.reqId).startsWith('last-request-')).map((l) => l.reqId);
    expect(seen).to.deep.equal(ids);
  });
});
