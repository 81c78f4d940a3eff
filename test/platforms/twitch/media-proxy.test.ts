// Twitch end to end through the media proxy: the adapter reads the clip from GQL (nock), the card's
// MP4 carries its access token (sig and token) and so plays on its own (needsProxy false), while
// `media=proxied` still mints a playableUrl that a local stand-in for the clip CDN serves through
// `/v/`, whole and by range. The same URL without its token is refused, as by the real CDN.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { getDirect, getMedia } from '../../support/media-client.js';
import type { IncomingMessage } from 'node:http';
import { mediaBytes, MediaUpstream, serveBytes } from '../../support/media-upstream.js';

const SECRET = 'twitch-media-proxy-secret-0123456789abcdef';
const BASE = 'https://media.postlens.test/p/';
const CLIP = 'https://clips.twitch.tv/KettleHarbourLight-aB3dE5fG7hJ9kL1m';
const CLIP_CDN_HOST = 'production.assets.clips.twitchcdn.net';
const MEDIA_PATH = '/v2/media/KettleHarbourLight01/video.mp4';

/** What the clip CDN checks, as the real one does: the access token's `sig` and `token`. */
function isSigned(req: IncomingMessage): boolean {
  const query = new URL(req.url ?? '/', `https://${CLIP_CDN_HOST}`).searchParams;
  return query.has('sig') && query.has('token');
}

/** The path of a playableUrl on the instance that minted it. */
function pathOf(playableUrl: string): string {
  expect(playableUrl.startsWith(`${BASE}v/`), playableUrl).to.equal(true);
  return '/' + playableUrl.slice(BASE.length);
}

describe('media proxy: Twitch clip end to end', () => {
  const video = mediaBytes(180_000, 23);
  let cdn: MediaUpstream;
  let app: TestApp;

  before(async () => {
    cdn = (await MediaUpstream.start()).on(`https://${CLIP_CDN_HOST}${MEDIA_PATH}`, serveBytes(video, { require: isSigned }));
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: cdn.dispatcher() });
  });
  afterEach(() => nock.cleanAll());
  after(async () => {
    await app.close();
    await cdn.close();
  });

  it('when resolved with media=proxied, the signed MP4 plays raw and through its playableUrl, whole and by range; unsigned it is refused', async () => {
    useFixture('twitch', 'clip');
    const resolved = await app.get(`/api/v1/resolve?url=${q(CLIP)}&media=proxied`);
    expect(resolved.status).to.equal(200);
    expect(resolved.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false, duration: 27 });
    const { url, playableUrl } = resolved.body.video as { url: string; playableUrl: string };
    expect(new URL(url).host).to.equal(CLIP_CDN_HOST);
    expect(new URL(url).searchParams.get('sig')).to.equal('0f5e1d2c3b4a59687766554433221100ffeeddcc');
    // The token is sealed inside the playableUrl, not readable from it.
    expect(playableUrl).not.to.include('0f5e1d2c3b4a59687766554433221100ffeeddcc');

    // The raw URL plays on its own (that is why needsProxy is false); without its token it does not.
    const raw = await getDirect(url, cdn.dispatcher());
    expect(raw.status).to.equal(200);
    expect(raw.body.equals(video)).to.equal(true);
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await getDirect(unsigned.toString(), cdn.dispatcher())).status).to.equal(403);

    const whole = await getMedia(app, pathOf(playableUrl));
    expect(whole.status).to.equal(200);
    expect(whole.headers['content-type']).to.equal('video/mp4');
    expect(whole.body.equals(video)).to.equal(true);

    const part = await getMedia(app, pathOf(playableUrl), { headers: { range: 'bytes=90000-90499' } });
    expect(part.status).to.equal(206);
    expect(part.headers['content-range']).to.equal(`bytes 90000-90499/${video.length}`);
    expect(part.body.equals(video.subarray(90000, 90500))).to.equal(true);

    // What the proxy asked the CDN for: the signed URL, the client's range, no cookie or Referer.
    const proxied = cdn.requests.slice(-2);
    for (const request of proxied) {
      expect(request.path).to.equal(new URL(url).pathname + new URL(url).search);
      expect(request.headers).not.to.have.property('cookie');
      expect(request.headers).not.to.have.property('referer');
    }
    expect(proxied[1]!.headers.range).to.equal('bytes=90000-90499');

    // Nothing of the token or the web client id in any log line.
    const logs = app.logs.join('\n');
    for (const secret of ['0f5e1d2c3b4a59687766554433221100ffeeddcc', 'kimne78kx3ncx6brgo4mv6wki5h1ko', SECRET]) expect(logs).not.to.include(secret);
  });

  it('when resolved without media=proxied, the card has no playableUrl', async () => {
    useFixture('twitch', 'clip');
    const resolved = await app.get(`/api/v1/resolve?url=${q(CLIP)}`);
    expect(resolved.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false });
    expect(resolved.body.video).not.to.have.property('playableUrl');
  });
});

describe('Twitch clip whose signed URL has expired, through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it("when the clip's signed URL has expired, answers 200 ok with the clip's card (title, thumbnail) and its page as the video, which needs no proxy", async () => {
    useFixture('twitch', 'clip-token-expired');
    const res = await app.get(`/api/v1/resolve?url=${q(CLIP)}&media=proxied`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'twitch', kind: 'video' });
    expect(res.body.title).to.be.a('string');
    expect(res.body.image.url).to.match(/^https:\/\//);
    expect(res.body.video).to.deep.equal({ url: CLIP, mimeType: 'text/html', duration: 27, needsProxy: false });
  });
});
