// pixiv through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): its pictures need the proxy, said once by the spec, so each is marked needsProxy
// and, under media=proxied, carries a playableUrl that /v/ serves from a local i.pximg.net which,
// like pixiv's, refuses a request without pixiv's Referer. oEmbed draws the picture from it too.
import { expect } from 'chai';
import nock from 'nock';
import { readCachedResult, type CachedResult } from '../../../src/application/cached-result.js';
import { AesGcmSigner } from '../../../src/infrastructure/signer/aes-gcm.signer.js';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { getDirect, getMedia } from '../../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes } from '../../support/media-upstream.js';

const SECRET = 'pixiv-service-test-secret-0123456789abcdef';
const BASE = 'https://media.postlens.test/p/';
const REFERER = 'https://www.pixiv.net/';
const ARTWORK = 'https://www.pixiv.net/en/artworks/118000101';
const ORIGINAL = 'https://i.pximg.net/img-original/img/2024/05/01/20/15/30/118000101_p0.png';
const GALLERY = 'https://www.pixiv.net/artworks/118000102';
const GALLERY_FILES = [
  'https://i.pximg.net/img-original/img/2024/05/01/20/15/30/118000102_p0.jpg',
  'https://i.pximg.net/img-master/img/2024/05/01/20/15/30/118000102_p1_master1200.jpg',
  'https://i.pximg.net/img-master/img/2024/05/01/20/15/30/118000102_p2_master1200.jpg',
];

type Picture = { url: string; needsProxy?: boolean; playableUrl?: string; width?: number; height?: number };

/** The path of a playableUrl on the instance that minted it. */
function pathOf(playableUrl: string): string {
  expect(playableUrl.startsWith(`${BASE}v/`), playableUrl).to.equal(true);
  return '/' + playableUrl.slice(BASE.length);
}

