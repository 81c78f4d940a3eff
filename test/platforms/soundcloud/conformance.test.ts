// The SoundCloud adapter's readers over the real captures (../shared/fixtures/upstream/soundcloud):
// api-v2 resolve answers (a public track, a Go+ preview, a geo-blocked track, a recent track with
// encrypted HLS beside its MP3, the widget API's track, set and user), the stream answers and what
// they were asked with, oEmbed answers, the track pages (their bundles, Open Graph tags and
// hydration), the widget player page, and the short links' redirects.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalLink, readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { cloudFrontExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { SoundcloudApi } from '../../../src/infrastructure/platforms/soundcloud/api.js';
import { bundleUrls } from '../../../src/infrastructure/platforms/soundcloud/client-id.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/soundcloud/oembed.js';
import { parseResolved, requestResolve } from '../../../src/infrastructure/platforms/soundcloud/resolve.js';
import { readTranscodings, requestStream, streamOrder } from '../../../src/infrastructure/platforms/soundcloud/stream.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const SC = 'soundcloud';
const RESOLVE_OPEN_MINDS = 'newpipe-api-v2-resolve-track-1356023209.json';
const RESOLVE_HARD_TO_BREAK = 'newpipe-api-v2-resolve-track-2167944333.json';
const RESOLVE_BLOCK = 'newpipe-api-v2-resolve-track-georestricted-BLOCK.json';
const RESOLVE_SNIP = 'newpipe-api-v2-resolve-track-goplus-SNIP.json';
const WIDGET_TRACK = 'newpipe-api-widget-resolve-track-1356023209.json';
const WIDGET_SET = 'newpipe-api-widget-resolve-playlist-small.json';
const WIDGET_USER = 'newpipe-api-widget-resolve-user-trapcity.json';
const STREAM_PROGRESSIVE = 'newpipe-api-v2-media-stream-progressive.json';
const STREAM_HLS = 'newpipe-api-v2-media-stream-hls.json';
const STREAM_404 = 'newpipe-api-v2-media-stream-hls-404.json';
const OEMBED_ZEDS = 'embedphp-oembed-zedsdead-track.json';
const OEMBED_NO_ARTWORK = 'embedphp-oembed-ididthat-1-track.json';
const OEMBED_USER = 'embedphp-oembed-bruceneilmusic-user.json';
const PAGE_ZEDS = 'embedphp-page-zedsdead-track.html';
const PAGE_METASCRAPER = 'metascraper-song.html';
const WIDGET_PLAYER = 'newpipe-w.soundcloud.com-player-track.html';
const SHORT_200 = 'newpipe-on.soundcloud.com-shortlink-HEAD-200.meta.json';
const SHORT_403 = 'newpipe-on.soundcloud.com-shortlink-HEAD-403.meta.json';

/** NewPipe's client id of February 2026, which the captures were asked with (SOURCES.md). */
const NEWPIPE_CLIENT_ID = 'CkCiIyf14rHi27fhk7HxhPOzc85okfSJ';
const API_HOSTS = ['soundcloud.com', 'api-v2.soundcloud.com', 'a-v2.sndcdn.com', 'on.soundcloud.com'];

const json = (file: string) => JSON.parse(readCapture(SC, file)) as Record<string, unknown>;

/** The URL a NewPipe mock was asked with, and where it ended (its request and `latestUrl`). */
function newpipeExchange(file: string): { url: string; latestUrl: string; status: number } {
  const meta = json(file) as { request: { url: string }; response: { code: number; latestUrl: string } };
  return { url: meta.request.url, latestUrl: meta.response.latestUrl, status: meta.response.code };
}

function embedphpLocation(file: string): string {
  return (json(file) as { headers: Record<string, string[]> }).headers['Content-Location']![0]!;
}

/** An HTTP port answering each request with `answer(url)`, keeping the requests. */
function answering(answer: (url: URL) => { status?: number; body: string }): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      const { status = 200, body } = answer(new URL(request.url));
      return Promise.resolve({ status, url: request.url, headers: {}, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
    },
  };
  return { http, requests };
}

/** The web app as the client id is read from it: a page listing one bundle that names NewPipe's id. */
function webApp(url: URL): { body: string } | undefined {
  if (url.href === 'https://soundcloud.com/') return { body: '<script crossorigin src="https://a-v2.sndcdn.com/assets/49-0a1b2c3d.js"></script>' };
  if (url.host === 'a-v2.sndcdn.com') return { body: `{client_id:"${NEWPIPE_CLIENT_ID}"}` };
  return undefined;
}

