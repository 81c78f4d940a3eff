// The SoundCloud adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/soundcloud/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseResolved } from '../../../src/infrastructure/platforms/soundcloud/resolve.js';
import { readTranscodings, streamOrder } from '../../../src/infrastructure/platforms/soundcloud/stream.js';
import { cloudFrontExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { fixturePath, useFixture } from '../../support/fixtures.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const CLIENT_ID = 'Fx7kQ2mN9pR4sT6vW8yZ1bC3dE5gH0jL';
const ROTATED_CLIENT_ID = 'Nw2pL8rT4vX6zB1dF3hJ5kM7qS9uY0aC';
const PAGE = 'https://soundcloud.com/';
const BUNDLE = 'https://a-v2.sndcdn.com/assets/49-5e6f7a8b.js';
const RESOLVE = (permalink: string, clientId = CLIENT_ID) => `https://api-v2.soundcloud.com/resolve?url=${encodeURIComponent(permalink)}&client_id=${clientId}`;
const OEMBED = (permalink: string) => `https://soundcloud.com/oembed?url=${encodeURIComponent(permalink)}&format=json`;
const STREAM = (path: string) => `https://api-v2.soundcloud.com/media/${path}?track_authorization=FixtureTrackAuth01&client_id=${CLIENT_ID}`;

const TRACK = 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide';
const TIDE_WATCH = {
  name: 'Tide Watch',
  url: 'https://soundcloud.com/tidewatch',
  handle: 'tidewatch',
  avatar: 'https://i1.sndcdn.com/avatars-Tw4hAvT1de00-k9Qm2w-large.jpg',
  verified: false,
};

/** The signed media URL a fixture's last exchange answers (the stream request's `{url}`). */
function signedUrlOf(scenario: string): string {
  const exchanges = JSON.parse(readFileSync(fixturePath('soundcloud', scenario), 'utf8')) as { response: { url: string } }[];
  return exchanges.at(-1)!.response.url;
}

describe('SoundcloudAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the API resolves a track, returns its artwork card with the progressive MP3, its details and when the signed URL expires', async () => {
    const { result, requests } = await given('soundcloud', 'ok').resolve(TRACK);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Harbour bells at low tide',
        description: 'Bells on the harbour wall as the water goes out.\n\nField recording, one take.',
        author: TIDE_WATCH,
        publishedAt: '2025-03-14T06:20:11Z',
        stats: { likes: 340, reposts: 17, replies: 12, views: 5120 },
        nsfw: false,
        image: { url: 'https://i1.sndcdn.com/artworks-Tw4hB3lLs0aA-0-t500x500.jpg', width: 500, height: 500 },
        audio: { url: signedUrlOf('ok'), mimeType: 'audio/mpeg', duration: 184.32 },
      },
      mediaExpiresAt: 1_900_000_000_000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([
      PAGE,
      BUNDLE,
      RESOLVE(TRACK),
      STREAM('soundcloud:tracks:1987654321/5b1c2d3e-0000-4a4a-9b9b-0123456789ab/stream/progressive'),
    ]);
  });

  it('when reading the client id, asks for the page as a browser and reads the last bundle first, on the spec hosts only', async () => {
    const { requests } = await given('soundcloud', 'ok').resolve(TRACK);
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
    expect(requests[1]!.url).to.equal(BUNDLE);
    expect(requests[0]!.allowedHosts).to.deep.equal(['soundcloud.com', 'api-v2.soundcloud.com', 'a-v2.sndcdn.com', 'on.soundcloud.com']);
  });

  it('when a second track is resolved by the same adapter, reuses the client id it read', async () => {
    const g = given('soundcloud', ['ok', 'hls-no-artwork']);
    await g.resolve(TRACK);
    const { requests } = await g.resolve('https://soundcloud.com/tidewatch/night-ferry-horn');
    expect(requests.map((r) => r.url)).to.deep.equal([
      RESOLVE('https://soundcloud.com/tidewatch/night-ferry-horn'),
      STREAM('soundcloud:tracks:1654321098/4e4e4e4e-4444-4e4e-8f8f-444455556666/stream/progressive'),
      STREAM('soundcloud:tracks:1654321098/4e4e4e4e-4444-4e4e-8f8f-444455556666/stream/hls'),
    ]);
  });

  it('when the API refuses the kept client id (401), reads the rotated one and asks again', async () => {
    const g = given('soundcloud', 'ok');
    await g.resolve(TRACK);
    nock.cleanAll();
    useFixture('soundcloud', 'rotated-client');
    const { result, requests } = await g.resolve('https://soundcloud.com/tidewatch/night-ferry-horn');
    expect(result).to.deep.include({ ok: true });
    expect(result.ok && result.card.title).to.equal('Night ferry horn');
    const permalink = 'https://soundcloud.com/tidewatch/night-ferry-horn';
    expect(requests.map((r) => r.url)).to.deep.equal([RESOLVE(permalink), PAGE, BUNDLE, RESOLVE(permalink, ROTATED_CLIENT_ID)]);
  });

  it('when the track is a Go+ preview (policy SNIP), says so in audio.preview with the 30 s duration', async () => {
    const { result } = await given('soundcloud', 'snip').resolve('https://soundcloud.com/tidewatch/spring-tide');
    expect(result.ok && result.card.audio).to.deep.equal({ url: signedUrlOf('snip'), mimeType: 'audio/mpeg', duration: 30, preview: true });
    expect(result).to.have.property('mediaExpiresAt', 1_900_000_600_000);
  });

  it('when the track is geo-blocked (policy BLOCK), returns region-locked without asking oEmbed', async () => {
    const { result, requests } = await given('soundcloud', 'region-locked').resolve('https://soundcloud.com/tidewatch/neap-tide');
    expect(result).to.deep.equal({ ok: false, reason: 'region-locked' });
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE, BUNDLE, RESOLVE('https://soundcloud.com/tidewatch/neap-tide')]);
  });

  it('when the track has no artwork and its progressive file is refused (404), returns a link card with the HLS playlist', async () => {
    const { result, requests } = await given('soundcloud', 'hls-no-artwork').resolve('https://soundcloud.com/tidewatch/night-ferry-horn');
    expect(result.ok && result.card.kind).to.equal('link');
    expect(result.ok && result.card.image).to.equal(undefined);
    expect(result.ok && result.card.description).to.equal(undefined);
    expect(result.ok && result.card.audio).to.deep.equal({ url: signedUrlOf('hls-no-artwork'), mimeType: 'application/vnd.apple.mpegurl', duration: 96 });
    expect(result).to.have.property('mediaExpiresAt', 1_900_001_200_000);
    expect(requests.map((r) => r.url).slice(-2)).to.deep.equal([
      STREAM('soundcloud:tracks:1654321098/4e4e4e4e-4444-4e4e-8f8f-444455556666/stream/progressive'),
      STREAM('soundcloud:tracks:1654321098/4e4e4e4e-4444-4e4e-8f8f-444455556666/stream/hls'),
    ]);
  });

  it('when the only transcodings are encrypted, returns the card without sound; the explicit mark makes it nsfw', async () => {
    const { result, requests } = await given('soundcloud', 'encrypted-explicit').resolve('https://soundcloud.com/tidewatch/storm-surge');
    expect(result).to.deep.include({ ok: true });
    expect(result.ok && result.card).to.include({ kind: 'image', title: 'Storm surge', nsfw: true });
    expect(result.ok && result.card.audio).to.equal(undefined);
    expect(result).to.not.have.property('mediaExpiresAt');
    expect(requests).to.have.length(3);
  });

  it('when the permalink is a set, returns its card with the first track\'s artwork and its track count', async () => {
    const { result, requests } = await given('soundcloud', 'set').resolve('https://soundcloud.com/tidewatch/sets/coastal-recordings');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Coastal recordings',
        description: '2 tracks',
        author: TIDE_WATCH,
        publishedAt: '2024-11-02T18:05:00Z',
        stats: { likes: 25, reposts: 3 },
        nsfw: false,
        image: { url: 'https://i1.sndcdn.com/artworks-Tw4hB3lLs0aA-0-t500x500.jpg', width: 500, height: 500 },
      },
    });
    expect(requests).to.have.length(3);
  });

  it('when the API answers 404, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('soundcloud', 'not-found').resolve('https://soundcloud.com/tidewatch/washed-away');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(3);
  });

  it('when the page listing the bundles is refused (403), returns oEmbed\'s card without sound, titled without "by {artist}"', async () => {
    const permalink = 'https://soundcloud.com/tidewatch/breakwater-at-dusk';
    const { result, requests } = await given('soundcloud', 'oembed-fallback').resolve(permalink);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Breakwater at dusk',
        description: 'Gulls and the swell against the breakwater.',
        author: { name: 'Tide Watch', url: 'https://soundcloud.com/tidewatch' },
        nsfw: false,
        image: { url: 'https://i1.sndcdn.com/artworks-Br3akW4t3r0-0-t500x500.jpg' },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE, OEMBED(permalink)]);
  });

  it('when the API refuses a freshly read client id (403), does not read it again and falls back to oEmbed', async () => {
    const permalink = 'https://soundcloud.com/tidewatch/breakwater-at-dusk';
    const { result, requests } = await given('soundcloud', 'refused-client').resolve(permalink);
    expect(result.ok && result.card.title).to.equal('Breakwater at dusk');
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE, BUNDLE, RESOLVE(permalink), OEMBED(permalink)]);
  });

  it('when no bundle names a client id, falls back to oEmbed', async () => {
    const permalink = 'https://soundcloud.com/tidewatch/breakwater-at-dusk';
    const { result, requests } = await given('soundcloud', 'no-client-id').resolve(permalink);
    expect(result.ok && result.card.title).to.equal('Breakwater at dusk');
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE, BUNDLE, 'https://a-v2.sndcdn.com/assets/0-1a2b3c4d.js', OEMBED(permalink)]);
  });

  it('when the page and oEmbed both answer 403, returns blocked', async () => {
    const { result } = await given('soundcloud', 'blocked').resolve('https://soundcloud.com/tidewatch/breakwater-at-dusk');
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when nothing answers in time, returns timeout', async () => {
    nock('https://soundcloud.com').get(/.*/).delay(1000).reply(200, '').persist();
    const { result } = await given('soundcloud', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(TRACK);
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });

  it('when the URL spells the permalink in another case, answers the canonical URL as SoundCloud spells it', async () => {
    nock('https://api-v2.soundcloud.com')
      .get('/resolve')
      .query(true)
      .reply(200, { kind: 'track', title: 'Harbour bells at low tide', permalink_url: TRACK, policy: 'ALLOW', media: { transcodings: [] } });
    useFixture('soundcloud', 'ok', { only: (def) => !def.path.startsWith('/resolve') });
    const { result, requests } = await given('soundcloud').resolve('https://soundcloud.com/TideWatch/Harbour-Bells-At-Low-Tide');
    expect(result).to.have.property('canonicalUrl', TRACK);
    expect(requests[2]!.url).to.equal(RESOLVE('https://soundcloud.com/TideWatch/Harbour-Bells-At-Low-Tide'));
  });

  it('when a private share link is resolved, asks with its secret token and keeps it in the canonical URL', async () => {
    nock('https://api-v2.soundcloud.com')
      .get('/resolve')
      .query(true)
      .reply(200, { kind: 'track', title: 'Unreleased: slack water', permalink_url: 'https://soundcloud.com/tidewatch/slack-water', sharing: 'private', policy: 'ALLOW', media: { transcodings: [] } });
    useFixture('soundcloud', 'ok', { only: (def) => !def.path.startsWith('/resolve') });
    const { result, requests } = await given('soundcloud').resolve('https://soundcloud.com/tidewatch/slack-water/s-Q1w2E3r4T5y');
    expect(result).to.deep.include({ ok: true });
    expect(result).to.not.have.property('canonicalUrl');
    expect(requests[2]!.url).to.equal(RESOLVE('https://soundcloud.com/tidewatch/slack-water/s-Q1w2E3r4T5y'));
  });

  it('when the URL named no track or set, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'soundcloud', canonicalUrl: 'https://soundcloud.com/tidewatch', contentId: 'tidewatch', ids: {} };
    const { result, requests } = await given('soundcloud').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });

  it('never puts the client id in the card', async () => {
    const { result } = await given('soundcloud', 'ok').resolve(TRACK);
    expect(JSON.stringify(result)).to.not.include(CLIENT_ID);
  });
});