describe('pixiv through the service', () => {
  let upstream: MediaUpstream;
  let app: TestApp;
  const png = mediaBytes(30_000, 5);
  const signer = new AesGcmSigner({ current: SECRET });

  before(async () => {
    upstream = await MediaUpstream.start();
  });
  beforeEach(async () => {
    upstream.reset();
    upstream.on(ORIGINAL, serveBytes(png, { type: 'image/png', require: (req) => req.headers.referer === REFERER }));
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: upstream.dispatcher() });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });
  after(async () => {
    await upstream.close();
  });

  it('when an artwork is resolved, answers its branded image card with the picture marked needsProxy, and no playableUrl unless asked for', async () => {
    useFixture('pixiv', 'illust');
    const res = await app.get(`/api/v1/resolve?url=${q('https://phixiv.net/en/artworks/118000101?utm_source=discord')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'pixiv', canonicalUrl: 'https://www.pixiv.net/artworks/118000101', kind: 'image', siteName: 'pixiv', themeColor: '#0096fa', nsfw: false });
    expect(res.body.image).to.deep.equal({ url: ORIGINAL, width: 1448, height: 2048, needsProxy: true });
  });

  it('when resolved with media=proxied, the picture has a playableUrl that /v/ streams from i.pximg.net with pixiv\'s Referer (which the raw URL alone is refused for), whole and by range', async () => {
    useFixture('pixiv', 'illust');
    const res = await app.get(`/api/v1/resolve?url=${q(ARTWORK)}&media=proxied`);
    const image = res.body.image as Picture;
    expect(image).to.include({ url: ORIGINAL, needsProxy: true });
    // The Referer is sealed in the token, never shown.
    expect(res.text).not.to.match(/"(referer|headers|mediaHeaders)"/i);

    expect((await getDirect(ORIGINAL, upstream.dispatcher())).status).to.equal(403);
    const whole = await getMedia(app, pathOf(image.playableUrl!));
    expect(whole.status).to.equal(200);
    expect(whole.headers['content-type']).to.equal('image/png');
    expect(whole.body.equals(png)).to.equal(true);
    const part = await getMedia(app, pathOf(image.playableUrl!) + '.png', { headers: { range: 'bytes=100-199' } });
    expect(part.status).to.equal(206);
    expect(part.body.equals(png.subarray(100, 200))).to.equal(true);

    const seen = upstream.seen(ORIGINAL).slice(1);
    expect(seen).to.have.length(2);
    for (const request of seen) expect(request.headers.referer).to.equal(REFERER);
  });

  it('when a gallery is resolved with media=proxied, every picture carries its own playableUrl, each sealing its file as an image type with the Referer', async () => {
    useFixture('pixiv', 'manga');
    const res = await app.get(`/api/v1/resolve?url=${q(GALLERY)}&media=proxied`);
    expect(res.body.kind).to.equal('gallery');
    const pictures = [res.body.image as Picture, ...(res.body.images as Picture[])];
    expect(pictures.map((p) => p.url)).to.deep.equal([GALLERY_FILES[0], ...GALLERY_FILES]);
    for (const picture of pictures) {
      expect(picture.needsProxy, picture.url).to.equal(true);
      const opened = signer.open(pathOf(picture.playableUrl!).slice('/v/'.length), Date.now());
      if (!opened.ok) expect.fail(`the token of ${picture.url} does not open: ${opened.error}`);
      expect(opened.ticket).to.deep.include({ url: picture.url, mimeType: picture.url.endsWith('.png') ? 'image/png' : 'image/jpeg', platform: 'pixiv', headers: { referer: REFERER } });
    }
  });

  it('when i.pximg.net refuses a picture even with the Referer, /v/ answers 502 without resolving the artwork again', async () => {
    upstream.on(ORIGINAL, serveBytes(png, { type: 'image/png', require: () => false }));
    useFixture('pixiv', 'illust');
    const playableUrl = ((await app.get(`/api/v1/resolve?url=${q(ARTWORK)}&media=proxied`)).body.image as Picture).playableUrl!;
    nock('https://www.pixiv.net').get(/.*/).reply(500, 'not asked');
    const refused = await getMedia(app, pathOf(playableUrl));
    expect(refused.status).to.equal(502);
    expect(nock.pendingMocks(), 'the web API was asked again').to.have.length(1);
  });

  it('when oEmbed is asked for an artwork, the photo is its playableUrl, never the i.pximg.net URL a page could not load', async () => {
    useFixture('pixiv', 'illust');
    const res = await app.get(`/oembed?url=${q(ARTWORK)}&maxwidth=724`);
    expect(res.body).to.include({ type: 'photo', title: 'Lighthouse at dusk', author_name: 'Harbour Light', width: 724, height: 1024, thumbnail_width: 724, thumbnail_height: 1024 });
    expect(pathOf(res.body.url as string)).to.match(/^\/v\//);
    expect(res.body.thumbnail_url).to.equal(res.body.url);
    expect(res.text).not.to.include('i.pximg.net');
    // A picture drawn from a token lives no longer than the token.
    expect(res.body.cache_age).to.be.at.most(3600);
  });

  it('when an R-18 artwork comes without its files, answers degraded age-restricted with its title and author', async () => {
    useFixture('pixiv', 'r18-logged-out');
    const res = await app.get(`/api/v1/resolve?url=${q('https://www.pixiv.net/artworks/118000104')}`);
    expect(res.body).to.include({ status: 'degraded', reason: 'age-restricted', platform: 'pixiv', title: 'After hours' });
    expect(res.body.author).to.deep.include({ name: 'Night Studio' });
  });

  it("when a pixiv answer is stored, the cache format keeps its pictures' needsProxy", () => {
    const image = { url: ORIGINAL, width: 1448, height: 2048, needsProxy: true as const };
    const entry = { outcome: { status: 'ok', platform: 'pixiv', canonicalUrl: 'https://www.pixiv.net/artworks/118000101', siteName: 'pixiv', themeColor: '#0096fa', kind: 'image', nsfw: false, image }, mediaHeaders: { referer: REFERER } } as CachedResult;
    expect(readCachedResult(JSON.parse(JSON.stringify(entry)))).to.deep.equal(entry);
  });
});
