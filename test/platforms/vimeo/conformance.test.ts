// The Vimeo adapter's readers over the real captures (../shared/fixtures/upstream/vimeo): oEmbed
// answers (public, and the bare answer an unlisted video gives without its hash), player configs
// read into the stream, text and expiry the card carries, the error bodies read into reasons, the
// HLS master playlist the proxy rewrites, and Vimeo's own links and ids as the URL routes read them.
// (The API v3 answers need a token the adapter does not use: only their ids are read here.)
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { rewriteHlsPlaylist } from '../../../src/domain/hls-playlist.js';
import { isAllowedMediaUrl } from '../../../src/domain/media-token-policy.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { vimeo } from '../../../src/domain/platforms/vimeo.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { parsePlayerConfig } from '../../../src/infrastructure/platforms/vimeo/config.js';
import { oembedCard, parseVimeoOembed, requestVimeoOembed } from '../../../src/infrastructure/platforms/vimeo/oembed.js';
import { reasonOfRefusal } from '../../../src/infrastructure/platforms/vimeo/refusal.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const OEMBED = 'embedphp-oembed-235352744.json';
const OEMBED_BARE = 'embedphp-oembed-235352744-format-json.json';
const OEMBED_RUBY = 'ruby-oembed-oembed-31158841.json';
const PAGE_404 = 'embedphp-page-vimeo.com-235352744-404.html';
const PAGE = 'metascraper-page-vimeo.html';
const CONFIG = 'kodi-vimeo-player_video_config.json';
const CONFIG_AV1 = 'kodi-vimeo-player_video_config_av1.json';
const HLS_MASTER = 'kodi-vimeo-hls_master.m3u8';
const GEO_BLOCK = 'kodi-vimeo-api_geo_block.json';
const PASSWORD = 'kodi-vimeo-api_videos_detail_invalid_params.json';
const API_VIDEOS = ['kodi-vimeo-api_videos_detail.json', 'kodi-vimeo-api_videos_detail_live.json', 'kodi-vimeo-api_videos_detail_unlisted.json'];

const capture = (file: string) => readCapture('vimeo', file);
const json = (file: string) => JSON.parse(capture(file)) as unknown;

/** The canonical URL and content id the routes give a URL. */
function canonical(url: string): { platform: string; canonicalUrl: string; contentId?: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  const contentId = result.platform !== 'none' && result.match.denotes !== 'page' ? result.match.contentId : undefined;
  return { platform: result.platform, canonicalUrl: result.canonicalUrl, ...(contentId ? { contentId } : {}) };
}

/** An HTTP port answering every request with one body, and keeping the requests. */
function answering(body: string): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({ status: 200, url: request.url, headers: { 'content-type': 'application/json' }, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
    },
  };
  return { http, requests };
}

