// The Vimeo adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/vimeo/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { expiryInUrl, parsePlayerConfig } from '../../../src/infrastructure/platforms/vimeo/config.js';
import { reasonOfRefusal } from '../../../src/infrastructure/platforms/vimeo/refusal.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const OEMBED = (page: string) => `https://vimeo.com/api/oembed.json?url=${encodeURIComponent(page)}`;
const CONFIG = (id: string, hash?: string) => `https://player.vimeo.com/video/${id}/config${hash ? `?h=${hash}` : ''}`;
/** 2100-01-01, the expiry the fixtures' signed URLs carry. */
const EXPIRY = 4102444800_000;
const HLS = 'application/vnd.apple.mpegurl';

const OK_TEXT = {
  title: 'Lighthouse keepers of Skerryvore',
  description: 'Three keepers, one rock, twelve miles out.\n\nFilmed over a winter on the Hebridean shelf.',
  author: { name: 'North Light Films', url: 'https://vimeo.com/northlightfilms', avatar: 'https://i.vimeocdn.com/portrait/55012345_120x120.jpg' },
  image: { url: 'https://i.vimeocdn.com/video/1788001122-5a1c0d9e7b_640', width: 640, height: 360 },
  publishedAt: '2024-02-11T18:04:27Z',
};

