// The Dailymotion adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/dailymotion/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseMetadata } from '../../../src/infrastructure/platforms/dailymotion/metadata.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const METADATA = (id: string) => `https://www.dailymotion.com/player/metadata/video/${id}?app=com.dailymotion.neon`;
const OEMBED = (id: string) => `https://www.dailymotion.com/services/oembed?url=https%3A%2F%2Fwww.dailymotion.com%2Fvideo%2F${id}&format=json`;

const VIDEO = (id: string) => `https://www.dailymotion.com/video/${id}`;

describe('DailymotionAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the player metadata answers, returns the video card with its HLS stream and duration, tallest poster, creation time and channel handle, without asking oEmbed', async () => {
    const { result, requests } = await given('dailymotion', 'ok').resolve(VIDEO('x8q2k4m'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Tidal bore on the Severn at dawn',
        // screenname is the name, username the handle.
        author: { name: 'Severn Watch', url: 'https://www.dailymotion.com/severnwatch', handle: 'severnwatch' },
        nsfw: false,
        image: { url: 'https://s1.dmcdn.net/v/Sv3rnB0reDawn01/x1080' },
        video: {
          url: 'https://www.dailymotion.com/cdn/manifest/video/x8q2k4m.m3u8?sec=FixtureSecToken01&dmTs=100001',
          mimeType: 'application/vnd.apple.mpegurl',
          duration: 94,
        },
        // created_time 1735714800, epoch seconds.
        publishedAt: '2025-01-01T07:00:00Z',
      },
    });
    expect(urls).to.deep.equal([METADATA('x8q2k4m')]);
  });

  it('when asking the player metadata, sends the family-filter opt-out and a browser User-Agent, on www only', async () => {
    const { requests } = await given('dailymotion', 'ok').resolve(VIDEO('x8q2k4m'));
    expect(requests[0]!.headers).to.include({ cookie: 'ff=off', accept: 'application/json' });
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
    expect(requests[0]!.allowedHosts).to.deep.equal(['www.dailymotion.com']);
  });

  it('when the metadata flags the video explicit, returns its card with nsfw true', async () => {
    const { result } = await given('dailymotion', 'explicit').resolve(VIDEO('x8nsfw2'));
    expect(result).to.deep.include({ ok: true });
    expect(result.ok && result.card).to.deep.include({
      nsfw: true,
      title: 'Late show: uncensored cut',
      // No owner URL in the answer: the channel page is built from the username.
      author: { name: 'Late Show Archive', url: 'https://www.dailymotion.com/lateshowarchive', handle: 'lateshowarchive' },
    });
  });

  it('when the player metadata fails with a 5xx, returns the oEmbed card with the embed player at its size and the handle from the channel URL', async () => {
    const { result, requests } = await given('dailymotion', 'oembed-fallback').resolve(VIDEO('x8fb01a'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Harbour ferry crossing in a gale',
        author: { name: 'Quayside Films', url: 'https://www.dailymotion.com/quaysidefilms', handle: 'quaysidefilms' },
        nsfw: false,
        image: { url: 'https://s2.dmcdn.net/v/Qu4ysideFerry03/x240', width: 427, height: 240 },
        video: { url: 'https://www.dailymotion.com/embed/video/x8fb01a', mimeType: 'text/html', width: 480, height: 270 },
      },
    });
    expect(urls).to.deep.equal([METADATA('x8fb01a'), OEMBED('x8fb01a')]);
  });

  it('when the metadata answers 404, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('dailymotion', 'not-found').resolve(VIDEO('x7gone1'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(urls).to.deep.equal([METADATA('x7gone1')]);
  });

  it('when the metadata says the content was deleted (DM002), returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('dailymotion', 'deleted').resolve(VIDEO('x7gone2'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(urls).to.deep.equal([METADATA('x7gone2')]);
  });

  it('when an access error comes with a refusing status, the error names the reason, not the status', async () => {
    nock('https://www.dailymotion.com')
      .get('/player/metadata/video/x8geo10')
      .query(true)
      .reply(403, { error: { code: 'DM007', title: 'Video geo-restricted by its owner.' } });
    expect((await given('dailymotion').resolve(VIDEO('x8geo10'))).result).to.deep.equal({ ok: false, reason: 'region-locked' });
  });

  it('when the metadata says private content (DM010), returns private without asking oEmbed', async () => {
    const { result, requests } = await given('dailymotion', 'private').resolve(VIDEO('x8priv3'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'private' });
    expect(urls).to.have.length(1);
  });

  it('when the metadata says the video is password-protected, returns private', async () => {
    expect((await given('dailymotion', 'password').resolve(VIDEO('x8pass4'))).result).to.deep.equal({ ok: false, reason: 'private' });
  });

  it('when the metadata says the video is geo-restricted (DM007), returns region-locked without asking oEmbed', async () => {
    const { result, requests } = await given('dailymotion', 'region-locked').resolve(VIDEO('x8geo05'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'region-locked' });
    expect(urls).to.have.length(1);
  });

  it('when the metadata still refuses explicit content (DM008), returns age-restricted rather than an oEmbed card without the flag', async () => {
    const { result, requests } = await given('dailymotion', 'age-restricted').resolve(VIDEO('x8age06'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'age-restricted' });
    expect(urls).to.have.length(1);
  });

  it('when the metadata and oEmbed both answer 403, returns blocked', async () => {
    const { result, requests } = await given('dailymotion', 'blocked').resolve(VIDEO('x8blk07'));
    const urls = requests.map((r) => r.url);
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(urls).to.deep.equal([METADATA('x8blk07'), OEMBED('x8blk07')]);
  });

  it('when the metadata and oEmbed both answer 5xx, returns upstream-error', async () => {
    expect((await given('dailymotion', 'upstream-error').resolve(VIDEO('x8err08'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when neither the metadata nor oEmbed answers in time, returns timeout', async () => {
    nock('https://www.dailymotion.com')
      .get('/player/metadata/video/x8slow9')
      .query(true)
      .delay(1000)
      .reply(200, {})
      .get('/services/oembed')
      .query(true)
      .delay(1000)
      .reply(200, {});
    const { result, requests } = await given('dailymotion', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(VIDEO('x8slow9'));
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no video id, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'dailymotion', canonicalUrl: 'https://www.dailymotion.com/jeanbamin', contentId: 'jeanbamin', ids: {} };
    const { result, requests } = await given('dailymotion').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parseMetadata', () => {
  it('when an older answer lists progressive MP4s beside HLS, picks the tallest MP4', () => {
    const body = {
      title: 'Old upload',
      qualities: {
        auto: [{ type: 'application/x-mpegURL', url: 'https://www.dailymotion.com/cdn/manifest/video/x3old01.m3u8' }],
        '380': [{ type: 'video/mp4', url: 'https://proxy-07.dmcdn.net/video/x3old01/H264-512x384.mp4' }],
        '720': [{ type: 'video/mp4', url: 'https://proxy-07.dmcdn.net/video/x3old01/H264-1280x720.mp4' }],
        '480': [{ type: 'video/mp4', url: 'https://proxy-07.dmcdn.net/video/x3old01/H264-848x480.mp4' }],
      },
    };
    const result = parseMetadata(body, 'x3old01');
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://proxy-07.dmcdn.net/video/x3old01/H264-1280x720.mp4', mimeType: 'video/mp4' });
  });

  it('when the answer has no stream, gives the embed player as the video', () => {
    const result = parseMetadata({ title: 'Live, not on air', qualities: {} }, 'x8live1');
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://www.dailymotion.com/embed/video/x8live1', mimeType: 'text/html' });
  });

  it('when a live stream has duration 0 and created_time is not a number, leaves duration and publishedAt absent', () => {
    const result = parseMetadata({ title: 'On air', duration: 0, created_time: 'today', qualities: {} }, 'x8live2');
    expect(result.ok && result.card).to.deep.equal({
      kind: 'video',
      title: 'On air',
      nsfw: false,
      video: { url: 'https://www.dailymotion.com/embed/video/x8live2', mimeType: 'text/html' },
    });
  });

  it('when the owner has a URL but no username, takes the handle from the channel URL; a URL off Dailymotion gives none', () => {
    const card = (owner: Record<string, unknown>) => {
      const result = parseMetadata({ title: 'Owned', duration: 12, owner, qualities: {} }, 'x8own01');
      return result.ok ? result.card : undefined;
    };
    expect(card({ screenname: 'Tide Tables', url: 'https://www.dailymotion.com/tidetables' })?.author).to.deep.equal({
      name: 'Tide Tables',
      url: 'https://www.dailymotion.com/tidetables',
      handle: 'tidetables',
    });
    expect(card({ screenname: 'Elsewhere', url: 'https://example.com/elsewhere' })?.author).to.deep.equal({ name: 'Elsewhere', url: 'https://example.com/elsewhere' });
    expect(card({ screenname: 'Elsewhere', url: 'https://example.com/elsewhere' })?.video).to.deep.equal({
      url: 'https://www.dailymotion.com/embed/video/x8own01',
      mimeType: 'text/html',
      duration: 12,
    });
  });

  it('when a stream or poster URL is not https, leaves it out', () => {
    const body = {
      title: 'Mixed schemes',
      posters: { '1080': 'http://s1.dmcdn.net/v/Plain/x1080', '720': 'https://s1.dmcdn.net/v/Secure/x720' },
      qualities: { auto: [{ type: 'application/x-mpegURL', url: 'http://www.dailymotion.com/cdn/manifest/video/x8mix01.m3u8' }] },
    };
    const result = parseMetadata(body, 'x8mix01');
    expect(result.ok && result.card.image).to.deep.equal({ url: 'https://s1.dmcdn.net/v/Secure/x720' });
    expect(result.ok && result.card.video?.mimeType).to.equal('text/html');
  });

  it('when the thumbnails go taller than the posters, the card image is the tallest of either list', () => {
    const body = {
      title: 'Stills of two sizes',
      posters: { '240': 'https://s1.dmcdn.net/v/Poster/x240', '720': 'https://s1.dmcdn.net/v/Poster/x720' },
      thumbnails: { '480': 'https://s2.dmcdn.net/v/Thumb/x480', '1080': 'https://s2.dmcdn.net/v/Thumb/x1080' },
    };
    const result = parseMetadata(body, 'x8two01');
    expect(result.ok && result.card.image).to.deep.equal({ url: 'https://s2.dmcdn.net/v/Thumb/x1080' });
    const postersWin = parseMetadata({ ...body, thumbnails: { '120': 'https://s2.dmcdn.net/v/Thumb/x120' } }, 'x8two01');
    expect(postersWin.ok && postersWin.card.image).to.deep.equal({ url: 'https://s1.dmcdn.net/v/Poster/x720' });
  });

  it('when an access error has a code it does not know, returns upstream-error (so oEmbed is asked next)', () => {
    expect(parseMetadata({ error: { code: 'DM012', title: 'Encoding in progress' } }, 'x8enc01')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the answer is not an object or names no title, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseMetadata('<html>', 'x8bad01')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parseMetadata({ qualities: {} }, 'x8bad01')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });
});
