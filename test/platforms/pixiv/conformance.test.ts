// The pixiv adapter's reader over the real captures (../shared/fixtures/upstream/pixiv: PixivUtil2's
// saved `/ajax/illust/{id}` answers): every capture read into the card or the reason it stands for,
// and the canonical URLs pixiv itself names (extraData.meta) matched by the URL routes.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { parseIllust } from '../../../src/infrastructure/platforms/pixiv/illust.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const SFW = 'pixivutil2-ajax-illust-67729319-single-image-sfw.json';
const TWO_PAGES = 'pixivutil2-ajax-illust-67487303-r18-xRestrict1-2pages.json';
const LOGGED_OUT = 'pixivutil2-ajax-illust-67089412-r18-logged-out-null-urls.json';
const MANGA = 'pixivutil2-ajax-illust-28820443-manga-illustType1-r18.json';
const UGOIRA = 'pixivutil2-ajax-illust-46281014-ugoira-illustType2.json';
const NOT_FOUND = 'pixivutil2-ajax-illust-123-error-not-found.json';
const UNKNOWN_ERROR = 'pixivutil2-ajax-error-unknown.json';
const WORKS = [SFW, TWO_PAGES, LOGGED_OUT, MANGA, UGOIRA];

const capture = (file: string): unknown => JSON.parse(readCapture('pixiv', file));
const idOf = (file: string): string => /illust-(\d+)/.exec(file)![1]!;
const parsed = (file: string) => parseIllust(200, capture(file), idOf(file));

function card(file: string) {
  const result = parsed(file);
  if (!result.ok) expect.fail(`${file}: expected a card, got ${result.reason}`);
  return result.card;
}

describeCaptures('pixiv conformance', () => {
  describe('/ajax/illust/{id}', () => {
    it(`when given ${SFW}, returns the image card: the original file at the answer's size, caption as text, author, date and counts`, () => {
      const c = card(SFW);
      expect(c).to.deep.include({
        kind: 'image',
        image: { url: 'https://i.pximg.net/img-original/img/2018/03/14/18/00/24/67729319_p0.jpg', width: 721, height: 1200 },
        title: '独り言',
        author: { name: '河CY', url: 'https://www.pixiv.net/users/3869665', handle: 'kawanocyan' },
        nsfw: false,
        publishedAt: '2018-03-14T09:00:00Z',
        stats: { likes: 55509, replies: 111, views: 440535, bookmarks: 62398 },
      });
      // The caption's HTML is gone: <br /> are line breaks, a link is its text.
      expect(c.description).to.match(/^『Fate\/Grand Order』や/);
      expect(c.description).to.include('\n※OrangeさんのPixivページ→\u3000user/5199746\n');
      expect(c.description).not.to.match(/<|&[a-z#0-9]+;/);
    });

    it(`when given ${TWO_PAGES}, returns a gallery of both pages flagged nsfw (xRestrict 1), page 1 named from page 0's regular file`, () => {
      const c = card(TWO_PAGES);
      expect(c).to.deep.include({ kind: 'gallery', nsfw: true, title: 'ネロ 4話風呂', description: 'https://www.patreon.com/seed1yet\nGumroad Store\nhttps://gumroad.com/seed1yet' });
      expect(c.images).to.deep.equal([
        { url: 'https://i.pximg.net/img-original/img/2018/02/27/12/31/22/67487303_p0.jpg', width: 529, height: 800 },
        { url: 'https://i.pximg.net/img-master/img/2018/02/27/12/31/22/67487303_p1_master1200.jpg' },
      ]);
      expect(c.image).to.deep.equal(c.images![0]);
    });

    it(`when given ${MANGA}, returns the manga (illustType 1) as a gallery of its pageCount pages, nsfw`, () => {
      const c = card(MANGA);
      expect(c).to.deep.include({ kind: 'gallery', nsfw: true, publishedAt: '2012-07-22T23:36:00Z' });
      expect(c.images!.map((i) => i.url)).to.deep.equal([
        'https://i.pximg.net/img-original/img/2012/07/23/08/36/42/28820443_p0.jpg',
        'https://i.pximg.net/img-master/img/2012/07/23/08/36/42/28820443_p1_master1200.jpg',
      ]);
      expect(c.author).to.deep.equal({ name: '飛燕@MAIDOLL', url: 'https://www.pixiv.net/users/554800', handle: 'maidoll' });
    });

    it(`when given ${UGOIRA}, returns an image card of the ugoira's first frame`, () => {
      const c = card(UGOIRA);
      expect(c).to.deep.include({ kind: 'image', nsfw: false, image: { url: 'https://i.pximg.net/img-original/img/2014/10/01/01/38/42/46281014_ugoira0.jpg', width: 1000, height: 1000 } });
      expect(c).not.to.have.any.keys('images', 'video', 'description');
    });

    it(`when given ${LOGGED_OUT}, returns age-restricted with the work's text (every file URL is null logged out)`, () => {
      expect(parsed(LOGGED_OUT)).to.deep.equal({
        ok: false,
        reason: 'age-restricted',
        partial: {
          title: 'Secretly<3',
          description: '<33333\n\nIf you like my works, please consider supporting me through my ko-fi.\nhttp://ko-fi.com/L4L77LX6',
          author: { name: 'Moisture', url: 'https://www.pixiv.net/users/1854020', handle: 'k2321656' },
        },
      });
    });

    it(`when given ${NOT_FOUND} with the 404 the live site answers it with, returns not-found (its status was not recorded: under a 200 it is an unexplained error)`, () => {
      expect(parseIllust(404, capture(NOT_FOUND), '123')).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(parseIllust(200, capture(NOT_FOUND), '123')).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it(`when given ${UNKNOWN_ERROR}, returns upstream-error`, () => {
      expect(parseIllust(200, capture(UNKNOWN_ERROR), '1')).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when a work is read, every file of its card is on i.pximg.net, the host the spec names as needing the proxy', () => {
      for (const file of WORKS) {
        const result = parsed(file);
        if (!result.ok) continue;
        for (const image of result.card.images ?? [result.card.image!]) expect(new URL(image.url).host, file).to.equal('i.pximg.net');
      }
    });

    it("when a work names its own canonical URL (extraData.meta: the English page and the Japanese one), the routes give the card's canonical URL, equal to the Japanese one", () => {
      const specs = createSpecList();
      for (const file of WORKS) {
        const meta = (capture(file) as { body: { extraData: { meta: { canonical: string; alternateLanguages: { ja?: string } | [] } } } }).body.extraData.meta;
        const accepted = acceptUrl(meta.canonical, 2048);
        if (!accepted.ok) expect.fail(accepted.error);
        const result = canonicalize(specs, accepted.url);
        expect({ platform: result.platform, canonicalUrl: result.canonicalUrl }, file).to.deep.equal({ platform: 'pixiv', canonicalUrl: `https://www.pixiv.net/artworks/${idOf(file)}` });
        if (!Array.isArray(meta.alternateLanguages)) expect(meta.alternateLanguages.ja, file).to.equal(result.canonicalUrl);
      }
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('pixiv', /\.json$/)).to.deep.equal([...WORKS, NOT_FOUND, UNKNOWN_ERROR].sort());
    });
  });
});
