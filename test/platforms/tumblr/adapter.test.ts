// The Tumblr adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/tumblr/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parsePosts } from '../../../src/infrastructure/platforms/tumblr/api.js';
import { parsePage } from '../../../src/infrastructure/platforms/tumblr/page.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const KEY = { tumblr: { apiKey: 'test-consumer-key' } };
const POST = (blog: string, id: string) => `https://www.tumblr.com/${blog}/${id}`;
const API = (blog: string, id: string) => `https://api.tumblr.com/v2/blog/${blog}.tumblr.com/posts?id=${id}&npf=true&api_key=test-consumer-key`;
const OEMBED = (blog: string, id: string) => `https://www.tumblr.com/oembed/1.0?url=https%3A%2F%2F${blog}.tumblr.com%2Fpost%2F${id}`;

const HL = 'harbour-lights';
const HL_AUTHOR = { name: 'Harbour Lights', url: 'https://www.tumblr.com/harbour-lights', handle: 'harbour-lights' };
const HL_AUTHOR_API = { ...HL_AUTHOR, avatar: 'https://64.media.tumblr.com/avatar_harbou01_512.png' };
const HL_COMMUNITY = { name: 'harbour-lights', url: 'https://harbour-lights.tumblr.com/' };
const PIER = {
  url: 'https://64.media.tumblr.com/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/f1x2u3r4e5-01/s2048x3072/a1a1a1a12048.jpg',
  width: 2048,
  height: 1365,
  alt: 'The east pier in fog',
};
const PORTRAIT = { url: 'https://64.media.tumblr.com/b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2/f1x2u3r4e5-01/s2048x3072/b2b2b2b22048.jpg', width: 1365, height: 2048 };

