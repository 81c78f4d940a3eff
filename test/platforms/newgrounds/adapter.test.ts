// The Newgrounds adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/newgrounds/fixtures/ (nock definitions of the team's own: Newgrounds has no real
// capture, so their shapes follow yt-dlp's and cobalt's reading of the site), with the requests it made.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseAudioPage } from '../../../src/infrastructure/platforms/newgrounds/audio.js';
import { readPortalVideo } from '../../../src/infrastructure/platforms/newgrounds/portal-video.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const VIEW = (id: string) => `https://www.newgrounds.com/portal/view/${id}`;
const SOURCES = (id: string) => `https://www.newgrounds.com/portal/video/${id}`;
const LISTEN = (id: string) => `https://www.newgrounds.com/audio/listen/${id}`;
const GULLWORKS = { name: 'GullWorks', url: 'https://gullworks.newgrounds.com/', handle: 'GullWorks' };

describe('NewgroundsAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when a movie\'s page and sources answer, returns the video card: the tallest MP4, the decoded title, the author, the page\'s thumbnail, date and views', async () => {
    const { result, requests } = await given('newgrounds', 'movie').resolve('https://www.newgrounds.com/portal/view/1770001/format/flash');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        // The sources answer writes it percent-encoded ("Lantern%20Keeper").
        title: 'Lantern Keeper',
        description: 'A short about a lighthouse cat.',
        author: GULLWORKS,
        image: { url: 'https://picon.ngfiles.com/1770000/flash_1770001_card.png?f1770000000' },
        video: { url: 'https://uploads.ungrounded.net/alternate/1770000/1770001_alternate_90001.1080p.mp4?1770000000', mimeType: 'video/mp4' },
        // Rated T (teen) is not Adult; the related submission's rated-a class is not this one's.
        nsfw: false,
        publishedAt: '2026-02-14T23:30:00Z',
        stats: { views: 12408 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([VIEW('1770001'), SOURCES('1770001')]);
    expect(requests[1]!.headers).to.include({ 'x-requested-with': 'XMLHttpRequest', accept: 'application/json', referer: VIEW('1770001') });
    expect(requests[1]!.allowedHosts).to.deep.equal(['www.newgrounds.com']);
  });

  it('when the page heads the submission as rated A (Adult), returns the card with nsfw true', async () => {
    const { result } = await given('newgrounds', 'movie-adult').resolve(VIEW('1770002'));
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      title: 'Night Shift',
      nsfw: true,
      video: { url: 'https://uploads.ungrounded.net/alternate/1770000/1770002_alternate_90002.720p.mp4?1770000002', mimeType: 'video/mp4' },
    });
  });

  it('when the sources answer 404 (a game is no movie), returns the page\'s card: its thumbnail, upgraded to https, as an image', async () => {
    const { result, requests } = await given('newgrounds', 'game').resolve(VIEW('1770003'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Harbour Dash',
        description: 'Dodge the gulls.',
        image: { url: 'https://picon.ngfiles.com/1770000/flash_1770003_card.png?f1770000003' },
        nsfw: false,
        publishedAt: '2025-11-30T17:00:00Z',
        stats: { views: 3201554 },
      },
    });
    // The page is read once for both strategies.
    expect(requests.map((r) => r.url)).to.deep.equal([VIEW('1770003'), SOURCES('1770003')]);
  });

  it('when the page answers 401 (the login Newgrounds asks for an adult submission), returns age-restricted without asking for the sources', async () => {
    const { result, requests } = await given('newgrounds', 'age-restricted').resolve(VIEW('1770004'));
    expect(result).to.deep.equal({ ok: false, reason: 'age-restricted' });
    expect(requests).to.have.length(1);
  });

  it('when the page answers 404, returns not-found without asking for the sources', async () => {
    const { result, requests } = await given('newgrounds', 'not-found').resolve(VIEW('1770005'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the page answers 5xx, returns upstream-error; when it never answers, timeout', async () => {
    nock('https://www.newgrounds.com').get('/portal/view/1770010').reply(503, 'busy');
    expect((await given('newgrounds').resolve(VIEW('1770010'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    nock('https://www.newgrounds.com').get('/portal/view/1770011').delay(1000).reply(200, '<html></html>');
    const slow = await given('newgrounds', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(VIEW('1770011'));
    expect(slow.result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(slow.requests).to.have.length(1);
  });

  it('when an audio page holds its player call, returns the image card with the icon and the MP3 as audio, never a video', async () => {
    const { result, requests } = await given('newgrounds', 'audio').resolve('https://newgrounds.com/audio/listen/1770007/?ref=featured');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Tide Tables',
        description: 'A slow ambient track.',
        author: { name: 'SaltMarsh', url: 'https://saltmarsh.newgrounds.com/', handle: 'SaltMarsh' },
        image: { url: 'https://aicon.ngfiles.com/1770/1770007.png?f1770000007' },
        audio: { url: 'https://audio.ngfiles.com/1770000/1770007_Tide-Tables.mp3?f1770000007', mimeType: 'audio/mpeg', duration: 196 },
        nsfw: false,
        publishedAt: '2026-01-05T14:00:00Z',
        stats: { views: 7310 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([LISTEN('1770007')]);
  });

  it('when an audio page has no player call, returns the page\'s card without audio', async () => {
    const { result } = await given('newgrounds', 'audio-no-player').resolve(LISTEN('1770008'));
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Fog Horn',
        description: 'Field recording.',
        image: { url: 'https://aicon.ngfiles.com/1770/1770008.png?f1770000008' },
        // Rated M (mature) is not Adult.
        nsfw: false,
        publishedAt: '2026-01-06T14:00:00Z',
        stats: { views: 55 },
      },
    });
  });

  it('when the audio page answers 403, returns blocked', async () => {
    expect((await given('newgrounds', 'blocked').resolve(LISTEN('1770006'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the URL named no submission (a profile), returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'newgrounds', canonicalUrl: 'https://gullworks.newgrounds.com/', contentId: 'gullworks', ids: { user: 'gullworks' } };
    const { result, requests } = await given('newgrounds').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('readPortalVideo', () => {
  it('when the sources hold no https MP4 (or are no object), refuses with upstream-error so the page\'s card stands', () => {
    expect(readPortalVideo({ sources: { '720p': [{ src: 'https://uploads.ungrounded.net/a.webm', type: 'video/webm' }] } })).to.deep.equal({ ok: false, reason: 'upstream-error' });
    expect(readPortalVideo(undefined)).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when 4k is among the qualities, takes it; a title that is not percent-encoded stays as written; an author no host can name is left out', () => {
    const result = readPortalVideo({
      title: '100% Gulls',
      author: 'not a user!',
      sources: { '1080p': [{ src: 'https://uploads.ungrounded.net/b.1080p.mp4', type: 'video/mp4' }], '4k': [{ src: 'http://uploads.ungrounded.net/b.4k.mp4', type: 'video/mp4' }] },
    });
    expect(result).to.deep.equal({ ok: true, card: { kind: 'video', title: '100% Gulls', nsfw: false, video: { url: 'https://uploads.ungrounded.net/b.4k.mp4', mimeType: 'video/mp4' } } });
  });
});

describe('parseAudioPage', () => {
  it('when the page has no title, is blocked (markup) or upstream-error (no markup)', () => {
    expect(parseAudioPage('<html><body>Checking your browser</body></html>')).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(parseAudioPage('')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });
});
