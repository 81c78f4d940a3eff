// The Pinterest adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/pinterest/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { largestImage } from '../../../src/infrastructure/platforms/pinterest/pin-data.js';
import { parseWidgets } from '../../../src/infrastructure/platforms/pinterest/widgets.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const PIN = (id: string) => `https://www.pinterest.com/pin/${id}/`;
const WIDGETS = (id: string) => `https://widgets.pinterest.com/v3/pidgets/pins/info/?pin_ids=${id}`;
const OEMBED = (id: string) => `https://www.pinterest.com/oembed.json?url=https%3A%2F%2Fwww.pinterest.com%2Fpin%2F${id}%2F&format=json`;

describe('PinterestAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the pin page answers, returns the card from its Relay answers merged, without asking the widgets API or oEmbed', async () => {
    const { result, requests } = await given('pinterest', 'pin-photo').resolve('https://www.pinterest.co.uk/pin/rye-sourdough--987654321098765432/');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Rye sourdough loaf',
        description: 'Rye sourdough, 36 hours cold proof.',
        author: { name: 'Northfield Bakes', url: 'https://www.pinterest.com/northfieldbakes/', handle: 'northfieldbakes', avatar: 'https://i.pinimg.com/140x140_RS/aa/bb/cc/aabbccfixture.jpg' },
        publishedAt: '2024-05-14T07:21:05Z',
        image: { url: 'https://i.pinimg.com/originals/3c/7a/91/3c7a91e5d2b84f60a1c9e8d7f6b5a4c3.jpg', width: 720, height: 1080, alt: 'A dark rye loaf on a linen cloth' },
        link: { url: 'https://bakery.example/rye-sourdough', title: 'Rye sourdough, step by step', description: 'How we bake our house rye.' },
        community: { name: 'Bread', url: 'https://www.pinterest.com/northfieldbakes/bread/' },
        stats: { replies: 4 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PIN('987654321098765432')]);
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
    expect(requests[0]!.allowedHosts).to.deep.equal(['www.pinterest.com', 'widgets.pinterest.com', 'pin.it', 'api.pinterest.com']);
  });

  it('when the pin is a video, returns the 720p MP4 with its size and duration, the original image as poster, and the verified pinner', async () => {
    const { result } = await given('pinterest', 'pin-video').resolve(PIN('987654321098765433'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Folding a paper crane',
        description: 'One sheet, no cuts.',
        author: { name: 'Paper Crane Co.', url: 'https://www.pinterest.com/papercraneco/', handle: 'papercraneco', avatar: 'https://i.pinimg.com/140x140_RS/dd/ee/ff/ddeefffixture.jpg', verified: true },
        publishedAt: '2024-06-01T16:02:44Z',
        image: { url: 'https://i.pinimg.com/originals/5d/1e/0f/5d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a.jpg', width: 1080, height: 1920 },
        video: { url: 'https://v1.pinimg.com/videos/iht/720p/5d/1e/0f/5d1e0ffixture.mp4', mimeType: 'video/mp4', width: 720, height: 1280, duration: 31.5 },
      },
    });
  });

  it('when an older page keeps the pin in __PWS_DATA__ (snake_case), reads it alike', async () => {
    const { result } = await given('pinterest', 'pin-legacy').resolve(PIN('987654321098765434'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Blue hydrangeas',
        description: 'From the garden, July.',
        author: { name: 'Garden Log', url: 'https://www.pinterest.com/gardenlog/', handle: 'gardenlog', avatar: 'https://i.pinimg.com/140x140_RS/11/22/33/112233fixture.jpg' },
        publishedAt: '2019-07-10T09:00:00Z',
        image: { url: 'https://i.pinimg.com/originals/71/82/93/718293a4b5c6d7e8f90a1b2c3d4e5f60.jpg', width: 1200, height: 1600 },
        stats: { replies: 0, reposts: 12 },
      },
    });
  });

  it('when the page holds no data of the pin (a wall), returns the widgets API card', async () => {
    const { result, requests } = await given('pinterest', 'widgets-fallback').resolve(PIN('987654321098765435'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Kiln & Co (@kilnandco)',
        description: 'Hand-thrown stoneware mugs',
        author: { name: 'Kiln & Co', url: 'https://www.pinterest.com/kilnandco/', handle: 'kilnandco', avatar: 'https://i.pinimg.com/30x30_RS/44/55/66/445566fixture.jpg' },
        image: { url: 'https://i.pinimg.com/564x/a0/b1/c2/a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5.jpg', width: 564, height: 752 },
        link: { url: 'https://pottery.example/mugs' },
        stats: { reposts: 3 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PIN('987654321098765435'), WIDGETS('987654321098765435')]);
  });

  it('when the page and the widgets API fail with 5xx, returns the oEmbed card with its thumbnail', async () => {
    const { result, requests } = await given('pinterest', 'oembed-fallback').resolve(PIN('987654321098765436'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Autumn trail, Peak District',
        author: { name: 'Hill Walks', url: 'https://www.pinterest.com/hillwalks/', handle: 'hillwalks' },
        image: { url: 'https://i.pinimg.com/236x/f0/e1/d2/f0e1d2fixture.jpg', width: 236, height: 314 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PIN('987654321098765436'), WIDGETS('987654321098765436'), OEMBED('987654321098765436')]);
  });

  it('when the pin page answers 404, returns not-found without asking further', async () => {
    const { result, requests } = await given('pinterest', 'not-found').resolve(PIN('987654321098765437'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the page is a wall and the widgets API knows no such pin, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('pinterest', 'widgets-not-found').resolve(PIN('987654321098765438'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([PIN('987654321098765438'), WIDGETS('987654321098765438')]);
  });

  it('when every strategy answers 403, returns blocked', async () => {
    const { result, requests } = await given('pinterest', 'blocked').resolve(PIN('987654321098765439'));
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(3);
  });

  it('when every strategy answers 429, returns rate-limited', async () => {
    nock('https://www.pinterest.com').get('/pin/987654321098765440/').reply(429, '').get('/oembed.json').query(true).reply(429, '');
    nock('https://widgets.pinterest.com').get('/v3/pidgets/pins/info/').query(true).reply(429, '');
    expect((await given('pinterest').resolve(PIN('987654321098765440'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when every strategy fails with a 5xx, returns upstream-error', async () => {
    nock('https://www.pinterest.com').get('/pin/987654321098765441/').reply(500, '').get('/oembed.json').query(true).reply(502, '');
    nock('https://widgets.pinterest.com').get('/v3/pidgets/pins/info/').query(true).reply(503, '');
    expect((await given('pinterest').resolve(PIN('987654321098765441'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when no strategy answers in time, returns timeout', async () => {
    nock('https://www.pinterest.com').get('/pin/987654321098765442/').delay(1000).reply(200, '').get('/oembed.json').query(true).delay(1000).reply(200, {});
    nock('https://widgets.pinterest.com').get('/v3/pidgets/pins/info/').query(true).delay(1000).reply(200, {});
    const { result, requests } = await given('pinterest', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(PIN('987654321098765442'));
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(3);
  });

  it('when the URL named no pin, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'pinterest', canonicalUrl: 'https://www.pinterest.com/northfieldbakes/bread', contentId: 'x', ids: {} };
    const { result, requests } = await given('pinterest').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('PinterestAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when pin.it redirects to the shortener and the shortener to the pin, gives each hop', async () => {
    const { adapter } = given('pinterest', 'short-link');
    const signal = AbortSignal.timeout(5000);
    expect(await adapter.readShortLink('https://pin.it/4xQm9TzLp', signal)).to.deep.equal({ ok: true, location: 'https://api.pinterest.com/url_shortener/4xQm9TzLp/redirect/' });
    expect(await adapter.readShortLink('https://api.pinterest.com/url_shortener/4xQm9TzLp/redirect/', signal)).to.deep.equal({
      ok: true,
      location: 'https://www.pinterest.com/pin/987654321098765432/sent/?invite_code=f1xture0invite&sender=55501&sfo=1',
    });
  });

  it('when pin.it answers 404, says not-found', async () => {
    nock('https://pin.it').get('/0000gone').reply(404, '');
    expect(await given('pinterest').adapter.readShortLink('https://pin.it/0000gone', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
  });
});

describe('pinterest pin readers', () => {
  it('when only bounded sizes are listed, takes the widest, and never a cropped size', () => {
    const pin = {
      imageSpec_236x: { url: 'https://i.pinimg.com/236x/aa/bb/cc/x.jpg', width: 236, height: 300 },
      imageSpec_564x: { url: 'https://i.pinimg.com/564x/aa/bb/cc/x.jpg' },
      imageSpec_600x315: { url: 'https://i.pinimg.com/600x315/aa/bb/cc/x.jpg', width: 600, height: 315 },
    };
    expect(largestImage(pin)).to.deep.equal({ url: 'https://i.pinimg.com/564x/aa/bb/cc/x.jpg' });
  });

  it('when an image URL is not https, leaves it out', () => {
    expect(largestImage({ imageSpec_orig: { url: 'http://i.pinimg.com/originals/aa/bb/cc/x.jpg' } })).to.equal(undefined);
  });

  it('when a video pin lists only HLS, gives the playlist', () => {
    const body = {
      status: 'success',
      data: [{ id: '5', images: { '237x': { url: 'https://i.pinimg.com/237x/aa/bb/cc/y.jpg', width: 237, height: 421 } }, videos: { video_list: { V_HLSV3_MOBILE: { url: 'https://v1.pinimg.com/videos/mc/hls/aa/y.m3u8', width: 540, height: 960, duration: 8000 } } } }],
    };
    const result = parseWidgets(body, '5');
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://v1.pinimg.com/videos/mc/hls/aa/y.m3u8', mimeType: 'application/vnd.apple.mpegurl', width: 540, height: 960, duration: 8 });
  });

  it('when the widgets answer is not the API envelope, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseWidgets('<html>', '5')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });
});
