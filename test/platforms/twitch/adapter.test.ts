// The Twitch adapter through the real HTTP adapter, GQL replayed from test/platforms/twitch/fixtures/
// (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const SLUG = 'KettleHarbourLight-aB3dE5fG7hJ9kL1m';
const CLIP = `https://clips.twitch.tv/${SLUG}`;
const GQL = 'https://gql.twitch.tv/gql';
const EXPIRES_MS = 4102444800 * 1000;
const MEDIA = 'https://production.assets.clips.twitchcdn.net/v2/media/KettleHarbourLight01';

const AUTHOR = {
  name: 'HarbourLight',
  url: 'https://www.twitch.tv/harbourlight',
  handle: 'harbourlight',
  avatar: 'https://static-cdn.jtvnw.net/jtv_user_pictures/harbourlight-profile_image-70x70.png',
};
const CLIP_CARD = {
  kind: 'video',
  title: 'the kettle finally whistles on stream',
  nsfw: false,
  author: AUTHOR,
  publishedAt: '2025-03-14T18:22:07Z',
  image: { url: 'https://static-cdn.jtvnw.net/twitch-clips-thumbnails-prod/KettleHarbourLight/preview-480x272.jpg', width: 480, height: 272 },
  stats: { views: 48211 },
};

/** The token value the fixture's clip carries, as its `token` parameter spells it. */
function clipToken(): string {
  return JSON.stringify({ authorization: { forbidden: false, reason: '' }, clip_uri: `${MEDIA}/video.mp4`, device_id: null, expires: 4102444800, user_id: '', version: 2 });
}

