// The pixiv adapter through the real HTTP adapter, the web API replayed from
// test/platforms/pixiv/fixtures/ (nock definitions), with the requests it made recorded: every card
// shape (a picture, a gallery, an ugoira's first frame, an R-18 work), every reason pixiv gives.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

const ILLUST = (id: string) => `https://www.pixiv.net/ajax/illust/${id}`;
const ARTWORK = (id: string) => `https://www.pixiv.net/artworks/${id}`;
const FILES = 'https://i.pximg.net/img-master/img/2024/05/01/20/15/30';
const ORIGINALS = 'https://i.pximg.net/img-original/img/2024/05/01/20/15/30';
const REFERER = { referer: 'https://www.pixiv.net/' };

describe('PixivAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the web API answers a one-page work, returns an image card of its original file at its size, with caption as text, author, date and counts, and the Referer its files need', async () => {
    const { result, requests } = await given('pixiv', 'illust').resolve('https://www.pixiv.net/en/artworks/118000101');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        image: { url: `${ORIGINALS}/118000101_p0.png`, width: 1448, height: 2048 },
        title: 'Lighthouse at dusk',
        // HTML: <br /> a newline, entities decoded, the jump.php link's text kept.
        description: 'Painted on the pier at dusk & finished at home.\nPrints: https://shop.example/prints',
        author: { name: 'Harbour Light', url: 'https://www.pixiv.net/users/41000001', handle: 'harbourlight' },
        nsfw: false,
        publishedAt: '2024-05-01T11:15:00Z',
        stats: { likes: 120, replies: 7, views: 5600, bookmarks: 340 },
      },
      mediaHeaders: REFERER,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([ILLUST('118000101')]);
  });

  it('when asking the web API, sends a browser User-Agent and pixiv Referer, asks for JSON, on www only', async () => {
    const { requests } = await given('pixiv', 'illust').resolve(ARTWORK('118000101'));
    expect(requests[0]!.headers).to.include({ accept: 'application/json', referer: 'https://www.pixiv.net/' });
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
    expect(requests[0]!.allowedHosts).to.deep.equal(['www.pixiv.net']);
  });

  it('when the work has several pages, returns a gallery: page 0 its original at its size, the later pages named from page 0 (_pN) without sizes', async () => {
    const { result } = await given('pixiv', 'manga').resolve('https://www.pixiv.net/member_illust.php?mode=manga&illust_id=118000102');
    if (!result.ok) expect.fail(`expected a card, got ${result.reason}`);
    const first = { url: `${ORIGINALS}/118000102_p0.jpg`, width: 1000, height: 1414 };
    expect(result.card).to.deep.include({ kind: 'gallery', image: first, title: 'Ferry crossing, three panels', nsfw: false });
    expect(result.card.images).to.deep.equal([first, { url: `${FILES}/118000102_p1_master1200.jpg` }, { url: `${FILES}/118000102_p2_master1200.jpg` }]);
    // An empty caption is no description.
    expect(result.card).not.to.have.property('description');
  });

  it('when the work is R-18G (xRestrict 2) and its files are given, returns its gallery with nsfw true', async () => {
    const { result } = await given('pixiv', 'r18-signed-in').resolve('https://www.pixiv.net/i/118000103');
    expect(result.ok && result.card).to.deep.include({ kind: 'gallery', nsfw: true, title: 'Bathhouse study' });
    expect(result.ok && result.card.images).to.have.length(2);
  });

  it('when the work is an ugoira, returns an image card of its first frame, never a gallery or a video', async () => {
    const { result } = await given('pixiv', 'ugoira').resolve('https://phixiv.net/artworks/118000105');
    expect(result.ok && result.card).to.deep.include({ kind: 'image', image: { url: `${ORIGINALS}/118000105_ugoira0.jpg`, width: 600, height: 600 } });
    expect(result.ok && result.card).not.to.have.any.keys('images', 'video');
  });

  it('when an R-18 work comes without its files (logged out), returns age-restricted with its title, caption and author', async () => {
    const { result } = await given('pixiv', 'r18-logged-out').resolve(ARTWORK('118000104'));
    expect(result).to.deep.equal({
      ok: false,
      reason: 'age-restricted',
      partial: {
        title: 'After hours',
        description: 'Members only <3',
        author: { name: 'Night Studio', url: 'https://www.pixiv.net/users/41000003', handle: 'nightstudio' },
      },
    });
  });

  it('when an all-ages work comes without its files (nothing pixiv is known to do), returns upstream-error with its text', async () => {
    const { result } = await given('pixiv', 'no-files').resolve(ARTWORK('118000109'));
    expect(result).to.deep.include({ ok: false, reason: 'upstream-error' });
    expect(!result.ok && result.partial).to.deep.include({ title: 'Sketchbook page' });
  });

  it('when the web API answers 404 with {"error":true}, returns not-found', async () => {
    const { result, requests } = await given('pixiv', 'not-found').resolve(ARTWORK('118000106'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the web API answers 429, returns rate-limited', async () => {
    expect((await given('pixiv', 'rate-limited').resolve(ARTWORK('118000108'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when the web API answers {"error":true} with a 200, returns upstream-error', async () => {
    expect((await given('pixiv', 'unexplained-error').resolve(ARTWORK('118000107'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the web API answers 403 (a wall for this address), returns blocked', async () => {
    nock('https://www.pixiv.net').get('/ajax/illust/118000110').reply(403, '<html>Just a moment…</html>', { 'content-type': 'text/html' });
    expect((await given('pixiv').resolve(ARTWORK('118000110'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the web API answers a 200 that is not its JSON (an HTML page), returns upstream-error', async () => {
    nock('https://www.pixiv.net').get('/ajax/illust/118000111').reply(200, '<html><body>maintenance</body></html>', { 'content-type': 'text/html' });
    expect((await given('pixiv').resolve(ARTWORK('118000111'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the answer gives only the regular file and no sizes, the picture has no size, and a file URL that is not https is none', async () => {
    nock('https://www.pixiv.net')
      .get('/ajax/illust/118000112')
      .reply(200, { error: false, body: { illustTitle: 'Regular only', xRestrict: 0, illustType: 0, pageCount: 1, urls: { original: 'javascript:alert(1)', regular: `${FILES}/118000112_p0_master1200.jpg` } } });
    const { result } = await given('pixiv').resolve(ARTWORK('118000112'));
    expect(result.ok && result.card).to.deep.equal({ kind: 'image', image: { url: `${FILES}/118000112_p0_master1200.jpg` }, title: 'Regular only', nsfw: false });
  });
});
