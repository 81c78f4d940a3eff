// Bilibili through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a b23.tv link expands and resolves to the branded card; an av number and a player
// link canonicalise without a fetch. (Pages that are not posts, and the /platforms listing, are
// checked for every platform by test/http/platform-pages.test.ts and test/http/endpoints.test.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('bilibili through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a b23.tv link is resolved, follows it to the video and answers its card under the canonical URL, with the platform brand', async () => {
    useFixture('bilibili', 'short-link');
    useFixture('bilibili', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://b23.tv/Xk3mQ7p?share_medium=iphone')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'bilibili',
      canonicalUrl: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts',
      kind: 'video',
      siteName: 'Bilibili',
      themeColor: '#00a1d6',
      title: 'Harbour lights at dusk, a timelapse',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true, duration: 94.021 });
    expect(res.body.image).to.deep.equal({ url: 'https://i1.hdslb.com/bfs/archive/bv1hq4y1m7tscover.jpg' });
  });

  it('when a video falls back to the embeddable player, answers it as a player page that needs no proxy', async () => {
    useFixture('bilibili', 'flv');
    const res = await app.get(`/api/v1/resolve?url=${q('https://m.bilibili.com/video/BV1s7411A79p')}`);
    expect(res.body.video).to.deep.include({ url: 'https://player.bilibili.com/player.html?bvid=BV1s7411A79p', mimeType: 'text/html', needsProxy: false });
  });

  it('when asked for the canonical URL of an av number and of a player link, answers the BV form without an upstream request', async () => {
    const av = await app.get(`/api/v1/canonical?url=${q('https://www.bilibili.com/video/av170001/?p=2&spm_id_from=333.788')}`);
    expect(av.body).to.deep.equal({ platform: 'bilibili', canonicalUrl: 'https://www.bilibili.com/video/BV17x411w7KC?p=2' });
    const player = await app.get(`/api/v1/canonical?url=${q('https://player.bilibili.com/player.html?aid=85440373&bvid=BV117411r7R1&cid=146044693&p=1')}`);
    expect(player.body).to.deep.equal({ platform: 'bilibili', canonicalUrl: 'https://www.bilibili.com/video/BV117411r7R1' });
  });
});
