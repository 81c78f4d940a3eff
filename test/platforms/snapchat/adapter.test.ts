// The Snapchat adapter through the real HTTP adapter, snapchat.com replayed from
// test/platforms/snapchat/fixtures/: no real capture exists, so these are pages of the team's own
// built on the shapes yt-dlp and cobalt read (SOURCES.md), with the requests the adapter made.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseSpotlightPage } from '../../../src/infrastructure/platforms/snapchat/spotlight.js';
import { parseStoryPage } from '../../../src/infrastructure/platforms/snapchat/story.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const SPOT = 'W7_EDf1xtureSp0tlightHarbourSwellAAAAAA';
const SNAP_V = 'f1xtureSnapV1deoAAAA';
const HARBOUR_CAM = { name: 'Harbour Cam', url: 'https://www.snapchat.com/add/HarbourCam', handle: 'HarbourCam', avatar: 'https://cf-st.sc-cdn.net/aps/bolt/f1xtureAvatarHarbourCam' };

describe('SnapchatAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it("when a Spotlight page's state lists the story, returns the video card: MP4 with size and duration, thumbnail, name, text, creator, upload time, views and shares", async () => {
    const { result, requests } = await given('snapchat', 'spotlight').resolve(`https://www.snapchat.com/spotlight/${SPOT}?share_id=abc&locale=en-GB`);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        video: { url: 'https://cf-st.sc-cdn.net/d/f1xtureSwellClip.1322.IRZXSOY?mo=GlF1xtureMo&uc=46', mimeType: 'video/mp4', width: 540, height: 960, duration: 12.345 },
        title: 'Swell over the harbour wall 🌊',
        description: 'High tide at Brancaster #waves',
        author: { name: 'harbourcam', url: 'https://www.snapchat.com/add/harbourcam', handle: 'harbourcam' },
        image: { url: 'https://cf-st.sc-cdn.net/d/f1xtureSwellThumb.256.IRZXSOY?mo=GlF1xtureMo&uc=46' },
        publishedAt: '2025-05-23T11:33:20Z',
        stats: { views: 48213, reposts: 311 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([`https://www.snapchat.com/spotlight/${SPOT}`]);
    expect(requests[0]!.allowedHosts).to.deep.equal(['www.snapchat.com', 't.snapchat.com']);
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
  });

  it('when the page lists spotlightStoryMetadata instead, skips the placeholder slot, leaves hidden views and an empty name out, and bounds the cache by the signed URL’s Expires', async () => {
    const { result } = await given('snapchat', 'spotlight-metadata-list').resolve('https://story.snapchat.com/spotlight/W7_EDf1xtureSp0tlightFogHornAAAAAA');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        video: { url: 'https://cf-st.sc-cdn.net/d/f1xtureFogClip.1322.IRZXSOY?Expires=1890000000&Signature=f1xtureSig&Key-Pair-Id=F1XTUREKEY', mimeType: 'video/mp4', duration: 8 },
        title: '@lightkeeper',
        description: 'Fog horn test at dusk',
        author: { name: 'lightkeeper', url: 'https://www.snapchat.com/add/lightkeeper', handle: 'lightkeeper' },
        image: { url: 'https://cf-st.sc-cdn.net/d/f1xtureFogThumb.256.IRZXSOY' },
        publishedAt: '2025-06-04T01:20:00Z',
        stats: { reposts: 12 },
      },
      mediaExpiresAt: 1_890_000_000_000,
    });
  });

  it('when the page has no readable state, returns the preloaded video (not the preloaded script) with the Open Graph title, text and image', async () => {
    const { result } = await given('snapchat', 'spotlight-preload').resolve('https://snapchat.com/spotlight/W7_EDf1xtureSp0tlightGullsAAAAAA');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        video: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureGullsClip?bo=F1xtureBo&uc=46', mimeType: 'video/mp4' },
        title: 'Gulls on the quay',
        description: 'Chips were not safe.',
        image: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureGullsThumb?bo=F1xtureBo' },
      },
    });
  });

  it("when a story's snap is a video, returns its card with the preview as image, the account as author and Snapchat's spelling of the account in the canonical URL", async () => {
    const { result, requests } = await given('snapchat', 'story-video').resolve(`https://www.snapchat.com/add/harbourcam/${SNAP_V}?share_id=x&locale=en-GB`);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Harbour Cam (@HarbourCam)',
        author: HARBOUR_CAM,
        nsfw: false,
        video: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureStoryClip?bo=F1xtureBo&uc=25', mimeType: 'video/mp4' },
        image: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureStoryPreview?bo=F1xtureBo&uc=25' },
        publishedAt: '2025-11-28T03:20:00Z',
      },
      canonicalUrl: `https://www.snapchat.com/add/HarbourCam/${SNAP_V}`,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([`https://www.snapchat.com/add/harbourcam/${SNAP_V}`]);
  });

  it('when the snap is a photo (snapMediaType 0), returns an image card of the photo itself', async () => {
    const { result } = await given('snapchat', 'story-photo').resolve('https://www.snapchat.com/u/harbourcam/f1xtureSnapPh0toAAAA');
    expect(result.ok && result.card).to.deep.equal({
      kind: 'image',
      title: 'Harbour Cam (@HarbourCam)',
      author: HARBOUR_CAM,
      nsfw: false,
      image: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureStoryPhoto?bo=F1xtureBo&uc=25' },
      publishedAt: '2025-11-28T03:36:40Z',
    });
  });

  it("when the snap is in one of the account's highlights rather than today's story, returns it from there", async () => {
    const { result } = await given('snapchat', 'story-highlight').resolve('https://story.snapchat.com/add/harbourcam/f1xtureSnapHighlight');
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      video: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xtureHighlightClip?bo=F1xtureBo&uc=25', mimeType: 'video/mp4' },
      publishedAt: '2024-10-27T03:33:20Z',
    });
  });

  it('when the account page no longer lists the snap (stories last a day), returns not-found', async () => {
    expect((await given('snapchat', 'story-expired').resolve('https://www.snapchat.com/add/harbourcam/f1xtureSnapG0neAAAA')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the page answers 404, returns not-found', async () => {
    expect((await given('snapchat', 'not-found').resolve('https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightG0neAAAAAA')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the page answers 403, returns blocked', async () => {
    expect((await given('snapchat', 'blocked').resolve('https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightBl0ckAAAAAA')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the page answers 5xx, returns upstream-error', async () => {
    expect((await given('snapchat', 'upstream-error').resolve('https://www.snapchat.com/add/harbourcam/f1xtureSnapErr0rAAAA')).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the page answers 429, returns rate-limited', async () => {
    nock('https://www.snapchat.com').get('/spotlight/W7_EDf1xtureSp0tlightBusyAAAAAA').reply(429, 'Too Many Requests');
    expect((await given('snapchat').resolve('https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightBusyAAAAAA')).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when a page answers 200 with markup holding neither state nor video (a bot check), returns blocked, for Spotlight and story alike', async () => {
    const wall = '<html><head><title>Just a moment</title></head><body>Checking your browser</body></html>';
    nock('https://www.snapchat.com').get('/spotlight/W7_EDf1xtureSp0tlightWallAAAAAA').reply(200, wall).get('/add/harbourcam/f1xtureSnapWallAAAA').reply(200, wall);
    expect((await given('snapchat').resolve('https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightWallAAAAAA')).result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect((await given('snapchat').resolve('https://www.snapchat.com/add/harbourcam/f1xtureSnapWallAAAA')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the page does not answer in time, returns timeout', async () => {
    nock('https://www.snapchat.com').get('/spotlight/W7_EDf1xtureSp0tlightSlowAAAAAA').delay(1000).reply(200, '');
    const { result } = await given('snapchat', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightSlowAAAAAA');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });

  it('when the URL named no post, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'snapchat', canonicalUrl: 'https://www.snapchat.com/add/harbourcam', contentId: 'add/harbourcam', ids: {} };
    const { result, requests } = await given('snapchat').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('SnapchatAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it("when t.snapchat.com redirects, gives the redirect's target without following it", async () => {
    const { adapter, requests } = given('snapchat', 'short-link');
    const hop = await adapter.readShortLink('https://t.snapchat.com/f1xtureSp0t', AbortSignal.timeout(5000));
    expect(hop).to.deep.equal({ ok: true, location: `https://www.snapchat.com/spotlight/${SPOT}?share_id=f1xtureShare&locale=en-GB` });
    expect(requests[0]).to.include({ url: 'https://t.snapchat.com/f1xtureSp0t', redirect: 'manual' });
  });
});

describe('Snapchat page readers', () => {
  const nextData = (pageProps: unknown) => `<html><head></head><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps } })}</script></body></html>`;

  it('when a video URL is off the media CDN or not https, leaves it out (a page without the video)', () => {
    const props = { spotlightStoryMetadata: [{ videoMetadata: { contentUrl: 'https://evil.test/clip.mp4' } }, { videoMetadata: { contentUrl: 'http://cf-st.sc-cdn.net/d/clip' } }] };
    expect(parseSpotlightPage(nextData(props), 'W7_EDf1xtureAAAA')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when a story snap names no media URL, returns upstream-error; a page that is not markup, upstream-error', () => {
    const props = { story: { snapList: [{ snapId: { value: 'f1xtureSnapAAAA' }, snapMediaType: 1, snapUrls: {} }] } };
    expect(parseStoryPage(nextData(props), 'harbourcam', 'f1xtureSnapAAAA')).to.deep.equal({ ok: false, reason: 'upstream-error' });
    expect(parseStoryPage('{"error":"nope"}', 'harbourcam', 'f1xtureSnapAAAA')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the account has no profile info, titles the card by the URL’s handle and keeps its spelling', () => {
    const props = { story: { snapList: [{ snapId: 'f1xtureSnapAAAA', snapMediaType: 0, snapUrls: { mediaUrl: 'https://bolt-gcdn.sc-cdn.net/3/f1xturePhoto' } }] } };
    const result = parseStoryPage(nextData(props), 'harbourcam', 'f1xtureSnapAAAA');
    expect(result).to.deep.equal({
      ok: true,
      card: { kind: 'image', title: '@harbourcam', author: { name: 'harbourcam', url: 'https://www.snapchat.com/add/harbourcam', handle: 'harbourcam' }, nsfw: false, image: { url: 'https://bolt-gcdn.sc-cdn.net/3/f1xturePhoto' } },
    });
  });
});
