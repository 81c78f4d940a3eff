// Safe cards through the whole service (docs/design.md §4): a hostile Mastodon instance sends
// `javascript:`, `data:`, relative and other non-web URLs and text full of control characters; the
// JSON card and the oEmbed answers (JSON and XML, the XML read by a strict parser) carry none of it,
// fresh or from the cache.
import { expect } from 'chai';
import nock from 'nock';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp } from '../support/app.js';
import { childTexts, parseXml } from '../support/xml.js';

const INSTANCE = 'hostile.example';
const VIDEO_POST = `https://${INSTANCE}/@eve/113900000000009001`;
const GALLERY_POST = `https://${INSTANCE}/@eve/113900000000009002`;
const POSTER_POST = `https://${INSTANCE}/@eve/113900000000009003`;
const MEDIA = `https://files.${INSTANCE}/media`;

/** A control character a card's text never holds (tab and newline are allowed), or one XML 1.0 cannot carry. */
const NOT_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;
/** Keys whose value a client puts in an `href` or `src`. */
const URL_KEYS = new Set(['url', 'canonicalUrl', 'author_url', 'thumbnail_url', 'provider_url']);

/** Every string of a JSON value that is not safe: a URL that is not http(s), or text with a forbidden character. */
function unsafeValues(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const key = path.split('.').at(-1) ?? '';
    if (URL_KEYS.has(key) && !/^https?:\/\/[^\s]+$/i.test(value)) return [`${path}: ${JSON.stringify(value)}`];
    return NOT_TEXT.test(value) ? [`${path}: ${JSON.stringify(value)}`] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => unsafeValues(inner, path ? `${path}.${key}` : key));
}

describe('safe cards through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ MASTODON_INSTANCES: INSTANCE });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  const resolve = (url: string) => app.get(`/api/v1/resolve?url=${q(url)}`);
  const oembed = (url: string, format = 'json') => app.get(`/oembed?url=${q(url)}&format=${format}`, { anonymous: true });

  describe('GET /api/v1/resolve', () => {
    it('when every URL of the post is unsafe and its text holds control characters, answers a clean link card, the same from the cache', async () => {
      useFixture('mastodon', 'hostile-video');
      const fresh = await resolve(VIDEO_POST);
      expect(fresh.status).to.equal(200);
      // The javascript: profile URL takes the author with it, the javascript: video and data: poster
      // leave no media: a link card; `&#1;` and raw controls are gone, tab and newline kept.
      expect(fresh.body).to.deep.equal({
        status: 'ok',
        platform: 'mastodon',
        canonicalUrl: VIDEO_POST,
        kind: 'link',
        title: 'Eve [1mBold (@eve)',
        description: 'Line one end.\n\nTab\there\nCRLF €done',
        publishedAt: '2025-03-14T09:26:53Z',
        lang: 'en',
        siteName: 'Mastodon',
        themeColor: '#6364ff',
        nsfw: false,
        cacheHit: false,
      });
      nock.cleanAll();
      const cached = await resolve(VIDEO_POST);
      expect(cached.body).to.deep.equal({ ...fresh.body, cacheHit: true });
    });

    it('when gallery photos have relative, protocol-relative, data:, blob: and file: URLs, keeps only the https photos', async () => {
      useFixture('mastodon', 'hostile-gallery');
      const res = await resolve(GALLERY_POST);
      const a = { url: `${MEDIA}/a.png`, width: 800, height: 600 };
      const b = { url: `${MEDIA}/b.png`, width: 640, height: 480 };
      expect(res.body).to.deep.include({ kind: 'gallery', title: 'Eve\tTab (@eve)', author: { name: 'Eve\tTab', url: `https://${INSTANCE}/@eve`, handle: 'eve' }, image: a, images: [a, b] });
      expect(unsafeValues(res.body)).to.deep.equal([]);
    });

    it('when the video is an https URL with a vbscript: poster, keeps the video without the poster', async () => {
      useFixture('mastodon', 'hostile-poster');
      const res = await resolve(POSTER_POST);
      expect(res.body).to.include({ kind: 'video' });
      expect(res.body).to.not.have.any.keys('image', 'author');
      expect(res.body.video).to.deep.equal({ url: `${MEDIA}/v.mp4?a=1&b='x'`, mimeType: 'video/mp4', needsProxy: false, width: 1280, height: 720 });
    });

    it('when the cache holds an entry written before cards were made safe, drops it and answers the post cleaned', async () => {
      const plan = app.container.resolve(ResolveUseCase).plan(VIDEO_POST);
      if (!plan.ok) throw new Error('the post URL was refused');
      const cache = app.container.resolve<Cache>(CACHE);
      await cache.delete(plan.key);
      const unsafe = {
        status: 'ok',
        platform: 'mastodon',
        canonicalUrl: VIDEO_POST,
        kind: 'video',
        title: 'Eve\u0000 (@eve)',
        author: { name: 'Eve', url: 'javascript:alert(document.cookie)' },
        siteName: 'Mastodon',
        themeColor: '#6364ff',
        nsfw: false,
        video: { url: 'JaVaScRiPt:alert(1)', mimeType: 'video/mp4', needsProxy: false },
      };
      await cache.set(plan.key, { outcome: unsafe, freshUntil: Date.now() + 60_000 }, 60);
      useFixture('mastodon', 'hostile-video');
      const res = await resolve(VIDEO_POST);
      expect(res.body).to.include({ kind: 'link', title: 'Eve [1mBold (@eve)', cacheHit: false });
      expect(unsafeValues(res.body)).to.deep.equal([]);
    });
  });

  describe('GET /oembed', () => {
    for (const [name, post, fixture] of [
      ['the unsafe video post', VIDEO_POST, 'hostile-video'],
      ['the gallery', GALLERY_POST, 'hostile-gallery'],
      ['the video with a vbscript: poster', POSTER_POST, 'hostile-poster'],
    ] as const) {
      it(`for ${name}, answers JSON with only http(s) URLs and clean text, and XML a strict parser reads as the same data`, async () => {
        useFixture('mastodon', fixture);
        const json = await oembed(post);
        expect(json.status).to.equal(200);
        expect(unsafeValues(json.body)).to.deep.equal([]);
        const xml = await oembed(post, 'xml');
        expect(xml.status).to.equal(200);
        const root = parseXml(xml.text);
        expect(root.name).to.equal('oembed');
        const fromXml = childTexts(root);
        expect(fromXml).to.deep.equal(Object.fromEntries(Object.entries(json.body).map(([k, v]) => [k, String(v)])));
      });
    }

    it('for the unsafe video post, answers a link without author or thumbnail', async () => {
      useFixture('mastodon', 'hostile-video');
      const res = await oembed(VIDEO_POST);
      expect(res.body).to.include({ type: 'link', title: 'Eve [1mBold (@eve)' });
      expect(res.body).to.not.have.any.keys('author_name', 'author_url', 'thumbnail_url', 'html', 'url');
    });

    it('for the https video, answers player markup that is well-formed XML with the exact https src and no poster', async () => {
      useFixture('mastodon', 'hostile-poster');
      const res = await oembed(POSTER_POST);
      expect(res.body).to.include({ type: 'video', width: 1280, height: 720 });
      const player = parseXml(res.body.html);
      expect(player.name).to.equal('video');
      expect(player.attributes).to.deep.equal({ src: `${MEDIA}/v.mp4?a=1&b='x'`, width: '1280', height: '720', controls: '', playsinline: '' });
    });
  });
});