describe('SoundcloudAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when an on.soundcloud.com link redirects, gives the permalink it points to, without following it', async () => {
    const g = given('soundcloud', 'short-link');
    const hop = await g.adapter.readShortLink('https://on.soundcloud.com/Hb7QxR2mZp', AbortSignal.timeout(5000));
    expect(hop).to.deep.equal({
      ok: true,
      location: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide?ref=clipboard&p=i&c=0&si=0F1E2D3C4B5A69788796A5B4C3D2E1F0&utm_source=clipboard&utm_medium=text&utm_campaign=social_sharing',
    });
    expect(g.requests.map((r) => [r.url, r.redirect])).to.deep.equal([['https://on.soundcloud.com/Hb7QxR2mZp', 'manual']]);
  });
});

describe('SoundCloud readers', () => {
  it('when the permalink is a user, parseResolved answers unsupported', () => {
    expect(parseResolved({ kind: 'user', username: 'Tide Watch' })).to.deep.equal({ ok: false, reason: 'unsupported' });
  });

  it('when the answer names no title, parseResolved throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseResolved('<html>')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parseResolved({ kind: 'track' })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parseResolved({ kind: 'comment', title: 'x' })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('orders progressive MP3, progressive Opus, HLS MP3, HLS Opus, adaptive HLS, and drops other hosts and encrypted HLS', () => {
    const api = 'https://api-v2.soundcloud.com/media/soundcloud:tracks:1/u';
    const media = {
      transcodings: [
        { url: `${api}/abr/hls`, format: { protocol: 'hls', mime_type: 'audio/mpegurl' } },
        { url: `${api}/opus/hls`, format: { protocol: 'hls', mime_type: 'audio/ogg; codecs="opus"' } },
        { url: `${api}/mp3/hls`, format: { protocol: 'hls', mime_type: 'audio/mpeg' } },
        { url: `${api}/aac/ctr-encrypted-hls`, format: { protocol: 'ctr-encrypted-hls', mime_type: 'audio/mp4' } },
        { url: 'https://evil.test/media/x/stream/progressive', format: { protocol: 'progressive', mime_type: 'audio/mpeg' } },
        { url: `${api}/opus/progressive`, format: { protocol: 'progressive', mime_type: 'audio/ogg; codecs="opus"' } },
        { url: `${api}/mp3/progressive`, format: { protocol: 'progressive', mime_type: 'audio/mpeg' } },
      ],
    };
    expect(streamOrder(readTranscodings(media)).map((t) => t.url.slice(api.length))).to.deep.equal(['/mp3/progressive', '/opus/progressive', '/mp3/hls', '/opus/hls', '/abr/hls']);
  });

  it('reads a canned policy\'s Expires, and nothing from an unsigned URL', () => {
    expect(cloudFrontExpiry('https://cf-media.sndcdn.com/a.128.mp3?Expires=1900000000&Signature=x&Key-Pair-Id=y')).to.equal(1_900_000_000_000);
    expect(cloudFrontExpiry('https://cf-media.sndcdn.com/a.128.mp3')).to.equal(undefined);
    expect(cloudFrontExpiry('https://cf-media.sndcdn.com/a.128.mp3?Policy=bm90IGpzb24_')).to.equal(undefined);
  });
});