describe('VimeoAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when oEmbed and the player config answer, returns oEmbed\'s text with the tallest progressive MP4 and its expiry', async () => {
    const { result, requests } = await given('vimeo', 'ok').resolve('https://vimeo.com/904512377');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        ...OK_TEXT,
        video: {
          url: 'https://vod-progressive.akamaized.net/exp=4102444800~acl=%2Fvimeo-prod%2F1%2F22.mp4~hmac=bb22/vimeo-prod/1/22.mp4',
          mimeType: 'video/mp4',
          width: 1920,
          height: 1080,
          duration: 412,
        },
      },
      mediaExpiresAt: EXPIRY,
    });
    expect(requests.map((r) => r.url)).to.have.members([OEMBED('https://vimeo.com/904512377'), CONFIG('904512377')]);
    const config = requests.find((r) => r.url === CONFIG('904512377'))!;
    expect(config.allowedHosts).to.deep.equal(['vimeo.com', 'player.vimeo.com']);
    expect(config.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
  });

  it('when an unlisted video is linked with its hash, asks both with the hash and returns the HLS playlist on the Vimeo CDN', async () => {
    const { result, requests } = await given('vimeo', 'unlisted-hls').resolve('https://player.vimeo.com/video/913300417?h=3b9e1c7d2a');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Rough cut: harbour sequence',
        // The config's portrait is kept only for the channel oEmbed names; the description is blank.
        author: { name: 'Quay Edit', url: 'https://vimeo.com/quayedit', avatar: 'https://i.vimeocdn.com/portrait/66000111_60x60.jpg' },
        image: { url: 'https://i.vimeocdn.com/video/1790022233-77aa_640', width: 640, height: 360 },
        publishedAt: '2024-03-02T09:15:00Z',
        video: {
          url: 'https://skyfire.vimeocdn.com/4102444800-0x5e6f7a8b9c/b7f1/video/11,22/master.m3u8?query_string_ranges=1',
          mimeType: HLS,
          width: 1920,
          height: 1080,
          duration: 95,
        },
      },
      mediaExpiresAt: EXPIRY,
    });
    expect(requests.map((r) => r.url)).to.have.members([OEMBED('https://vimeo.com/913300417/3b9e1c7d2a'), CONFIG('913300417', '3b9e1c7d2a')]);
  });

  it('when an unlisted video is linked without its hash, asks the config again with the hash oEmbed names, and takes its text from the config', async () => {
    const { result, requests } = await given('vimeo', 'unlisted-without-hash').resolve('https://vimeo.com/913300417');
    // The first two go out together; the hashed config follows oEmbed's answer.
    expect(requests.slice(0, 2).map((r) => r.url)).to.have.members([CONFIG('913300417'), OEMBED('https://vimeo.com/913300417')]);
    expect(requests.slice(2).map((r) => r.url)).to.deep.equal([CONFIG('913300417', '3b9e1c7d2a')]);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Rough cut: harbour sequence',
        author: { name: 'Quay Edit', url: 'https://vimeo.com/quayedit', avatar: 'https://i.vimeocdn.com/portrait/66000111_60x60.jpg' },
        image: { url: 'https://i.vimeocdn.com/video/1790022233-77aa-d_640' },
        video: {
          url: 'https://skyfire.vimeocdn.com/4102444800-0x5e6f7a8b9c/b7f1/video/11,22/master.m3u8?query_string_ranges=1',
          mimeType: HLS,
          width: 1920,
          height: 1080,
          duration: 95,
        },
      },
      mediaExpiresAt: EXPIRY,
    });
  });

  it('when the player config fails with a 5xx, returns oEmbed\'s card with the embed player at its size', async () => {
    const { result, requests } = await given('vimeo', 'oembed-fallback').resolve('https://vimeo.com/904512377');
    const { author: _withPortrait, ...text } = OK_TEXT;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        ...text,
        author: { name: 'North Light Films', url: 'https://vimeo.com/northlightfilms' },
        video: { url: 'https://player.vimeo.com/video/904512377', mimeType: 'text/html', width: 640, height: 360, duration: 412 },
      },
    });
    // oEmbed is asked once, though both strategies read it.
    expect(requests.map((r) => r.url).sort()).to.deep.equal([CONFIG('904512377'), OEMBED('https://vimeo.com/904512377')].sort());
  });

  for (const [scenario, id, reason] of [
    ['not-found', '100000001', 'not-found'],
    ['private', '100000002', 'private'],
    ['password', '100000003', 'private'],
    ['region-locked', '100000005', 'region-locked'],
  ] as const) {
    it(`when the player config says ${scenario}, returns ${reason} without an oEmbed card`, async () => {
      const { result, requests } = await given('vimeo', scenario).resolve(`https://vimeo.com/${id}`);
      expect(result).to.deep.equal({ ok: false, reason });
      expect(requests).to.have.length(2);
    });
  }

  it('when the owner keeps the video to other sites (domain-level privacy), returns blocked', async () => {
    const { result, requests } = await given('vimeo', 'domain-restricted').resolve('https://vimeo.com/100000004');
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(2);
  });

  it('when oEmbed and the config both answer 5xx, returns upstream-error', async () => {
    expect((await given('vimeo', 'upstream-error').resolve('https://vimeo.com/100000006')).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when both are throttled, returns rate-limited', async () => {
    nock('https://player.vimeo.com').get('/video/100000007/config').reply(429, '<html>Too Many Requests</html>');
    nock('https://vimeo.com').get('/api/oembed.json').query(true).reply(429, '');
    expect((await given('vimeo').resolve('https://vimeo.com/100000007')).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when neither answers in time, returns timeout', async () => {
    nock('https://player.vimeo.com').get('/video/100000008/config').delay(1000).reply(200, {});
    nock('https://vimeo.com').get('/api/oembed.json').query(true).delay(1000).reply(200, {});
    const { result } = await given('vimeo', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://vimeo.com/100000008');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });

  it('when the URL named no video id, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'vimeo', canonicalUrl: 'https://vimeo.com/northlightfilms', contentId: 'northlightfilms', ids: {} };
    const { result, requests } = await given('vimeo').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parsePlayerConfig', () => {
  it('when the config names no stream, gives the embed player with the video\'s size and duration', () => {
    const config = parsePlayerConfig({ video: { id: 1, title: 'Live soon', duration: 0, width: 1280, height: 720 }, request: { files: {} } }, { id: '1', hash: 'abcdef0123' });
    expect(config.video).to.deep.equal({ url: 'https://player.vimeo.com/video/1?h=abcdef0123', mimeType: 'text/html', width: 1280, height: 720 });
    expect(config).not.to.have.property('expiresAt');
  });

  it('when a stream URL or a portrait is not https, leaves it out', () => {
    const config = parsePlayerConfig(
      {
        video: { title: 'Mixed', owner: { name: 'A', url: 'https://vimeo.com/a', img: 'http://i.vimeocdn.com/portrait/1_60x60.jpg' } },
        request: { files: { progressive: [{ mime: 'video/mp4', url: 'http://vod-progressive.akamaized.net/x.mp4', height: 720 }], hls: { default_cdn: 'a', cdns: { a: { url: 'http://skyfire.vimeocdn.com/m.m3u8' } } } } },
      },
      { id: '2' },
    );
    expect(config.video.mimeType).to.equal('text/html');
    expect(config.author).to.deep.equal({ name: 'A', url: 'https://vimeo.com/a' });
  });

  it('when the answer names no video, or one without a title, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parsePlayerConfig('<html>', { id: '3' })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parsePlayerConfig({ request: {} }, { id: '3' })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parsePlayerConfig({ video: { id: 3, duration: 60 } }, { id: '3' })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('reads the expiry a signed URL carries, on Akamai and on the Vimeo CDN', () => {
    expect(expiryInUrl('https://gcs-vimeo.akamaized.net/exp=1579029538~acl=%2F1.mp4~hmac=1d/1.mp4')).to.equal(1579029538_000);
    expect(expiryInUrl('https://skyfire.vimeocdn.com/1579029538-0x527422f1/3ae9/video/1/master.m3u8')).to.equal(1579029538_000);
    expect(expiryInUrl('https://i.vimeocdn.com/video/1_640.jpg')).to.equal(undefined);
  });
});

describe('reasonOfRefusal', () => {
  it('reads Vimeo\'s words before the status, and the status when there are none', () => {
    expect(reasonOfRefusal(403, '{"message":"Because of its privacy settings, this video cannot be played here.","view":7}')).to.equal('blocked');
    expect(reasonOfRefusal(403, '{"message":"Sorry, this video is private.","view":2}')).to.equal('private');
    expect(reasonOfRefusal(200, '{"view":4,"title":"Protected"}')).to.equal('private');
    expect(reasonOfRefusal(403, '<html><body>Access denied</body></html>')).to.equal('blocked');
    expect(reasonOfRefusal(404, '')).to.equal('not-found');
    expect(reasonOfRefusal(451, '')).to.equal('region-locked');
    expect(reasonOfRefusal(200, '{"video":{}}')).to.equal(undefined);
  });
});