describe('TumblrAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  describe('without a consumer key', () => {
    it('when the post page answers, returns the photo card from its tags and JSON-LD, without asking the API or oEmbed', async () => {
      const { result, requests } = await given('tumblr', 'page-photo').resolve(POST(HL, '734512098765432109'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Harbour Lights (@harbour-lights)',
          description: 'Fog rolling over the east pier at dusk & the lamps coming on.',
          author: HL_AUTHOR,
          nsfw: false,
          community: HL_COMMUNITY,
          publishedAt: '2024-03-02T18:45:10Z',
          image: {
            url: 'https://64.media.tumblr.com/9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f/a1b2c3d4e5f60718-2a/s1280x1920/0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6.jpg',
            width: 1280,
            height: 853,
          },
        },
      });
      expect(requests.map((r) => r.url)).to.deep.equal([POST(HL, '734512098765432109')]);
      expect(requests[0]!.headers?.['user-agent']).to.match(/postlens/);
      expect(requests[0]!.allowedHosts).to.deep.equal(['www.tumblr.com', 'api.tumblr.com', 'tmblr.co']);
    });

    it('when the page fails with a 5xx, returns the oEmbed card naming the blog', async () => {
      const { result, requests } = await given('tumblr', 'oembed-fallback').resolve(POST(HL, '734512098765432109'));
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'link', title: 'Harbour Lights (@harbour-lights)', author: HL_AUTHOR, nsfw: false, community: HL_COMMUNITY },
      });
      expect(requests.map((r) => r.url)).to.deep.equal([POST(HL, '734512098765432109'), OEMBED(HL, '734512098765432109')]);
    });

    it('when the page answers 404, returns not-found without asking oEmbed', async () => {
      const { result, requests } = await given('tumblr', 'deleted').resolve(POST(HL, '734500000000000001'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(requests).to.have.length(1);
    });

    it('when the page and oEmbed both answer 403, returns blocked', async () => {
      const { result, requests } = await given('tumblr', 'blocked').resolve(POST(HL, '734500000000000002'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(requests.map((r) => r.url)).to.deep.equal([POST(HL, '734500000000000002'), OEMBED(HL, '734500000000000002')]);
    });

    it('when every strategy answers 429, returns rate-limited', async () => {
      nock('https://www.tumblr.com').get('/harbour-lights/734500000000000004').reply(429, '').get('/oembed/1.0').query(true).reply(429, '');
      expect((await given('tumblr').resolve(POST(HL, '734500000000000004'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it('when the page holds no post tags (a wall at the post URL), and oEmbed fails, returns blocked', async () => {
      nock('https://www.tumblr.com')
        .get('/harbour-lights/734500000000000005')
        .reply(200, '<html><head><title>Tumblr</title></head><body>Sign up</body></html>', { 'content-type': 'text/html' })
        .get('/oembed/1.0')
        .query(true)
        .reply(502, '');
      expect((await given('tumblr').resolve(POST(HL, '734500000000000005'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when neither the page nor oEmbed answers in time, returns timeout', async () => {
      nock('https://www.tumblr.com').get('/harbour-lights/734500000000000006').delay(1000).reply(200, '').get('/oembed/1.0').query(true).delay(1000).reply(200, {});
      const { result, requests } = await given('tumblr', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(POST(HL, '734500000000000006'));
      expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
      expect(requests).to.have.length(2);
    });
  });

  describe('with a consumer key (API v2, NPF)', () => {
    it('when the API answers a photo post, returns the gallery at the original sizes, with alt text, text, date, blog avatar and community; the key only in the API request', async () => {
      const { result, requests } = await given('tumblr', 'api-photos', { credentials: KEY }).resolve(POST(HL, '734512098765432109'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          image: PIER,
          images: [PIER, PORTRAIT],
          title: 'Harbour Lights (@harbour-lights)',
          description: 'Two from last night. The lamps came on at 18:40.',
          author: HL_AUTHOR_API,
          nsfw: false,
          community: HL_COMMUNITY,
          publishedAt: '2024-03-02T18:45:10Z',
        },
      });
      expect(requests.map((r) => r.url)).to.deep.equal([API(HL, '734512098765432109')]);
      expect(JSON.stringify(result)).not.to.include('test-consumer-key');
    });

    it('when the API answers a video post, returns the MP4 with its size and the poster as the image', async () => {
      const { result } = await given('tumblr', 'api-video', { credentials: KEY }).resolve(POST(HL, '734512098765432110'));
      expect(result.ok && result.card).to.deep.include({
        kind: 'video',
        video: { url: 'https://va.media.tumblr.com/tumblr_s9fixture01.mp4', mimeType: 'video/mp4', width: 1920, height: 1080 },
        image: { url: 'https://64.media.tumblr.com/tumblr_s9fixture01_frame1.jpg', width: 1920, height: 1080 },
        description: 'Tide coming in, time-lapse.',
        publishedAt: '2024-03-03T18:45:10Z',
      });
    });

    it('when the API answers an audio post, returns the sound with its artwork as the image (kind image, never video)', async () => {
      const { result } = await given('tumblr', 'api-audio', { credentials: KEY }).resolve(POST(HL, '734512098765432111'));
      expect(result.ok && result.card).to.deep.include({
        kind: 'image',
        audio: { url: 'https://va.media.tumblr.com/tumblr_fixtureaudio01.mp3', mimeType: 'audio/mpeg' },
        image: { url: 'https://64.media.tumblr.com/tumblr_fixtureaudio01_art.jpg', width: 640, height: 640 },
      });
      expect(result.ok && result.card.video).to.equal(undefined);
    });

    it('when the API answers a text post, its heading is the title, its paragraphs the text, its link block the link, its poll the poll', async () => {
      const { result } = await given('tumblr', 'api-text', { credentials: KEY }).resolve(POST(HL, '734512098765432112'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Notes on the new breakwater',
          description: 'The council finally published the plans.\n\nComments close on Friday.',
          author: HL_AUTHOR_API,
          nsfw: false,
          community: HL_COMMUNITY,
          publishedAt: '2024-03-05T18:45:10Z',
          link: {
            url: 'https://harbour.example/breakwater-plans',
            title: 'Breakwater plans 2024',
            description: 'Public consultation documents.',
            image: { url: 'https://64.media.tumblr.com/fixturelinkposter/s640x960/poster.jpg', width: 640, height: 336 },
          },
          poll: { options: [{ label: 'Yes' }, { label: 'No' }] },
        },
      });
    });

    it('when the API answers a reblog that adds only text, quotes the original post and shows its photo as the card image', async () => {
      const { result } = await given('tumblr', 'api-reblog', { credentials: KEY }).resolve(POST('quay-side-notes', '734599999999999901'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          image: PIER,
          title: 'Quay-side notes (@quay-side-notes)',
          description: 'This is the view from my window too.',
          author: { name: 'Quay-side notes', url: 'https://www.tumblr.com/quay-side-notes', handle: 'quay-side-notes', avatar: 'https://64.media.tumblr.com/avatar_quay-s01_512.png' },
          nsfw: false,
          community: { name: 'quay-side-notes', url: 'https://quay-side-notes.tumblr.com/' },
          publishedAt: '2024-03-06T18:45:10Z',
          quote: {
            platform: 'tumblr',
            canonicalUrl: 'https://www.tumblr.com/harbour-lights/734512098765432109',
            kind: 'image',
            title: 'Harbour Lights (@harbour-lights)',
            author: HL_AUTHOR,
            description: 'The east pier in fog.',
            image: PIER,
          },
        },
      });
    });

    it('when the blog is flagged NSFW, returns the card with nsfw true', async () => {
      const { result } = await given('tumblr', 'api-nsfw', { credentials: KEY }).resolve(POST('after-hours-studio', '734599999999999902'));
      expect(result.ok && result.card).to.deep.include({ nsfw: true, kind: 'image', image: PORTRAIT });
    });

    it('when the API hides an explicit blog (404) and the page is the login wall, returns blocked without asking oEmbed', async () => {
      const { result, requests } = await given('tumblr', 'hidden-blog', { credentials: KEY }).resolve(POST('after-dark-sketches', '734500000000000003'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(requests.map((r) => r.url)).to.deep.equal([API('after-dark-sketches', '734500000000000003'), POST('after-dark-sketches', '734500000000000003')]);
    });

    it('when the API answers 404 and the page 404, returns not-found', async () => {
      nock('https://api.tumblr.com').get('/v2/blog/harbour-lights.tumblr.com/posts').query(true).reply(404, { meta: { status: 404, msg: 'Not Found' }, response: [] });
      nock('https://www.tumblr.com').get('/harbour-lights/734500000000000007').reply(404, '<html></html>');
      expect((await given('tumblr', [], { credentials: KEY }).resolve(POST(HL, '734500000000000007'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when the API fails with a 5xx, the page gives the card', async () => {
      nock('https://api.tumblr.com').get('/v2/blog/harbour-lights.tumblr.com/posts').query(true).reply(500, '');
      const { result, requests } = await given('tumblr', 'page-photo', { credentials: KEY }).resolve(POST(HL, '734512098765432109'));
      expect(result.ok && result.card.kind).to.equal('image');
      expect(requests.map((r) => r.url)).to.deep.equal([API(HL, '734512098765432109'), POST(HL, '734512098765432109')]);
    });
  });

  it('when the URL named no post, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'tumblr', canonicalUrl: 'https://www.tumblr.com/harbour-lights', contentId: 'harbour-lights', ids: {} };
    const { result, requests } = await given('tumblr').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('TumblrAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when tmblr.co redirects to the post on its blog host, gives the same post on www', async () => {
    const { adapter } = given('tumblr', 'short-link');
    expect(await adapter.readShortLink('https://tmblr.co/ZqW8xe3Fk0aB', AbortSignal.timeout(5000))).to.deep.equal({
      ok: true,
      location: 'https://www.tumblr.com/harbour-lights/734512098765432109',
    });
  });

  it('when tmblr.co redirects anywhere else, gives that location as it is', async () => {
    nock('https://tmblr.co').get('/ZqW8xe3Fk0aC').reply(301, '', { location: 'https://www.tumblr.com/harbour-lights' });
    const { adapter } = given('tumblr');
    expect(await adapter.readShortLink('https://tmblr.co/ZqW8xe3Fk0aC', AbortSignal.timeout(5000))).to.deep.equal({ ok: true, location: 'https://www.tumblr.com/harbour-lights' });
  });
});

describe('tumblr parsers', () => {
  it('when a trail entry belongs to a deleted blog, quotes it as unavailable', () => {
    const body = {
      response: {
        posts: [
          {
            id_string: '700000000000000001',
            timestamp: 1709405110,
            blog: { name: 'quay-side-notes', title: 'Quay-side notes' },
            content: [{ type: 'text', text: 'Still thinking about this.' }],
            trail: [{ broken_blog_name: 'gone-blog', post: {}, content: [{ type: 'text', text: 'lost' }], layout: [] }],
          },
        ],
      },
    };
    const result = parsePosts(body, '700000000000000001');
    expect(result.ok && result.card.quote).to.deep.equal({ unavailable: true });
    expect(result.ok && result.card.kind).to.equal('link');
  });

  it('when a video comes from another site, gives its player as a text/html video', () => {
    const body = {
      response: {
        posts: [
          {
            id_string: '700000000000000002',
            blog: { name: 'harbour-lights' },
            content: [{ type: 'video', provider: 'youtube', url: 'https://www.youtube.com/watch?v=abc', embed_iframe: { url: 'https://www.youtube.com/embed/abc', width: 540, height: 304 } }],
          },
        ],
      },
    };
    const result = parsePosts(body, '700000000000000002');
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://www.youtube.com/embed/abc', mimeType: 'text/html', width: 540, height: 304 });
  });

  it('when the answer leaves the post out, says blocked (the API hides, it does not tell)', () => {
    expect(parsePosts({ response: { posts: [] } }, '700000000000000003')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the answer is no API envelope, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parsePosts('<html>', '1')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('when a page names only the blog avatar as its image, leaves the image out', () => {
    const html = '<html><head><meta property="og:title" content="Harbour Lights"><meta property="og:image" content="https://64.media.tumblr.com/avatar_0a1b2c_128.pnj"><meta property="og:description" content="Words only."></head></html>';
    const result = parsePage(html, 'harbour-lights');
    expect(result.ok && result.card).to.deep.include({ kind: 'link', description: 'Words only.' });
    expect(result.ok && result.card.image).to.equal(undefined);
  });
});
