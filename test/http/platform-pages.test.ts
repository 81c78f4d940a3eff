// Every platform's pages that are not posts (a profile, a tag, a home page, from each platform's
// cases.ts) resolve to a branded `degraded` `unsupported` card without a single upstream request:
// the URL routes decide, not a fetch.
import { expect } from 'chai';
import nock from 'nock';
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import { q, TestApp } from '../support/app.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';

describe('pages that are not posts, every platform', () => {
  let app: TestApp;
  const attempted: string[] = [];
  // Requests nock had no answer for, but the test's own calls to the service on loopback.
  const onNoMatch = (req: { href?: string; hostname?: string; path?: string }) => {
    if (req.hostname !== '127.0.0.1' && req.hostname !== 'localhost') attempted.push(req.href ?? req.path ?? '?');
  };

  before(async () => {
    // Every platform enabled (the default disables none but what the config says).
    app = await TestApp.start({ DISABLED_PLATFORMS: '' });
    nock.emitter.on('no match', onNoMatch);
  });
  after(async () => {
    nock.emitter.removeListener('no match', onNoMatch);
    await app.close();
  });

  for (const { id, pages } of PLATFORM_CASE_LIST) {
    for (const page of pages) {
      it(`when ${page} (a ${id} page, not a post) is resolved, answers degraded unsupported with the brand and asks nothing upstream`, async () => {
        attempted.length = 0;
        const res = await app.get(`/api/v1/resolve?url=${q(page)}`);
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ status: 'degraded', platform: id, reason: 'unsupported', kind: 'link', siteName: PLATFORM_SPECS[id].name, themeColor: PLATFORM_SPECS[id].themeColor });
        expect(attempted, 'upstream requests').to.deep.equal([]);
      });
    }
  }
});