function canonicalOf(url: string): { platform: string; canonicalUrl: string; denotes?: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  return result.platform === 'none' ? { platform: 'none', canonicalUrl: result.canonicalUrl } : { platform: result.platform, canonicalUrl: result.canonicalUrl, denotes: result.match.denotes };
}

function sortedQuery(url: string): string[] {
  return [...new URL(url).searchParams].map(([k, v]) => `${k}=${v}`).sort();
}

const OPEN_MINDS = 'https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory';
const OPEN_MINDS_CARD = () => ({
  kind: 'image',
  title: 'Open Minds, Ep 21: Dr. Beth Harris and Dr. Steven Zucker of Smarthistory',
  description: json(RESOLVE_OPEN_MINDS)['description'],
  author: { name: 'Creative Commons', url: 'https://soundcloud.com/wearecc', handle: 'wearecc', avatar: 'https://i1.sndcdn.com/avatars-000001558477-l96tko-large.jpg', verified: false },
  publishedAt: '2022-10-03T18:49:49Z',
  stats: { likes: 14, reposts: 3, replies: 0, views: 16803 },
  nsfw: false,
  image: { url: 'https://i1.sndcdn.com/artworks-IDutzmNbxkwf272h-8drHtg-t500x500.jpg', width: 500, height: 500 },
});

