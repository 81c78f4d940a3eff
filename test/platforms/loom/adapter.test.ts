// The Loom adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/loom/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { cloudFrontExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const ID = '5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f';
const SHARE = (id: string) => `https://www.loom.com/share/${id}`;
const OEMBED = (id: string) => `https://www.loom.com/v1/oembed?url=https%3A%2F%2Fwww.loom.com%2Fshare%2F${id}`;
const TRANSCODED = (id: string) => `https://www.loom.com/api/campaigns/sessions/${id}/transcoded-url`;

describe('LoomAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when oEmbed and the transcoded URL answer, returns the card with the signed MP4 at oEmbed size and length, expiring with its policy', async () => {
    const { result, requests } = await given('loom', 'share').resolve(`https://www.loom.com/share/Quarterly-tide-table-walkthrough-${ID}?sid=abc`);
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    const { video, ...card } = result.card;
    expect(card).to.deep.equal({
      kind: 'video',
      title: 'Quarterly tide-table walkthrough',
      description: 'How the new tide tables are laid out, column by column.',
      nsfw: false,
      image: { url: `https://cdn.loom.com/sessions/thumbnails/${ID}-00001.gif`, width: 1280, height: 720 },
    });
    expect(video).to.deep.include({ mimeType: 'video/mp4', width: 1280, height: 720, duration: 143.2 });
    expect(video!.url.startsWith(`https://cdn.loom.com/sessions/transcoded/${ID}.mp4?Policy=`)).to.equal(true);
    expect(new URL(video!.url).searchParams.get('Key-Pair-Id')).to.equal('K2FIXTUREKEYPAIR');
    expect(result.mediaExpiresAt).to.equal(4102444800 * 1000);
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([`GET ${OEMBED(ID)}`, `POST ${TRANSCODED(ID)}`]);
  });

  it('when asking for the MP4, sends the anonymous session body Loom’s player sends, with a fresh random id, to www only', async () => {
    const { requests } = await given('loom', 'share').resolve(SHARE(ID));
    const body = JSON.parse(requests[1]!.body!) as Record<string, unknown>;
    expect(body).to.deep.include({ deviceID: null, force_original: false, password: null });
    expect(body['anonID']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requests[1]!.headers).to.include({ 'content-type': 'application/json' });
    expect(requests.map((r) => r.allowedHosts)).to.deep.equal([['www.loom.com'], ['www.loom.com']]);
  });

  it('when Loom hands out no MP4, returns the oEmbed card with the embed player at its size and length', async () => {
    const id = '0a0b0c0d0e0f40418283848586878889';
    const { result, requests } = await given('loom', 'no-mp4').resolve(`https://www.loom.com/embed/${id}`);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Draft: harbour crane inspection',
        nsfw: false,
        image: { url: `https://cdn.loom.com/sessions/thumbnails/${id}-00001.gif`, width: 1280, height: 720 },
        video: { url: `https://www.loom.com/embed/${id}`, mimeType: 'text/html', width: 1280, height: 720, duration: 61 },
      },
    });
    expect(requests).to.have.length(2);
  });

  it('when the MP4 request fails at the network, still returns the oEmbed card with its player', async () => {
    const id = '0a0b0c0d0e0f40418283848586878889';
    const { result } = await given('loom', 'no-mp4', { only: (def) => def.method === 'GET' }).resolve(SHARE(id));
    expect(result.ok && result.card.video).to.deep.equal({ url: `https://www.loom.com/embed/${id}`, mimeType: 'text/html', width: 1280, height: 720, duration: 61 });
  });

  it('when oEmbed fails with a 5xx, returns the share page’s Open Graph card with the embed player', async () => {
    const id = '1111222233334444aaaabbbbccccdddd';
    const { result, requests } = await given('loom', 'page-fallback').resolve(SHARE(id));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Ferry timetable changes',
        description: 'Winter sailings move to the north berth.',
        nsfw: false,
        image: { url: `https://cdn.loom.com/sessions/thumbnails/${id}-with-play.gif`, width: 1200, height: 675 },
        video: { url: `https://www.loom.com/embed/${id}`, mimeType: 'text/html' },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([OEMBED(id), SHARE(id)]);
    expect(requests[1]!.headers?.['user-agent']).to.match(/postlens/);
  });

  it('when oEmbed answers 404, returns not-found without reading the page', async () => {
    const id = 'deadbeefdeadbeefdeadbeefdeadbeef';
    const { result, requests } = await given('loom', 'not-found').resolve(SHARE(id));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([OEMBED(id)]);
  });

  it('when oEmbed and the page both answer 403, returns blocked', async () => {
    const { result, requests } = await given('loom', 'blocked').resolve(SHARE('feedfacefeedfacefeedfacefeedface'));
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(2);
  });

  it('when oEmbed failed and the page is markup without an og:title (a wall in its place), returns blocked', async () => {
    nock('https://www.loom.com').get('/v1/oembed').query(true).reply(500).get(`/share/${ID}`).reply(200, '<html><head><title>Just a moment...</title></head><body></body></html>');
    expect((await given('loom').resolve(SHARE(ID))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when oEmbed failed and the page is no markup at all, returns upstream-error', async () => {
    nock('https://www.loom.com').get('/v1/oembed').query(true).reply(500).get(`/share/${ID}`).reply(200, '{"error":"unexpected"}');
    expect((await given('loom').resolve(SHARE(ID))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when oEmbed answers 429 and the page 429, returns rate-limited', async () => {
    nock('https://www.loom.com').get('/v1/oembed').query(true).reply(429).get(`/share/${ID}`).reply(429);
    expect((await given('loom').resolve(SHARE(ID))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when neither oEmbed nor the page answers in time, returns timeout', async () => {
    nock('https://www.loom.com').get('/v1/oembed').query(true).delay(1000).reply(200, {}).get(`/share/${ID}`).delay(1000).reply(200, '');
    const { result, requests } = await given('loom', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(SHARE(ID));
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no recording, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'loom', canonicalUrl: 'https://www.loom.com/pricing', contentId: 'pricing', ids: {} };
    const { result, requests } = await given('loom').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('Loom signed URLs', () => {
  it('when the URL has a canned Expires, that is its expiry; a custom Policy gives its DateLessThan; none gives none', () => {
    expect(cloudFrontExpiry('https://cdn.loom.com/a.mp4?Expires=1900000000&Signature=x&Key-Pair-Id=k')).to.equal(1900000000 * 1000);
    const policy = Buffer.from(JSON.stringify({ Statement: [{ Condition: { DateLessThan: { 'AWS:EpochTime': 1800000000 } } }] })).toString('base64').replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');
    expect(cloudFrontExpiry(`https://cdn.loom.com/a.mp4?Policy=${policy}&Signature=x`)).to.equal(1800000000 * 1000);
    expect(cloudFrontExpiry('https://cdn.loom.com/a.mp4')).to.equal(undefined);
    expect(cloudFrontExpiry('https://cdn.loom.com/a.mp4?Policy=bm90IGpzb24_')).to.equal(undefined);
  });
});