function nockGql(status: number, body: string | object, delayMs = 0): void {
  nock('https://gql.twitch.tv').post('/gql').delay(delayMs).reply(status, body, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' });
}

describe('TwitchAdapter.resolve: clips', () => {
  afterEach(() => nock.cleanAll());

  it('when GQL answers the clip and its access token, returns the card with the tallest MP4 signed by the token, expiring with it', async () => {
    const { result, requests } = await given('twitch', 'clip').resolve(CLIP);
    const video = `${MEDIA}/video.mp4?sig=0f5e1d2c3b4a59687766554433221100ffeeddcc&token=${encodeURIComponent(clipToken())}`;
    expect(result).to.deep.equal({
      ok: true,
      card: { ...CLIP_CARD, video: { url: new URL(video).toString(), mimeType: 'video/mp4', duration: 27 } },
      mediaExpiresAt: EXPIRES_MS,
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([`POST ${GQL}`]);
  });

  it('when asking GQL, sends one batch (the card query, then VideoAccessToken_Clip) with the web client id, to gql only', async () => {
    const { requests } = await given('twitch', 'clip').resolve(`https://www.twitch.tv/harbourlight/clip/${SLUG}?filter=clips`);
    const batch = JSON.parse(requests[0]!.body!) as { query?: string; operationName?: string; variables: object; extensions?: object }[];
    expect(batch).to.have.length(2);
    expect(batch[0]!.query).to.match(/^query ClipCard\(\$slug: ID!\) \{\n  clip\(slug: \$slug\)/);
    expect(batch[0]!.variables).to.deep.equal({ slug: SLUG });
    expect(batch[1]).to.deep.equal({
      operationName: 'VideoAccessToken_Clip',
      variables: { slug: SLUG },
      extensions: { persistedQuery: { version: 1, sha256Hash: '36b89d2507fce29e5ca551df756d27c1cfe079e2609642b4390aa4c35796eb11' } },
    });
    expect(requests[0]!.headers).to.include({ 'client-id': 'kimne78kx3ncx6brgo4mv6wki5h1ko', 'content-type': 'text/plain;charset=UTF-8' });
    expect(requests[0]!.allowedHosts).to.deep.equal(['gql.twitch.tv']);
  });

  it('when the card holds nothing of the client id or the request, only the token the media URL needs', async () => {
    const { result } = await given('twitch', 'clip').resolve(CLIP);
    expect(JSON.stringify(result)).not.to.include('kimne78kx3ncx6brgo4mv6wki5h1ko');
  });

  it('when the access-token query is unknown to GQL (a rotated hash), returns the card with the clip page as its player', async () => {
    const { result } = await given('twitch', 'clip-token-rotated').resolve(CLIP);
    expect(result).to.deep.equal({ ok: true, card: { ...CLIP_CARD, video: { url: CLIP, mimeType: 'text/html', duration: 27 } } });
  });

  it("when the clip's signed URL has expired (its token's expires is past), still returns the card with the clip page as its player, and no media expiry", async () => {
    const { result } = await given('twitch', 'clip-token-expired').resolve(CLIP);
    expect(result).to.deep.equal({ ok: true, card: { ...CLIP_CARD, video: { url: CLIP, mimeType: 'text/html', duration: 27 } } });
  });

  it('when the access token refuses this viewer, signs no URL with it and returns the clip page as its player', async () => {
    const { result } = await given('twitch', 'clip-token-forbidden').resolve(CLIP);
    expect(result).to.deep.equal({ ok: true, card: { ...CLIP_CARD, video: { url: CLIP, mimeType: 'text/html', duration: 27 } } });
  });

  it('when GQL answers clip null, returns not-found', async () => {
    const { result, requests } = await given('twitch', 'clip-not-found').resolve('https://clips.twitch.tv/GoneClipSlug-x1');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when GQL says the integrity check failed, returns blocked', async () => {
    expect((await given('twitch', 'integrity').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when GQL answers 403, returns blocked', async () => {
    expect((await given('twitch', 'blocked').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when GQL answers 429, returns rate-limited', async () => {
    nockGql(429, { error: 'Too Many Requests', status: 429 });
    expect((await given('twitch').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when GQL answers 500, returns upstream-error', async () => {
    nockGql(500, { error: 'Internal Server Error', status: 500 });
    expect((await given('twitch').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when GQL answers an HTML page with 200, returns upstream-error', async () => {
    nockGql(200, '<html><body>Twitch is down</body></html>');
    expect((await given('twitch').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when GQL answers a single result instead of a batch, returns upstream-error', async () => {
    nockGql(200, { data: { clip: null } });
    expect((await given('twitch').resolve(CLIP)).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when GQL does not answer in time, returns timeout', async () => {
    nockGql(200, [], 1000);
    const { result } = await given('twitch', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(CLIP);
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });
});

describe('TwitchAdapter.resolve: past broadcasts', () => {
  afterEach(() => nock.cleanAll());

  it('when GQL answers the video and its access token, returns the card with the signed HLS master playlist', async () => {
    const { result, requests } = await given('twitch', 'video').resolve('https://player.twitch.tv/?video=v2388901234&parent=example.com');
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    const { video, ...card } = result.card;
    expect(card).to.deep.equal({
      kind: 'video',
      title: 'Restoring a 1962 lighthouse lens, part 3',
      description: 'Polishing the last prism ring.\nChat picked the music.',
      nsfw: false,
      author: AUTHOR,
      publishedAt: '2025-02-08T16:00:12Z',
      image: { url: 'https://static-cdn.jtvnw.net/cf_vods/d2nvs31859zcd8/0a1b2c3d4e5f_harbourlight_1/thumb/thumb0-640x360.jpg', width: 640, height: 360 },
      stats: { views: 3120 },
    });
    expect(video).to.deep.include({ mimeType: 'application/vnd.apple.mpegurl', duration: 10845 });
    const playlist = new URL(video!.url);
    expect(`${playlist.origin}${playlist.pathname}`).to.equal('https://usher.ttvnw.net/vod/2388901234.m3u8');
    expect(playlist.searchParams.get('sig')).to.equal('aa11bb22cc33dd44ee55ff6677889900aabbccdd');
    expect(JSON.parse(playlist.searchParams.get('token')!)).to.include({ expires: 4102444800, vod_id: 2388901234 });
    expect(playlist.searchParams.get('allow_source')).to.equal('true');
    expect(result.mediaExpiresAt).to.equal(EXPIRES_MS);
    const batch = JSON.parse(requests[0]!.body!) as { query: string; variables: object }[];
    expect(batch.map((op) => op.variables)).to.deep.equal([{ id: '2388901234' }]);
    expect(batch[0]!.query).to.include('videoPlaybackAccessToken(id: $id');
  });

  it('when GQL answers video null, returns not-found', async () => {
    expect((await given('twitch', 'video-not-found').resolve('https://www.twitch.tv/videos/1000000001')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the URL names neither a clip nor a video, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'twitch', canonicalUrl: 'https://www.twitch.tv/twit', contentId: 'twit', ids: {} };
    const { result, requests } = await given('twitch').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});
