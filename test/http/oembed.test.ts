import { expect } from 'chai';
import nock from 'nock';
import { fileURLToPath } from 'node:url';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp } from '../support/app.js';
import { childTexts, parseXml } from '../support/xml.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';

const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

describe('GET /oembed', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when the post has one photo, answers a photo oEmbed without a key', async () => {
    useFixture('bluesky', 'image');
    const res = await app.get(`/oembed?url=${q(IMAGE_POST)}`, { anonymous: true });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ version: '1.0', type: 'photo', provider_name: 'Bluesky', provider_url: 'https://bsky.app', width: 1600, height: 1200, author_name: 'Bob Marley', cache_age: 3600 });
    expect(res.body.url).to.match(/^https:\/\/cdn\.bsky\.app\/img\/feed_fullsize\//);
  });

  it('when maxwidth is given, scales the size down keeping the aspect ratio', async () => {
    useFixture('bluesky', 'image');
    const res = await app.get(`/oembed?url=${q(IMAGE_POST)}&maxwidth=400`, { anonymous: true });
    expect(res.body).to.include({ width: 400, height: 300 });
  });

  it('when format is xml, answers the same data as XML with a restrictive CSP', async () => {
    useFixture('bluesky', 'image');
    const res = await app.get(`/oembed?url=${q(IMAGE_POST)}&format=xml`, { anonymous: true });
    expect(res.headers.get('content-type')).to.match(/^text\/xml/);
    expect(res.headers.get('content-security-policy')).to.match(/default-src 'none'/);
    expect(res.text).to.match(/^<\?xml version="1\.0"/);
    expect(res.text).to.include('<type>photo</type>').and.include('<width>1600</width>');
  });

  it('when the post is a YouTube video, answers a video oEmbed with an iframe player', async () => {
    useFixture('youtube', 'ok');
    const res = await app.get(`/oembed?url=${q('https://youtu.be/Pq3rS7tUv1w')}`, { anonymous: true });
    expect(res.body.type).to.equal('video');
    expect(res.body.html).to.match(/^<iframe src="https:\/\/www\.youtube\.com\/embed\//);
  });

  it('when the video plays only through the media proxy (TikTok), puts its playableUrl in html, never the cookie-locked raw URL', async () => {
    // The shipped replay folder's TikTok video stays valid until 2099 (the test fixtures' have expired: no token for them).
    const replay = await TestApp.start({ UPSTREAM_REPLAY_DIR: fileURLToPath(new URL('../../examples/replay/', import.meta.url)) });
    try {
      const res = await replay.get(`/oembed?url=${q('https://www.tiktok.com/@ines.bakes/video/7400000000000000202')}&format=xml`, { anonymous: true });
      const answer = childTexts(parseXml(res.text));
      expect(answer['type']).to.equal('video');
      const player = parseXml(answer['html']!);
      expect(player.name).to.equal('video');
      expect(player.attributes['src']!.startsWith(`${replay.config.publicBaseUrl.replace(/\/+$/, '')}/v/`), player.attributes['src']).to.equal(true);
      expect(answer['html']).not.to.include('/video/tos/');
      // The token plays: the proxy streams the recorded MP4 from it.
      const media = await replay.get(new URL(player.attributes['src']!).pathname, { anonymous: true, unchecked: true });
      expect([media.status, media.headers.get('content-type')]).to.deep.equal([200, 'video/mp4']);
    } finally {
      await replay.close();
    }
  });

  it('when the player is an iframe (YouTube), scales it to maxwidth/maxheight at the video aspect, 560 wide when none is asked', async () => {
    const youtube = async (query: string) => {
      useFixture('youtube', 'ok');
      const body = (await app.get(`/oembed?url=${q('https://youtu.be/Pq3rS7tUv1w')}${query}`, { anonymous: true })).body;
      const frame = parseXml(body.html).attributes;
      expect([frame['width'], frame['height']]).to.deep.equal([String(body.width), String(body.height)]);
      return [body.width, body.height];
    };
    // The card gives the player as 200×113, so that is its aspect.
    const aspect = 200 / 113;
    expect(await youtube('')).to.deep.equal([560, Math.round(560 / aspect)]);
    expect(await youtube('&maxwidth=1280')).to.deep.equal([1280, Math.round(1280 / aspect)]);
    expect(await youtube('&maxwidth=1280&maxheight=360')).to.deep.equal([Math.round(360 * aspect), 360]);
    expect(await youtube('&maxheight=180')).to.deep.equal([Math.round(180 * aspect), 180]);
  });

  it('when maxwidth/maxheight are given for an X photo, answers the largest of its name= files that fits, at that file\'s true size', async () => {
    const photo = async (query: string) => {
      useFixture('twitter', 'syndication-photo');
      const body = (await app.get(`/oembed?url=${q('https://x.com/marta_bakes/status/1790000000000000101')}${query}`, { anonymous: true })).body;
      expect([body.thumbnail_url, body.thumbnail_width, body.thumbnail_height]).to.deep.equal([body.url, body.width, body.height]);
      return [new URL(body.url).searchParams.get('name'), body.width, body.height];
    };
    const [, width, height] = await photo('');
    expect(await photo('')).to.deep.equal(['orig', width, height]);
    // large, medium and small fit 2048×2048, 1200×1200 and 680×680, never enlarged.
    const inSquare = (box: number) => [Math.round(width * Math.min(1, box / width, box / height)), Math.round(height * Math.min(1, box / width, box / height))];
    expect(await photo('&maxwidth=1500')).to.deep.equal(['medium', ...inSquare(1200)]);
    expect(await photo('&maxwidth=1500&maxheight=700')).to.deep.equal(['small', ...inSquare(680)]);
    // None fits: the smallest, at its own size (not scaled to 300).
    expect(await photo('&maxwidth=300')).to.deep.equal(['small', ...inSquare(680)]);
  });

  it('when maxwidth/maxheight are given for a Reddit photo, answers the largest of the previews the card lists that fits, at its true size', async () => {
    const photo = async (query: string) => {
      useFixture('reddit', 'image');
      const body = (await app.get(`/oembed?url=${q('https://www.reddit.com/r/skyscapes/comments/1qimg02/')}${query}`, { anonymous: true })).body;
      return [body.url, body.width, body.height];
    };
    // The fixture lists the upload (3024×4032) and one preview of it (108×144).
    expect(await photo('&maxwidth=4000')).to.deep.equal(['https://i.redd.it/q7skyimage01.jpeg', 3024, 4032]);
    const preview = ['https://preview.redd.it/q7skyimage01.jpeg?width=108&crop=smart&auto=webp&s=0a1b2c3d4e5f60718293a4b5c6d7e8f901234567', 108, 144];
    expect(await photo('&maxwidth=400')).to.deep.equal(preview);
    // None fits: the smallest file, at its own size.
    expect(await photo('&maxheight=50')).to.deep.equal(preview);
  });

  it('when maxwidth/maxheight are given for a YouTube video, answers the largest thumbnail file that fits, at its true size', async () => {
    const thumbnail = async (query: string) => {
      useFixture('youtube', 'ok');
      const body = (await app.get(`/oembed?url=${q('https://youtu.be/Pq3rS7tUv1w')}${query}`, { anonymous: true })).body;
      return [body.thumbnail_url, body.thumbnail_width, body.thumbnail_height];
    };
    expect(await thumbnail('&maxwidth=400')).to.deep.equal(['https://i.ytimg.com/vi/Pq3rS7tUv1w/mqdefault.jpg', 320, 180]);
    expect(await thumbnail('&maxheight=100')).to.deep.equal(['https://i.ytimg.com/vi/Pq3rS7tUv1w/default.jpg', 120, 90]);
    expect(await thumbnail('&maxwidth=50')).to.deep.equal(['https://i.ytimg.com/vi/Pq3rS7tUv1w/default.jpg', 120, 90]);
  });

  it('when no adapter matches, or the post does not exist, answers 404 {error}', async () => {
    expect((await app.get(`/oembed?url=${q('https://example.org/')}`, { anonymous: true })).status).to.equal(404);
    useFixture('bluesky', 'not-found');
    const res = await app.get(`/oembed?url=${q('https://bsky.app/profile/lena.test/post/3lplgone2222a')}`, { anonymous: true });
    expect(res.status).to.equal(404);
    expect(res.body.error).to.be.a('string');
  });

  it('when the post degrades for another reason, answers type link', async () => {
    const res = await app.get(`/oembed?url=${q('https://x.com/jack/status/20')}`, { anonymous: true });
    expect(res.body).to.include({ version: '1.0', type: 'link', provider_name: 'X' });
  });

  it('when maxwidth or the url are wrong, answers 400 naming the limit', async () => {
    expect((await app.get(`/oembed?url=${q(IMAGE_POST)}&maxwidth=-3`, { anonymous: true })).status).to.equal(400);
    const huge = await app.get(`/oembed?url=${q(IMAGE_POST)}&maxwidth=99999999`, { anonymous: true });
    expect([huge.status, huge.body.error]).to.deep.equal([400, 'The maxwidth parameter must be at most 99999 pixels.']);
    expect((await app.get('/oembed', { anonymous: true })).status).to.equal(400);
  });

  it('when the format is neither json nor xml, answers 501 (oEmbed 1.0), before any upstream request', async () => {
    const res = await app.get(`/oembed?url=${q(IMAGE_POST)}&format=yaml`, { anonymous: true });
    expect(res.status).to.equal(501);
    expect(res.body.error).to.match(/json and xml/);
  });

  it('when the post is private, answers 401 (oEmbed 1.0) without a WWW-Authenticate challenge', async () => {
    useFixture('reddit', 'private');
    const res = await app.get(`/oembed?url=${q('https://www.reddit.com/r/secret_club/comments/1qpriv0/')}`, { anonymous: true });
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('The post is private: it has no public embed.');
    expect(res.headers.get('www-authenticate')).to.equal(null);
  });

  it('keeps cache_age within the media URLs\' expiry (less the cache policy\'s margin) and, for a player on a playableUrl, within PROXY_TOKEN_TTL', async () => {
    const short = await TestApp.start({ PROXY_TOKEN_TTL: '600' });
    try {
      const url = 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101';
      useFixture('tiktok', 'video');
      const { cacheHit: _hit, ...outcome } = (await short.get(`/api/v1/resolve?url=${q(url)}`)).body;
      const plan = short.container.resolve(ResolveUseCase).plan(url);
      if (!plan.ok) throw new Error('the post URL was refused');
      const cacheAgeWithMediaFor = async (seconds: number) => {
        const now = Date.now();
        await short.container.resolve<Cache>(CACHE).set(plan.key, { outcome, mediaExpiresAt: now + seconds * 1000, freshUntil: now + 3_600_000 }, 3600);
        const body = (await short.get(`/oembed?url=${q(url)}`, { anonymous: true })).body;
        expect(body.html).to.include('/v/');
        return body.cache_age;
      };
      // 800 s of media life, less the 300 s margin, is shorter than the token's 600 s.
      expect(await cacheAgeWithMediaFor(800)).to.be.within(499, 500);
      // Media good for longer: the token's lifetime bounds it.
      expect(await cacheAgeWithMediaFor(20_000)).to.equal(600);
    } finally {
      await short.close();
    }
  });

  describe('every platform\'s healthy post, against oEmbed 1.0 §2.3.4\'s required fields per type', () => {
    const REQUIRED: Record<string, readonly string[]> = { photo: ['url', 'width', 'height'], video: ['html', 'width', 'height'], rich: ['html', 'width', 'height'], link: [] };
    for (const { id, healthy } of PLATFORM_CASE_LIST) {
      it(`${id}: json and xml (read by a strict XML parser) carry type, version and their type's fields, the same in both`, async () => {
        useFixture(id, healthy.scenario);
        const json = await app.get(`/oembed?url=${q(healthy.url)}&maxwidth=480`, { anonymous: true });
        expect(json.status, JSON.stringify(json.body)).to.equal(200);
        const xml = await app.get(`/oembed?url=${q(healthy.url)}&maxwidth=480&format=xml`, { anonymous: true });
        const root = parseXml(xml.text);
        expect(root.name).to.equal('oembed');
        const fromXml = childTexts(root);
        for (const answer of [json.body as Record<string, unknown>, fromXml]) {
          expect(answer['version']).to.equal('1.0');
          expect(REQUIRED).to.have.property(String(answer['type']));
          for (const field of REQUIRED[String(answer['type'])]!) expect(answer, `${answer['type']} ${field}`).to.have.property(field);
        }
        // A card with media gives more than a link: its photo or its player. TikTok's recorded video
        // URL expired in 2025, so it gets no playableUrl and, locked as it is, no player (a live one
        // is played above). Lemmy's API states no image sizes either.
        // A photo answer needs the photo's size: a card whose image has none (LinkedIn states none) gives a link.
        const { image } = (await app.get(`/api/v1/resolve?url=${q(healthy.url)}`)).body as { image?: { width?: number; height?: number } };
        const photo = image?.width !== undefined && image.height !== undefined ? 'photo' : 'link';
        expect(json.body.type, healthy.kind).to.equal(id === 'tiktok' ? 'link' : healthy.kind === 'image' ? photo : 'video');
        for (const field of ['width', 'height', 'thumbnail_width', 'thumbnail_height']) {
          if (field in json.body) expect(Number.isInteger(json.body[field]) && json.body[field] > 0, field).to.equal(true);
        }
        // A playableUrl (a proxied picture's, pixiv's) is minted per response: the two answers differ in its token only.
        const untokened = (answer: Record<string, unknown>) => Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, String(v).replace(/\/v\/[A-Za-z0-9_-]+/g, '/v/{token}')]));
        expect(untokened(fromXml)).to.deep.equal(untokened(json.body as Record<string, unknown>));
      });
    }
  });

  it('gives as cache_age how long postlens keeps the outcome: the card TTL for a card, the degraded TTL for a transient refusal', async () => {
    useFixture('bluesky', 'image');
    expect((await app.get(`/oembed?url=${q(IMAGE_POST)}`, { anonymous: true })).body.cache_age).to.equal(3600);
    const refused = await app.get(`/oembed?url=${q('https://x.com/jack/status/21')}`, { anonymous: true });
    expect(refused.body).to.include({ type: 'link', cache_age: 60 });
  });
});
