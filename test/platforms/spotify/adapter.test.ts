// The Spotify adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/spotify/fixtures/ (nock definitions), with the requests it made recorded: every
// kind of item from the embed state, each fallback (oEmbed, the item page, a 403 page), every reason.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseEmbed } from '../../../src/infrastructure/platforms/spotify/embed.js';
import { parsePage } from '../../../src/infrastructure/platforms/spotify/page.js';
import { USER_AGENTS } from '../../../src/infrastructure/platforms/kit/user-agents.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const OPEN = 'https://open.spotify.com';
const EMBED = (type: string, id: string) => `${OPEN}/embed/${type}/${id}`;
const OEMBED = (type: string, id: string) => `${OPEN}/oembed?url=https%3A%2F%2Fopen.spotify.com%2F${type}%2F${id}`;
const PAGE = (type: string, id: string) => `${OPEN}/${type}/${id}`;
const MARROW_LAKE = { name: 'Marrow Lake', url: `${OPEN}/artist/2Vb4Nm6Qw8Er1Ty3Ui5Op7` };
const cover = (tag: string, size: number) => ({ url: `https://i.scdn.co/image/ab67616d${String(size).padStart(4, '0')}${tag}`, width: size, height: size });

describe('SpotifyAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the embed page holds the track, returns artwork with its renditions, the first artist, date, explicit flag, and the preview as audio (the length in the description, not on the preview), asking nothing else', async () => {
    const { result, requests } = await given('spotify', 'track').resolve('https://open.spotify.com/intl-de/track/3fXq9Lr2TnV8wKp1ZbYc7D?si=0a1b2c3d4e5f6789');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Lantern Weather',
        nsfw: false,
        description: 'Marrow Lake, Ines Varga · 3:34',
        author: MARROW_LAKE,
        image: { ...cover('f1xture0lantern', 640), renditions: [cover('f1xture0lantern', 300), cover('f1xture0lantern', 64)] },
        publishedAt: '2023-04-21T00:00:00Z',
        audio: { url: 'https://p.scdn.co/mp3-preview/f1xture0lantern0weather', mimeType: 'audio/mpeg', preview: true },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([EMBED('track', '3fXq9Lr2TnV8wKp1ZbYc7D')]);
    // A current browser: an old one is answered 403 "Unsupported browser".
    expect(requests[0]!.headers?.['user-agent']).to.equal(USER_AGENTS.browser);
    expect(requests[0]!.allowedHosts).to.deep.equal(['open.spotify.com', 'spotify.link']);
  });

  it('when an older embed build keeps the state in a base64 initial-state script, reads it alike, and an explicit track is nsfw', async () => {
    const { result } = await given('spotify', 'track-initial-state').resolve(PAGE('track', '7KmZ2pQx4RvN1sLt8YwB3c'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Static on the Line',
        nsfw: true,
        description: 'Marrow Lake · 1:02:05',
        author: MARROW_LAKE,
        image: { ...cover('f1xture0static', 640), renditions: [cover('f1xture0static', 300)] },
        publishedAt: '2021-09-03T00:00:00Z',
        audio: { url: 'https://p.scdn.co/mp3-preview/f1xture0static0line', mimeType: 'audio/mpeg', preview: true },
      },
    });
  });

  it('when the item is an album, returns its own card (a release date before 2000 kept) with the first playable track’s preview', async () => {
    const { result } = await given('spotify', 'album').resolve('https://open.spotify.com/embed/album/5pLm8Qw3Er7Ty1Ui9Op2As?utm_source=generator');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Harbour Lights',
        nsfw: false,
        description: 'The Quay Singers',
        author: { name: 'The Quay Singers', url: `${OPEN}/artist/6Lk4Jh2Gf9Ds7Aq5Zw3Xe1` },
        image: { ...cover('f1xture0harbour', 640), renditions: [cover('f1xture0harbour', 300), cover('f1xture0harbour', 64)] },
        publishedAt: '1987-11-02T00:00:00Z',
        audio: { url: 'https://p.scdn.co/mp3-preview/f1xture0breakwater', mimeType: 'audio/mpeg', preview: true },
      },
    });
  });

  it('when the item is a playlist (legacy user URL), its owner is the author, its description plain text, its unsized cover kept without a size, and no track preview means no audio', async () => {
    const { result, requests } = await given('spotify', 'playlist').resolve('https://open.spotify.com/user/nadia.okafor/playlist/2Zx4Cv6Bn8Mq1Wr3Et5Yu7');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Rainy Commute',
        nsfw: false,
        description: 'Nadia Okafor\n\nSongs for wet windows & slow trains. Cover: Nadia',
        author: { name: 'Nadia Okafor', url: `${OPEN}/user/nadia.okafor` },
        image: { url: 'https://image-cdn-ak.spotifycdn.com/image/f1xture0rainy' },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([EMBED('playlist', '2Zx4Cv6Bn8Mq1Wr3Et5Yu7')]);
  });

  it('when the item is a podcast episode, the show is the author and its clip the audio', async () => {
    const { result } = await given('spotify', 'episode').resolve('https://open.spotify.com/embed-podcast/episode/6Hj8Kl2Mn4Bv6Cx8Zq1Ws3');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Tides, Moons and Mud',
        nsfw: false,
        description: 'The Estuary Hour · 1:02:05',
        author: { name: 'The Estuary Hour', url: `${OPEN}/show/4Ed6Rf8Tg1Yh3Uj5Ik7Ol9` },
        image: { ...cover('f1xture0estuary', 640), renditions: [cover('f1xture0estuary', 300)] },
        publishedAt: '2024-02-14T06:00:00Z',
        audio: { url: 'https://podz-content.spotifycdn.com/audio/clips/f1xture0estuary/clip_1_61000.mp3', mimeType: 'audio/mpeg', preview: true },
      },
    });
  });

  it('when the item is an artist, returns the picture and the top track’s preview; an explicit track does not make the artist nsfw', async () => {
    const { result } = await given('spotify', 'artist').resolve('https://play.spotify.com/artist/1Qa3Ws5Ed7Rf9Tg2Yh4Uj6');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Marrow Lake',
        nsfw: false,
        image: { url: 'https://i.scdn.co/image/ab6761610000e5ebf1xture0marrow', width: 640, height: 640 },
        audio: { url: 'https://p.scdn.co/mp3-preview/f1xture0lantern0weather', mimeType: 'audio/mpeg', preview: true },
      },
    });
  });

  it('when the embed page holds no state (a wall), returns the oEmbed card: title and 300×300 artwork, no audio', async () => {
    const { result, requests } = await given('spotify', 'oembed-fallback').resolve(PAGE('track', '9Mn8Bv7Cx6Zl5Kj4Hg3Fd2'));
    expect(result).to.deep.equal({
      ok: true,
      card: { kind: 'image', title: 'Paper Boats', nsfw: false, image: { url: 'https://i.scdn.co/image/ab67616d00001e02f1xture0paper', width: 300, height: 300 } },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([EMBED('track', '9Mn8Bv7Cx6Zl5Kj4Hg3Fd2'), OEMBED('track', '9Mn8Bv7Cx6Zl5Kj4Hg3Fd2')]);
  });

  it('when the embed page and oEmbed fail with 5xx, returns the show page’s Open Graph card', async () => {
    const { result, requests } = await given('spotify', 'show-page-fallback').resolve(PAGE('show', '4Ed6Rf8Tg1Yh3Uj5Ik7Ol9'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'The Estuary Hour',
        nsfw: false,
        description: 'Listen to The Estuary Hour on Spotify. Mud, birds & the sea, weekly.',
        image: { url: 'https://i.scdn.co/image/ab6765630000ba8af1xture0estuary' },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([EMBED('show', '4Ed6Rf8Tg1Yh3Uj5Ik7Ol9'), OEMBED('show', '4Ed6Rf8Tg1Yh3Uj5Ik7Ol9'), PAGE('show', '4Ed6Rf8Tg1Yh3Uj5Ik7Ol9')]);
    expect(requests[2]!.headers?.['user-agent']).to.equal(USER_AGENTS.browser);
  });

  it('when the item page answers 403 with its tags ("Unsupported browser"), still reads them into the card', async () => {
    const { result } = await given('spotify', 'page-403').resolve(PAGE('album', '8Po7Iu6Yt5Re4Wq3As2Df1'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Salt Roads',
        nsfw: false,
        description: 'Ines Varga · Album · 1999 · 9 songs.',
        author: { name: 'Ines Varga', url: `${OPEN}/artist/6Lk4Jh2Gf9Ds7Aq5Zw3Xe1` },
        image: { url: 'https://i.scdn.co/image/ab67616d0000b273f1xture0salt' },
        publishedAt: '1999-06-30T00:00:00Z',
      },
    });
  });

  it('when the track page is a relinked one (og:url names another id), reads it: musician, length, preview from og:audio', async () => {
    const { result } = await given('spotify', 'page-relinked').resolve(PAGE('track', '7Yt5Re3Wq1Po9Iu7Yt5Re3'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Copper Kettle',
        nsfw: false,
        description: 'Marrow Lake · Song · 2019 · 3:07',
        author: MARROW_LAKE,
        image: { url: 'https://i.scdn.co/image/ab67616d0000b273f1xture0copper' },
        publishedAt: '2019-08-09T00:00:00Z',
        audio: { url: 'https://p.scdn.co/mp3-preview/f1xture0copper', mimeType: 'audio/mpeg', preview: true },
      },
    });
  });

  it('when the embed page answers 404, returns not-found without asking further', async () => {
    const { result, requests } = await given('spotify', 'not-found').resolve(PAGE('track', '0000000000000000000000'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the embed page holds no state and oEmbed answers 404, returns not-found without asking for the page', async () => {
    const { result, requests } = await given('spotify', 'oembed-not-found').resolve(PAGE('album', '0000000000000000000000'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([EMBED('album', '0000000000000000000000'), OEMBED('album', '0000000000000000000000')]);
  });

  it('when every strategy answers 403 and the page carries no tags, returns blocked', async () => {
    const { result, requests } = await given('spotify', 'blocked').resolve(PAGE('playlist', '9Mn8Bv7Cx6Zl5Kj4Hg3Fd2'));
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(3);
  });

  it('when every strategy answers 429, returns rate-limited', async () => {
    nock(OPEN).get('/embed/track/1111111111111111111111').reply(429, '').get('/oembed').query(true).reply(429, '').get('/track/1111111111111111111111').reply(429, '');
    expect((await given('spotify').resolve(PAGE('track', '1111111111111111111111'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when every strategy answers 451, returns region-locked', async () => {
    nock(OPEN).get('/embed/track/1111111111111111111112').reply(451, '').get('/oembed').query(true).reply(451, '').get('/track/1111111111111111111112').reply(451, '');
    expect((await given('spotify').resolve(PAGE('track', '1111111111111111111112'))).result).to.deep.equal({ ok: false, reason: 'region-locked' });
  });

  it('when every strategy fails with a 5xx, returns upstream-error', async () => {
    nock(OPEN).get('/embed/episode/1111111111111111111113').reply(500, '').get('/oembed').query(true).reply(502, '').get('/episode/1111111111111111111113').reply(503, '');
    expect((await given('spotify').resolve(PAGE('episode', '1111111111111111111113'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when no strategy answers in time, returns timeout', async () => {
    nock(OPEN).get('/embed/track/1111111111111111111114').delay(1000).reply(200, '').get('/oembed').query(true).delay(1000).reply(200, {}).get('/track/1111111111111111111114').delay(1000).reply(200, '');
    const { result, requests } = await given('spotify', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(PAGE('track', '1111111111111111111114'));
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(3);
  });

  it('when the URL named no item, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'spotify', canonicalUrl: `${OPEN}/user/nadia.okafor`, contentId: 'x', ids: {} };
    const { result, requests } = await given('spotify').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('SpotifyAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when spotify.link redirects to the item, gives the item URL with its share parameters', async () => {
    const hop = await given('spotify', 'short-link').adapter.readShortLink('https://spotify.link/Xq7Lm2Pz9Ab', AbortSignal.timeout(5000));
    expect(hop).to.deep.equal({
      ok: true,
      location: `${OPEN}/track/3fXq9Lr2TnV8wKp1ZbYc7D?si=f1xture0share&utm_source=copy-link&utm_medium=copy-link&_branch_match_id=0000000000000000000`,
    });
  });

  it('when spotify.link answers 404, says not-found', async () => {
    nock('https://spotify.link').get('/0000gone').reply(404, '');
    expect(await given('spotify').adapter.readShortLink('https://spotify.link/0000gone', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
  });
});

describe('spotify readers', () => {
  it('when the embed state has artwork over http only and no title, reads no image and finds no item', () => {
    const html = (entity: object) => `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { state: { data: { entity } } } } })}</script></body></html>`;
    expect(parseEmbed(html({ type: 'track', coverArt: { sources: [{ url: 'https://i.scdn.co/image/x', width: 64, height: 64 }] } }))).to.deep.equal({ ok: false, reason: 'blocked' });
    const read = parseEmbed(html({ type: 'track', name: 'Plain', coverArt: { sources: [{ url: 'http://i.scdn.co/image/x', width: 640, height: 640 }] }, audioPreview: { url: 'http://p.scdn.co/mp3-preview/x' } }));
    expect(read).to.deep.equal({ ok: true, card: { kind: 'link', title: 'Plain', nsfw: false } });
  });

  it('when the page’s og:url and canonical link name an item of another type (a generic page), finds no item there', () => {
    const head = '<html><head><meta property="og:title" content="Spotify – Web Player"><meta property="og:url" content="https://open.spotify.com/"></head><body></body></html>';
    expect(parsePage(head, 'track')).to.deep.equal({ ok: false, reason: 'blocked' });
    const album = head.replace('https://open.spotify.com/', 'https://open.spotify.com/album/5pLm8Qw3Er7Ty1Ui9Op2As');
    expect(parsePage(album, 'track')).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(parsePage(album, 'album')).to.deep.equal({ ok: true, card: { kind: 'link', title: 'Spotify – Web Player', nsfw: false } });
  });

  it('when the body is not markup at all, says upstream-error rather than blocked', () => {
    expect(parseEmbed('{"error":"nope"}')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });
});