describeCaptures('vimeo conformance', () => {
  describe('oEmbed', () => {
    it(`when given ${OEMBED}, reads the text, thumbnail, upload date (as UTC), duration and embed size`, () => {
      expect(parseVimeoOembed(json(OEMBED))).to.deep.equal({
        title: 'Vimeo Live is here',
        description: 'Professional live streaming is here. \n\nLearn more at vimeo.com/live',
        author: { name: 'Vimeo', url: 'https://vimeo.com/vimeomarketing' },
        image: { url: 'https://i.vimeocdn.com/video/657162424_640.jpg', width: 640, height: 360 },
        publishedAt: '2017-09-25T10:36:56Z',
        duration: 75,
        width: 640,
        height: 360,
      });
    });

    it(`when given ${OEMBED}, makes the oEmbed-only card with the embed player`, () => {
      const result = oembedCard({ ok: true, oembed: parseVimeoOembed(json(OEMBED))! }, { id: '235352744' });
      expect(result.ok && result.card.video).to.deep.equal({ url: 'https://player.vimeo.com/video/235352744', mimeType: 'text/html', width: 640, height: 360, duration: 75 });
      expect(result.ok && result.card.title).to.equal('Vimeo Live is here');
    });

    it(`when asking about 235352744, requests what ${OEMBED} was captured from`, async () => {
      const meta = JSON.parse(capture(OEMBED.replace('.json', '.meta.json'))) as { headers: Record<string, string[]> };
      const { http, requests } = answering(capture(OEMBED));
      const answer = await requestVimeoOembed(new Upstream(http, vimeo.upstreamHosts), { id: '235352744' }, AbortSignal.timeout(5000));
      expect(answer.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal(meta.headers['Content-Location']);
    });

    it(`when given ${OEMBED_BARE} (the video turned unlisted, asked without its hash), reads only the hash its uri gives, and makes no card`, () => {
      const oembed = parseVimeoOembed(json(OEMBED_BARE))!;
      expect(oembed).to.deep.equal({ width: 640, height: 360, hash: 'ebd66989cc' });
      expect(oembedCard({ ok: true, oembed }, { id: '235352744' })).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it(`when given ${OEMBED_RUBY}, reads its text and the thumbnail at the size oEmbed states`, () => {
      expect(parseVimeoOembed(json(OEMBED_RUBY))).to.deep.equal({
        title: 'Murmuration',
        description:
          'A chance encounter and shared moment with one of natures greatest and most fleeting phenomena.\n\nFacebook: Islands And Rivers\nFor licensing information contact Dale Dobson - dale@iconiclinx.com',
        author: { name: 'Islands & Rivers', url: 'https://vimeo.com/islandsandrivers' },
        image: { url: 'https://i.vimeocdn.com/video/448600816_295x166.jpg', width: 295, height: 221 },
        publishedAt: '2011-10-26T14:43:13Z',
        duration: 123,
        width: 400,
        height: 320,
      });
    });

    it(`when asking about 31158841, requests the URL ${OEMBED_RUBY} was recorded from (decoded alike)`, async () => {
      const meta = JSON.parse(capture(OEMBED_RUBY.replace('.json', '.meta.json'))) as { request: { uri: string } };
      const { http, requests } = answering(capture(OEMBED_RUBY));
      await requestVimeoOembed(new Upstream(http, vimeo.upstreamHosts), { id: '31158841' }, AbortSignal.timeout(5000));
      expect(decodeURIComponent(requests[0]!.url)).to.equal(meta.request.uri);
    });
  });

  describe('player config', () => {
    it(`when given ${CONFIG}, picks the tallest progressive MP4 and reads title, channel, poster, duration and the URL's expiry`, () => {
      expect(parsePlayerConfig(json(CONFIG), { id: '338319342' })).to.deep.equal({
        video: {
          url: 'https://gcs-vimeo.akamaized.net/exp=1579029538~acl=%2Fvimeo-prod-skyfire-std-us%2F01%2F2663%2F13%2F338319342%2F1344807512.mp4~hmac=e0af895db571e180af8cf643061f4a4a51b361604c1f62e5d53e90917b71f7f1/vimeo-prod-skyfire-std-us/01/2663/13/338319342/1344807512.mp4?source=1',
          mimeType: 'video/mp4',
          width: 1998,
          height: 1080,
          duration: 902,
        },
        title: 'While I yet Live',
        author: { name: 'Nightshade Films', url: 'https://vimeo.com/user7929587', avatar: 'https://i.vimeocdn.com/portrait/23176759_120x120.jpg' },
        image: { url: 'https://i.vimeocdn.com/video/785836620_1280.jpg' },
        expiresAt: 1579029538_000,
      });
    });

    it(`when ${CONFIG_AV1} has its progressive files taken away (as current configs do), picks the default CDN's HLS playlist`, () => {
      const body = json(CONFIG_AV1) as { request: { files: Record<string, unknown> } };
      delete body.request.files['progressive'];
      const config = parsePlayerConfig(body, { id: '338319342' });
      expect(config.video).to.deep.equal({
        url: 'https://skyfire.vimeocdn.com/1579029538-0x527422f11c5f423bc2e8ad31d36dc1ac878c4468/3ae9ecda-9425-45dd-8628-bf98c569e7f2/video/83da4776,a03eaf0c,ea5ff3dd,2e4eaa35,356cab74/master.m3u8',
        mimeType: 'application/vnd.apple.mpegurl',
        width: 1998,
        height: 1080,
        duration: 902,
      });
      expect(config.expiresAt).to.equal(1579029538_000);
      expect(isAllowedMediaUrl(config.video.url, vimeo.mediaHosts)).to.equal(true);
    });

    it(`when given ${CONFIG_AV1}, its MP4 is on a media host the proxy may fetch`, () => {
      expect(isAllowedMediaUrl(parsePlayerConfig(json(CONFIG_AV1), { id: '338319342' }).video.url, vimeo.mediaHosts)).to.equal(true);
    });
  });

  describe('HLS master playlist', () => {
    it(`when ${HLS_MASTER} is rewritten from the Vimeo CDN, every rendition, variant and subtitle URI stays on a media host`, () => {
      const seen: string[] = [];
      rewriteHlsPlaylist(capture(HLS_MASTER), 'https://skyfire.vimeocdn.com/1579029538-0x5274/3ae9/video/83da4776/master.m3u8', (uri) => {
        seen.push(uri.url);
        return 'x';
      });
      expect(seen).to.have.length(13);
      expect(seen.filter((url) => !isAllowedMediaUrl(url, vimeo.mediaHosts))).to.deep.equal([]);
      expect(seen[0]).to.equal('https://skyfire.vimeocdn.com/subtitles/11958704/playlist.m3u8?d=846.375000');
    });
  });

  describe('refusals', () => {
    it(`when given ${GEO_BLOCK}, reads region-locked from its error code`, () => {
      expect(reasonOfRefusal(403, capture(GEO_BLOCK))).to.equal('region-locked');
    });

    it(`when given ${PASSWORD}, reads private: the password is asked for`, () => {
      expect(reasonOfRefusal(400, capture(PASSWORD))).to.equal('private');
    });

    it(`when given ${PAGE_404} (the unlisted video's page without its hash, HTTP 404), reads not-found; the hashed URL is another address`, () => {
      const meta = JSON.parse(capture(PAGE_404.replace('.html', '.meta.json'))) as { status: number; headers: Record<string, string[]> };
      expect(reasonOfRefusal(meta.status, capture(PAGE_404))).to.equal('not-found');
      expect(canonical(meta.headers['Content-Location']![0]!)).to.deep.equal({ platform: 'vimeo', canonicalUrl: 'https://vimeo.com/235352744', contentId: '235352744' });
      expect(canonical('https://vimeo.com/235352744/ebd66989cc').contentId).to.equal('235352744:ebd66989cc');
    });
  });

  describe('Vimeo\'s own links and ids', () => {
    it(`when given ${PAGE}, its og:url and canonical link are the canonical URL the routes build`, () => {
      const meta = readMetaTags(capture(PAGE));
      expect(canonical(meta.get('og:url')!)).to.deep.equal({ platform: 'vimeo', canonicalUrl: 'https://vimeo.com/311983548', contentId: '311983548' });
    });

    it(`when given ${PAGE}, its og:video player carries an h= even for a public video: the routes keep it (an unlisted one needs it)`, () => {
      const meta = readMetaTags(capture(PAGE));
      expect(canonical(meta.get('og:video:url')!)).to.deep.equal({ platform: 'vimeo', canonicalUrl: 'https://vimeo.com/311983548/3faabede87', contentId: '311983548:3faabede87' });
    });

    for (const file of API_VIDEOS) {
      it(`when given ${file}, the content id of its video's page is the API's own id (with an unlisted hash after a colon)`, () => {
        const { uri } = json(file) as { uri: string };
        const [id, hash] = uri.replace('/videos/', '').split(':') as [string, string?];
        const page = hash ? `https://vimeo.com/${id}/${hash}` : `https://vimeo.com/${id}`;
        expect(canonical(page)).to.deep.equal({ platform: 'vimeo', canonicalUrl: page, contentId: uri.replace('/videos/', '') });
      });
    }
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      const bodies = captureFiles('vimeo', /\.(json|html|m3u8)$/).filter((name) => !name.endsWith('.meta.json'));
      expect(bodies).to.deep.equal([OEMBED, OEMBED_BARE, OEMBED_RUBY, PAGE_404, PAGE, CONFIG, CONFIG_AV1, HLS_MASTER, GEO_BLOCK, PASSWORD, ...API_VIDEOS].sort());
    });
  });
});
