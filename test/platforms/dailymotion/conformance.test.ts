// The Dailymotion adapter's readers over the real captures (../shared/fixtures/upstream/dailymotion):
// the oEmbed answer, requested as the capture was and read into the card, and the video page, whose
// Open Graph tags say which player URL, channel URL and canonical URL Dailymotion itself gives, as
// the adapter and the URL routes build them. (The captures hold no player-metadata answer; its
// reading is tested on fixtures of the team's own, in test/platforms/dailymotion.)
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/dailymotion/oembed.js';
import { embedPlayer, handleOf } from '../../../src/infrastructure/platforms/dailymotion/player.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const OEMBED = 'embedphp-oembed-xy0wd.json';
const PAGE = 'embedphp-page-video-xy0wd.html';

/** What the capture's exchange record says was asked (its Content-Location header). */
function capturedUrl(file: string): string {
  const meta = JSON.parse(readCapture('dailymotion', file.replace(/\.(json|html)$/, '.meta.json'))) as { headers: Record<string, string[]> };
  return meta.headers['Content-Location']![0]!;
}

/** An HTTP port answering every request with the capture's body, and keeping the requests. */
function answering(body: string): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({
        status: 200,
        url: request.url,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(body),
        text: () => body,
        json: () => JSON.parse(body) as unknown,
      });
    },
  };
  return { http, requests };
}

describeCaptures('dailymotion conformance', () => {
  describe('oEmbed', () => {
    it(`when given ${OEMBED}, returns the video card with the embed player at oEmbed's size`, () => {
      expect(parseOembed(JSON.parse(readCapture('dailymotion', OEMBED)), 'xy0wd')).to.deep.equal({
        kind: 'video',
        title: 'Chats paresseux',
        // The channel URL's path is the username: the handle. oEmbed gives no date or duration.
        author: { name: 'jeanbamin', url: 'https://www.dailymotion.com/jeanbamin', handle: 'jeanbamin' },
        nsfw: false,
        image: { url: 'https://s2.dmcdn.net/v/63aD1au2tjDf9rTG/x240', width: 320, height: 240 },
        video: { url: 'https://www.dailymotion.com/embed/video/xy0wd', mimeType: 'text/html', width: 480, height: 360 },
      });
    });

    it(`when asking about xy0wd, requests what ${OEMBED} was captured from, on www`, async () => {
      const { http, requests } = answering(readCapture('dailymotion', OEMBED));
      const result = await oembedCard(new Upstream(http, ['www.dailymotion.com']), 'xy0wd', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(OEMBED)]);
    });
  });

  describe('video page', () => {
    const meta = () => readMetaTags(readCapture('dailymotion', PAGE));

    it(`when given ${PAGE}, names as its player the embed URL the cards carry`, () => {
      for (const key of ['og:video:url', 'og:video:secure_url']) {
        const player = new URL(meta().get(key)!);
        expect(`${player.origin}${player.pathname}`, `${key} without its autoplay query`).to.equal(embedPlayer('xy0wd').url);
      }
      expect(meta().get('og:video:type')).to.equal('text/html');
    });

    it(`when given ${PAGE}, names the channel at the URL built from the username (as oEmbed does)`, () => {
      const oembed = JSON.parse(readCapture('dailymotion', OEMBED)) as { author_name: string; author_url: string };
      expect(meta().get('video:director')).to.equal(`https://www.dailymotion.com/${oembed.author_name}`);
      expect(oembed.author_url).to.equal(meta().get('video:director'));
    });

    it(`when given ${PAGE}, names as the channel (video:director) a URL whose path is the handle the cards give`, () => {
      expect(handleOf(meta().get('video:director')!)).to.equal('jeanbamin');
    });

    it(`when given ${PAGE}, gives as og:url the canonical URL the routes build for the video`, () => {
      const accepted = acceptUrl(meta().get('og:url')!, 2048);
      if (!accepted.ok) throw new Error(accepted.error);
      const result = canonicalize(createSpecList(), accepted.url);
      expect({ platform: result.platform, canonicalUrl: result.canonicalUrl }).to.deep.equal({
        platform: 'dailymotion',
        canonicalUrl: 'https://www.dailymotion.com/video/xy0wd',
      });
      expect(result.canonicalUrl).to.equal(capturedUrl(PAGE));
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('dailymotion', /\.(json|html)$/).filter((name) => !name.endsWith('.meta.json'))).to.deep.equal([OEMBED, PAGE].sort());
    });
  });
});
