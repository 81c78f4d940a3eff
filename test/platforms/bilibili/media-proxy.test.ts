// A Bilibili video through the media proxy, end to end: the service resolves the post (view and
// playurl from nock, test/platforms/bilibili/fixtures/ok.json) to its MP4 on the upos CDN; a local
// stand-in for that CDN refuses, as Bilibili's does, any request without the Referer of
// www.bilibili.com. The raw URL fails alone; the playableUrl plays it through /v/, whole and by
// range, because the adapter handed the Referer to the token and the proxy sends it.
import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { getDirect, getMedia } from '../../support/media-client.js';
import { mediaBytes, MediaUpstream, serveBytes } from '../../support/media-upstream.js';

const SECRET = 'bilibili-media-proxy-secret-0123456789abcd';
const BASE = 'https://media.postlens.test/';
const POST = 'https://www.bilibili.com/video/BV1Hq4y1m7Ts';
/** The fixture's file, without its signed query. */
const FILE = 'https://upos-sz-mirrorcos.bilivideo.com/upgcxcode/01/500100200/500100200-1-16.mp4';
const REFERER = 'https://www.bilibili.com';

/** Bilibili's stream hosts answer 403 without the Referer of its site (SOURCES.md). */
const fromBilibili = (req: IncomingMessage) => req.headers.referer === REFERER;

describe('media proxy: a Bilibili video end to end (Referer-locked MP4)', () => {
  const video = mediaBytes(150_000, 31);
  let cdn: MediaUpstream;
  let app: TestApp;

  before(async () => {
    cdn = (await MediaUpstream.start()).on(FILE, serveBytes(video, { type: 'video/mp4', require: fromBilibili }));
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: cdn.dispatcher() });
  });
  afterEach(() => nock.cleanAll());
  after(async () => {
    await app.close();
    await cdn.close();
  });

  it('when resolved with media=proxied, the raw video.url is refused alone, and the playableUrl streams it whole and by range with the Referer sent', async () => {
    useFixture('bilibili', 'ok');
    const resolved = await app.get(`/api/v1/resolve?url=${q(POST)}&media=proxied`);
    expect(resolved.body).to.include({ status: 'ok', platform: 'bilibili', canonicalUrl: POST, kind: 'video' });
    expect(resolved.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true, hasAudio: true });
    const { url, playableUrl } = resolved.body.video as { url: string; playableUrl: string };
    expect(url.startsWith(`${FILE}?`), url).to.equal(true);
    expect(playableUrl.startsWith(`${BASE}v/`), playableUrl).to.equal(true);
    // The token is sealed: neither the CDN's signature nor the Referer can be read from it.
    expect(playableUrl).not.to.include('fixturesig01').and.not.to.include('bilibili');

    expect((await getDirect(url, cdn.dispatcher())).status).to.equal(403);

    const path = '/' + playableUrl.slice(BASE.length);
    const whole = await getMedia(app, path);
    expect(whole.status).to.equal(200);
    expect(whole.headers['content-type']).to.equal('video/mp4');
    expect(whole.body.equals(video)).to.equal(true);

    const part = await getMedia(app, path, { headers: { range: 'bytes=50000-50999' } });
    expect(part.status).to.equal(206);
    expect(part.headers['content-range']).to.equal(`bytes 50000-50999/${video.length}`);
    expect(part.body.equals(video.subarray(50000, 51000))).to.equal(true);

    // Every request the proxy made carried the Referer and asked for the signed URL the card names.
    const proxied = cdn.seen(FILE).filter((r) => r.headers.referer !== undefined);
    expect(proxied).to.have.length(2);
    for (const r of proxied) {
      expect(r.headers.referer).to.equal(REFERER);
      expect(r.path).to.equal(new URL(url).pathname + new URL(url).search);
    }
    // Nothing of it in a log line: not the CDN signature, not the secret.
    const logs = app.logs.join('\n');
    for (const secret of ['fixturesig01', SECRET]) expect(logs).not.to.include(secret);
  });

  it('when resolved without media=proxied, the card still says the file needs the proxy and carries no playableUrl', async () => {
    useFixture('bilibili', 'ok');
    const resolved = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    expect(resolved.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true });
    expect(resolved.body.video).not.to.have.property('playableUrl');
  });
});
