// Issue 4, point 6: TikTok end to end. The adapter reads the post page (nock) and hands the page's
// chain-token cookie and the Referer to the token; a local media host that, like TikTok's CDN,
// refuses requests without them shows the raw video.url failing and the playableUrl playing,
// Range included. Also: two instances with one PROXY_SECRET serve each other's tokens.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../support/app.js';
import { getDirect, getMedia } from '../support/media-client.js';
import { MediaUpstream, mediaBytes } from '../support/media-upstream.js';
import { CHAIN_COOKIE, TIKTOK_POST, TIKTOK_REFERER, TIKTOK_VIDEO, serveLikeTikTok, useTikTokPage } from '../support/tiktok-media.js';

const SECRET = 'tiktok-end-to-end-secret-0123456789abcdef';
const BASE = 'https://media.postlens.test/p/';

/** The path of a playableUrl on whichever instance serves it. */
function pathOf(playableUrl: string): string {
  expect(playableUrl.startsWith(`${BASE}v/`), playableUrl).to.equal(true);
  return '/' + playableUrl.slice(BASE.length);
}

describe('media proxy: TikTok end to end', () => {
  let upstream: MediaUpstream;
  let app: TestApp;
  const video = mediaBytes(200_000, 11);

  before(async () => {
    upstream = await MediaUpstream.start();
  });
  beforeEach(async () => {
    upstream.reset();
    upstream.on(TIKTOK_VIDEO, serveLikeTikTok(video));
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: upstream.dispatcher() });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });
  after(async () => {
    await upstream.close();
  });

  it('when the raw video.url is fetched alone it is refused, and the playableUrl plays it whole and by range', async () => {
    useTikTokPage();
    const resolved = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
    expect(resolved.body.video).to.include({ needsProxy: true, mimeType: 'video/mp4' });
    const { url, playableUrl } = resolved.body.video as { url: string; playableUrl: string };
    expect(url.startsWith(TIKTOK_VIDEO + '?')).to.equal(true);
    expect(playableUrl).not.to.include('Q2hhaW5Ub2tlbk1hcnRh');

    const raw = await getDirect(url, upstream.dispatcher());
    expect(raw.status).to.equal(403);

    const whole = await getMedia(app, pathOf(playableUrl));
    expect(whole.status).to.equal(200);
    expect(whole.body.equals(video)).to.equal(true);
    expect(whole.headers).not.to.have.property('set-cookie');

    const part = await getMedia(app, pathOf(playableUrl) + '.mp4', { headers: { range: 'bytes=100000-100099' } });
    expect(part.status).to.equal(206);
    expect(part.headers['content-range']).to.equal(`bytes 100000-100099/${video.length}`);
    expect(part.body.equals(video.subarray(100000, 100100))).to.equal(true);

    // Nothing secret in any log line: not the cookie, not the media URL's signature.
    const logs = app.logs.join('\n');
    for (const secret of ['Q2hhaW5Ub2tlbk1hcnRh', 'signature=', SECRET]) expect(logs).not.to.include(secret);
    expect(logs).to.include('"path":"/v/');

    const sent = upstream.seen(TIKTOK_VIDEO).filter((r) => r.headers.cookie);
    expect(sent).to.have.length(2);
    for (const r of sent) {
      expect(r.headers.cookie).to.equal(CHAIN_COOKIE);
      expect(r.headers.referer).to.equal(TIKTOK_REFERER);
    }
  });

  it('when two instances share PROXY_SECRET, each serves the tokens the other minted; another secret serves none', async () => {
    const second = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: upstream.dispatcher() });
    const stranger = await TestApp.start({ PROXY_SECRET: 'another-secret-entirely-0123456789abcdef', PUBLIC_BASE_URL: BASE }, { mediaDispatcher: upstream.dispatcher() });
    try {
      useTikTokPage();
      const fromFirst = (await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`)).body.video.playableUrl as string;
      const fromSecond = (await second.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`)).body.video.playableUrl as string;
      const onSecond = await getMedia(second, pathOf(fromFirst), { headers: { range: 'bytes=0-9' } });
      expect(onSecond.status).to.equal(206);
      expect(onSecond.body.equals(video.subarray(0, 10))).to.equal(true);
      const onFirst = await getMedia(app, pathOf(fromSecond));
      expect(onFirst.status).to.equal(200);
      expect(onFirst.body.equals(video)).to.equal(true);
      const onStranger = await getMedia(stranger, pathOf(fromFirst));
      expect(onStranger.status).to.equal(404);
    } finally {
      await second.close();
      await stranger.close();
    }
  });
});
