// Single-flight through the whole service (docs/design.md §8, bench P5): concurrent cold resolves of one
// post share one upstream request, and a batch fetches each post once however often it appears.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../support/app.js';
import { appView, postUrl, thread } from '../support/bluesky.js';
import { eventually } from '../support/redis.js';

const CONCURRENT = 500;

describe('single-flight over HTTP', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start({ RATE_LIMIT_POINTS: '100000' });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it(`when ${CONCURRENT} identical cold requests arrive together, makes exactly 1 upstream request and answers all ${CONCURRENT} from it`, async () => {
    // The upstream answers only once every request has reached the service (plus a moment for the
    // last ones to get past auth, rate limit and the cache read), so none of them can be a cache
    // hit: all of them must be waiting on the one flight.
    let arrived = 0;
    app.server.on('request', () => arrived++);
    const upstream = appView('3kflight', (rkey) => [200, thread(rkey, 'one fetch')], async () => {
      await eventually(() => arrived >= CONCURRENT, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const url = `/api/v1/resolve?url=${q(postUrl('3kflight1'))}`;
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => app.get(url)));
    expect(arrived).to.equal(CONCURRENT);
    expect(upstream.calls).to.equal(1);
    expect(answers.map((a) => a.status)).to.deep.equal(answers.map(() => 200));
    // Every answer is the flight's own (cacheHit false): nobody was served by the cache instead.
    expect(answers.filter((a) => a.body.status === 'ok' && a.body.cacheHit === false && a.body.description === 'one fetch')).to.have.length(CONCURRENT);
    const again = await app.get(url);
    expect(again.body).to.include({ status: 'ok', cacheHit: true });
    expect(upstream.calls).to.equal(1);
  });

  it('when a batch names the same post many times under URL variants, fetches it once and answers every item', async () => {
    const upstream = appView('3kbatch', (rkey) => [200, thread(rkey)]);
    const variants = [postUrl('3kbatch1'), postUrl('3kbatch1') + '/', postUrl('3kbatch1').replace('bsky.app', 'fxbsky.app'), postUrl('3kbatch1') + '?ref=x', postUrl('3kbatch2')];
    const urls = [...variants, ...variants, ...variants];
    const res = await app.request('/api/v1/resolve', { body: { urls } });
    expect(res.status).to.equal(200);
    expect(res.body.results.map((r: { url: string }) => r.url)).to.deep.equal(urls);
    expect(res.body.results.map((r: { status: string }) => r.status)).to.deep.equal(urls.map(() => 'ok'));
    expect(res.body.results.map((r: { canonicalUrl: string }) => r.canonicalUrl)).to.deep.equal(urls.map((u) => (u.includes('3kbatch2') ? postUrl('3kbatch2') : postUrl('3kbatch1'))));
    expect(upstream.calls).to.equal(2);
  });

  it('when concurrent batches and single resolves ask for one cold post, they share one upstream request', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const upstream = appView('3kmixed', (rkey) => [200, thread(rkey)], () => held);
    const url = postUrl('3kmixed1');
    const pending = [
      ...Array.from({ length: 10 }, () => app.get(`/api/v1/resolve?url=${q(url)}`)),
      ...Array.from({ length: 5 }, () => app.request('/api/v1/resolve', { body: { urls: [url, url] } })),
    ];
    await eventually(() => upstream.calls > 0, 5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const answers = await Promise.all(pending);
    expect(upstream.calls).to.equal(1);
    const items = answers.flatMap((a) => (a.body.results ?? [a.body]) as { status: string }[]);
    expect(items).to.have.length(20);
    expect(items.every((i) => i.status === 'ok')).to.equal(true);
  });
});