describeCaptures('soundcloud conformance', () => {
  describe('api-v2 resolve', () => {
    it(`when given ${RESOLVE_OPEN_MINDS}, returns the track card, its details, and the progressive MP3 as the first stream tried`, () => {
      const resolved = parseResolved(json(RESOLVE_OPEN_MINDS));
      if (!resolved.ok) throw new Error('not resolved');
      expect(resolved.card).to.deep.equal(OPEN_MINDS_CARD());
      expect(resolved.permalinkUrl).to.equal(OPEN_MINDS);
      expect(resolved.stream?.preview).to.equal(false);
      expect(resolved.stream?.trackAuthorization).to.match(/^eyJ0eXAiOiJKV1Qi/);
      expect(streamOrder(resolved.stream!.transcodings).map((t) => `${t.protocol} ${t.mimeType} ${t.url.split('/').slice(-3, -2)[0]}`)).to.deep.equal([
        'progressive audio/mpeg aca35be0-c9a7-4d9d-bdc9-cf016bffa39c',
        'hls audio/mpeg aca35be0-c9a7-4d9d-bdc9-cf016bffa39c',
        'hls audio/ogg a56a7211-bb51-4fe0-9a12-d421a15a6957',
        'hls audio/mpegurl 1abf07a8-57e2-4523-adca-2ba3a9dd1fe3',
      ]);
    });

    it(`when resolving ${OPEN_MINDS}, asks what ${RESOLVE_OPEN_MINDS} was captured from, with the client id read from the app's bundle`, async () => {
      const captured = newpipeExchange(RESOLVE_OPEN_MINDS.replace('.json', '.meta.json'));
      const { http, requests } = answering((url) => webApp(url) ?? { body: readCapture(SC, RESOLVE_OPEN_MINDS) });
      const resolved = await requestResolve(new SoundcloudApi(new Upstream(http, API_HOSTS)), OPEN_MINDS, AbortSignal.timeout(5000));
      expect(resolved.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal(['https://soundcloud.com/', 'https://a-v2.sndcdn.com/assets/49-0a1b2c3d.js', captured.url]);
    });

    it(`when given ${WIDGET_TRACK} (the widget API's copy), returns the same card`, () => {
      const resolved = parseResolved(json(WIDGET_TRACK));
      expect(resolved.ok && resolved.card).to.deep.equal(OPEN_MINDS_CARD());
    });

    it(`when given ${RESOLVE_HARD_TO_BREAK}, returns its card without a description, and prefers its MP3 to its encrypted HLS`, () => {
      const resolved = parseResolved(json(RESOLVE_HARD_TO_BREAK));
      if (!resolved.ok) throw new Error('not resolved');
      expect(resolved.card).to.deep.equal({
        kind: 'image',
        title: 'Hard to Break',
        author: { name: 'Blake Whiten', url: 'https://soundcloud.com/blakewhiten', handle: 'blakewhiten', avatar: 'https://i1.sndcdn.com/avatars-HR9ExmKgfe5cnDIB-ItXaxQ-large.jpg', verified: false },
        publishedAt: '2025-09-10T02:24:00Z',
        stats: { likes: 2290, reposts: 14, replies: 20, views: 145222 },
        nsfw: false,
        image: { url: 'https://i1.sndcdn.com/artworks-4avLIZcwwxeq-0-t500x500.jpg', width: 500, height: 500 },
      });
      const order = streamOrder(resolved.stream!.transcodings);
      expect(order.map((t) => t.url.split('/').slice(-2).join('/'))).to.deep.equal([
        'stream/progressive',
        'stream/hls',
        'stream/hls',
      ]);
      expect(order[0]!.url).to.equal('https://api-v2.soundcloud.com/media/soundcloud:tracks:2167944333/d999571e-4114-45c9-8bd0-0542ab7b5690/stream/progressive');
    });

    it(`when given ${RESOLVE_BLOCK} (policy BLOCK, no transcodings), returns region-locked`, () => {
      expect(parseResolved(json(RESOLVE_BLOCK))).to.deep.equal({ ok: false, reason: 'region-locked' });
    });

    it(`when given ${RESOLVE_SNIP} (policy SNIP), returns the card with the 30 s preview's progressive file first, marked a preview`, () => {
      const resolved = parseResolved(json(RESOLVE_SNIP));
      if (!resolved.ok) throw new Error('not resolved');
      expect(resolved.card).to.deep.include({ kind: 'image', title: 'Places (feat. Ina Wroldsen)', nsfw: false, publishedAt: '2016-11-11T01:16:37Z' });
      expect(resolved.card.author).to.deep.include({ name: 'martinsolveig', handle: 'martinsolveig', verified: true });
      expect(resolved.stream?.preview).to.equal(true);
      const first = streamOrder(resolved.stream!.transcodings)[0]!;
      expect(first).to.deep.include({ protocol: 'progressive', mimeType: 'audio/mpeg', snipped: true, duration: 30000 });
    });

    it(`when given ${WIDGET_SET}, returns the set's card with its first track's artwork and its track count`, () => {
      expect(parseResolved(json(WIDGET_SET))).to.deep.equal({
        ok: true,
        permalinkUrl: 'https://soundcloud.com/breezy-123/sets/empty-playlist',
        card: {
          kind: 'image',
          title: 'EMPTY PLAYLIST',
          description: '2 tracks',
          author: { name: 'breezy-123', url: 'https://soundcloud.com/breezy-123', handle: 'breezy-123', avatar: 'https://i1.sndcdn.com/avatars-000068567671-brjsbw-large.jpg', verified: false },
          publishedAt: '2014-02-15T11:10:52Z',
          stats: { likes: 0, reposts: 0 },
          nsfw: false,
          image: { url: 'https://i1.sndcdn.com/artworks-rkzO8jtNYI01-0-t500x500.jpg', width: 500, height: 500 },
        },
      });
    });

    it(`when given ${WIDGET_USER} (a profile), returns unsupported, as the URL routes read its permalink as a page`, () => {
      expect(parseResolved(json(WIDGET_USER))).to.deep.equal({ ok: false, reason: 'unsupported' });
      expect(canonicalOf('https://soundcloud.com/trapcity')).to.deep.equal({ platform: 'soundcloud', canonicalUrl: 'https://soundcloud.com/trapcity', denotes: 'page' });
    });
  });

  describe('streams', () => {
    const transcodings = () => {
      const resolved = parseResolved(json(RESOLVE_OPEN_MINDS));
      if (!resolved.ok || !resolved.stream) throw new Error('no stream');
      return resolved.stream;
    };

    it(`when the progressive transcoding answers ${STREAM_PROGRESSIVE}, asks what it was captured from and gives the signed MP3 with its expiry`, async () => {
      const captured = newpipeExchange(STREAM_PROGRESSIVE.replace('.json', '.meta.json'));
      const { http, requests } = answering((url) => webApp(url) ?? { body: readCapture(SC, STREAM_PROGRESSIVE) });
      const stream = await requestStream(new SoundcloudApi(new Upstream(http, API_HOSTS)), transcodings().transcodings, transcodings(), AbortSignal.timeout(5000));
      const asked = requests.at(-1)!.url;
      expect(asked.split('?')[0]).to.equal(captured.url.split('?')[0]);
      expect(sortedQuery(asked)).to.deep.equal(sortedQuery(captured.url));
      expect(stream).to.deep.equal({
        audio: { url: (json(STREAM_PROGRESSIVE) as { url: string }).url, mimeType: 'audio/mpeg', duration: 1500.317 },
        expiresAt: 1_771_637_724_000,
      });
    });

    it(`when the progressive transcoding answers 404 (${STREAM_404}), takes the HLS playlist (${STREAM_HLS}) instead`, async () => {
      const { http } = answering((url) => webApp(url) ?? (url.pathname.endsWith('/progressive') ? { status: 404, body: readCapture(SC, STREAM_404) } : { body: readCapture(SC, STREAM_HLS) }));
      const stream = await requestStream(new SoundcloudApi(new Upstream(http, API_HOSTS)), transcodings().transcodings, transcodings(), AbortSignal.timeout(5000));
      expect(stream).to.deep.equal({
        audio: { url: (json(STREAM_HLS) as { url: string }).url, mimeType: 'application/vnd.apple.mpegurl', duration: 1500.317 },
        expiresAt: 1_771_637_724_000,
      });
    });

    it(`when given ${STREAM_HLS}, reads when its signature expires from its Policy`, () => {
      expect(cloudFrontExpiry((json(STREAM_HLS) as { url: string }).url)).to.equal(1_771_637_724_000);
    });

    it('when given the captured transcodings, keeps every one on the API host and drops the encrypted ones', () => {
      expect(readTranscodings(json(RESOLVE_OPEN_MINDS)['media'])).to.have.length(4);
      expect(readTranscodings(json(RESOLVE_HARD_TO_BREAK)['media'])).to.have.length(3);
      expect(readTranscodings(json(RESOLVE_BLOCK)['media'])).to.deep.equal([]);
    });
  });

  describe('oEmbed', () => {
    const ZEDS = 'https://soundcloud.com/zedsdead/zeds-dead-twin-shadow-lost-you-feat-dangelo-lacy';

    it(`when given ${OEMBED_ZEDS}, returns the card with the track's own title and its artwork`, () => {
      expect(parseOembed(json(OEMBED_ZEDS))).to.deep.equal({
        kind: 'image',
        title: "Zeds Dead feat. Twin Shadow & D'Angelo Lacy - Lost You",
        description:
          'MUSIC VIDEO : https://www.youtube.com/watch?v=VJm7IPrBmLY\n\nZeds Dead\nwww.facebook.com/zedsdead\nwww.twitter.com/whoszed\nwww.instagram.com/zedsdeadofficial\n\nTwin Shadow\nwww.facebook.com/twnshdw\nwww.twitter.com/twinshadow\nwww.instagram.com/thetwinshadow',
        author: { name: 'Zeds Dead', url: 'https://soundcloud.com/zedsdead' },
        nsfw: false,
        image: { url: 'https://i1.sndcdn.com/artworks-fdcKTkNSeA5J-0-t500x500.jpg' },
      });
    });

    it(`when asking about the track, requests what ${OEMBED_ZEDS} was captured from`, async () => {
      const { http, requests } = answering(() => ({ body: readCapture(SC, OEMBED_ZEDS) }));
      const result = await oembedCard(new Upstream(http, API_HOSTS), ZEDS, AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([embedphpLocation(OEMBED_ZEDS.replace('.json', '.meta.json'))]);
    });

    it(`when given ${OEMBED_NO_ARTWORK} (the placeholder thumbnail, an empty description), returns a link card`, () => {
      expect(parseOembed(json(OEMBED_NO_ARTWORK))).to.deep.equal({
        kind: 'link',
        title: 'LOWE CT Cape Times - World Cup',
        author: { name: 'IDIDTHAT.co', url: 'https://soundcloud.com/ididthat-1' },
        nsfw: false,
      });
    });

    it(`when given ${OEMBED_USER}, whose author URL the routes read as a profile page, which is never asked about`, () => {
      expect(canonicalOf(String(json(OEMBED_USER)['author_url']))).to.deep.equal({ platform: 'soundcloud', canonicalUrl: 'https://soundcloud.com/bruceneilmusic', denotes: 'page' });
    });
  });

  describe('pages', () => {
    it(`when given ${PAGE_ZEDS}, lists the app bundles on a-v2.sndcdn.com, names its post as og:url, and its hydrated sound (policy BLOCK where it was fetched) reads as region-locked`, () => {
      const html = readCapture(SC, PAGE_ZEDS);
      const bundles = bundleUrls(html);
      expect(bundles).to.have.length(9);
      expect(bundles[0]).to.equal('https://a-v2.sndcdn.com/assets/55-64b9d951.js');
      expect(bundles.at(-1)).to.equal('https://a-v2.sndcdn.com/assets/51-33116055.js');
      const meta = readMetaTags(html);
      expect(canonicalOf(meta.get('og:url')!)).to.deep.equal({ platform: 'soundcloud', canonicalUrl: embedphpLocation(PAGE_ZEDS.replace('.html', '.meta.json')), denotes: 'post' });
      const hydration = JSON.parse(/window\.__sc_hydration = (\[[\s\S]*?\]);<\/script>/.exec(html)![1]!) as { hydratable: string; data: Record<string, unknown> }[];
      const sound = hydration.find((h) => h.hydratable === 'sound')!.data;
      expect(sound['title']).to.equal(meta.get('og:title'));
      expect(hydration.find((h) => h.hydratable === 'geoip')!.data['country_code']).to.equal('ES');
      expect(parseResolved(sound)).to.deep.equal({ ok: false, reason: 'region-locked' });
    });

    it(`when given ${PAGE_METASCRAPER}, lists its bundles and names as og:url a post the routes read`, () => {
      const html = readCapture(SC, PAGE_METASCRAPER);
      expect(bundleUrls(html).every((u) => u.startsWith('https://a-v2.sndcdn.com/assets/'))).to.equal(true);
      expect(bundleUrls(html).length).to.be.greaterThan(0);
      expect(canonicalOf(readMetaTags(html).get('og:url')!)).to.deep.equal({ platform: 'soundcloud', canonicalUrl: 'https://soundcloud.com/beautybrainsp/beauty-brain-swag-bandicoot', denotes: 'post' });
    });

    it(`when given ${WIDGET_PLAYER}, its canonical link is the post the resolve capture names, and it lists no app bundle`, () => {
      const html = readCapture(SC, WIDGET_PLAYER);
      expect(canonicalOf(canonicalLink(html)!)).to.deep.equal({ platform: 'soundcloud', canonicalUrl: OPEN_MINDS, denotes: 'post' });
      expect(bundleUrls(html)).to.deep.equal([]);
    });
  });

  describe('short links', () => {
    it(`when given ${SHORT_200}, reads its link as a short link and where it ended as the track`, () => {
      const { url, latestUrl } = newpipeExchange(SHORT_200);
      expect(canonicalOf(url)).to.deep.equal({ platform: 'soundcloud', canonicalUrl: 'https://on.soundcloud.com/a8QmYdMnmxnsSTEp9', denotes: 'short' });
      expect(canonicalOf(latestUrl)).to.deep.equal({
        platform: 'soundcloud',
        canonicalUrl: 'https://soundcloud.com/katagiri/ultimate-dragon-forest-kingdom-64-definitive-edition-game-of-the-year-mix',
        denotes: 'post',
      });
    });

    it(`when given ${SHORT_403}, where it ended is a profile: a page, which /resolve answers unsupported`, () => {
      const { url, latestUrl, status } = newpipeExchange(SHORT_403);
      expect(status).to.equal(403);
      expect(canonicalOf(url).denotes).to.equal('short');
      expect(canonicalOf(latestUrl)).to.deep.equal({ platform: 'soundcloud', canonicalUrl: 'https://soundcloud.com/trapcity', denotes: 'page' });
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every file has an expectation here', () => {
      const covered = [
        RESOLVE_OPEN_MINDS,
        RESOLVE_OPEN_MINDS.replace('.json', '.meta.json'),
        RESOLVE_HARD_TO_BREAK,
        RESOLVE_BLOCK,
        RESOLVE_SNIP,
        WIDGET_TRACK,
        WIDGET_SET,
        WIDGET_USER,
        STREAM_PROGRESSIVE,
        STREAM_PROGRESSIVE.replace('.json', '.meta.json'),
        STREAM_HLS,
        STREAM_404,
        OEMBED_ZEDS,
        OEMBED_ZEDS.replace('.json', '.meta.json'),
        OEMBED_NO_ARTWORK,
        OEMBED_USER,
        PAGE_ZEDS,
        PAGE_ZEDS.replace('.html', '.meta.json'),
        PAGE_METASCRAPER,
        WIDGET_PLAYER,
        SHORT_200,
        SHORT_403,
      ];
      expect(captureFiles(SC, /\.(json|html)$/)).to.deep.equal([...covered].sort());
    });
  });
});
