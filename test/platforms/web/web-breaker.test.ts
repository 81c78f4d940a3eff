// One failing web host opens its own breaker only (issue 28 point 7, docs/design.md §9 "Open-ended
// platforms"): after BREAKER_THRESHOLD failures its pages answer circuit-open without a request,
// while another web host and every platform keep answering.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

const PAGE = '<html><head><title>Up</title><meta property="og:title" content="Up and running"></head></html>';

describe('web: a failing host opens its own breaker only', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', BREAKER_THRESHOLD: '2', BREAKER_COOLDOWN_S: '60' });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when one host fails past the threshold, it answers circuit-open with no request; another host and a platform still answer', async () => {
    const down = nock('https://down.example').get(/^\/p\d$/).times(2).reply(500, 'oops');
    for (const n of [1, 2]) expect((await app.get(`/api/v1/resolve?url=${q(`https://down.example/p${n}`)}`)).body).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(down.isDone()).to.equal(true);
    const untouched = nock('https://down.example').get('/p3').reply(200, PAGE, { 'content-type': 'text/html' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://down.example/p3')}`)).body).to.include({ status: 'degraded', platform: 'web', reason: 'circuit-open' });
    expect(untouched.isDone()).to.equal(false);

    nock('https://up.example').get('/').reply(200, PAGE, { 'content-type': 'text/html' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://up.example/')}`)).body).to.include({ status: 'ok', platform: 'web', title: 'Up and running' });
    useFixture('bluesky', 'image');
    expect((await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab')}`)).body).to.include({ status: 'ok', platform: 'bluesky' });
  });
});
