// The Pinterest adapter's readers over the real captures (../shared/fixtures/upstream/pinterest):
// the pin page (its Relay answers merged) and the oEmbed answer, each requested as the capture was
// and read into the card; and the URLs Pinterest itself gives (og:url, canonical) as the routes read
// them. (No widgets API answer was captured; its reading is tested on fixtures of the team's own.)
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { pinterest } from '../../../src/domain/platforms/pinterest.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/pinterest/oembed.js';
import { pageCard, parsePage } from '../../../src/infrastructure/platforms/pinterest/page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const PAGE = 'embedphp-pin-106890191127977979.html';
const OEMBED = 'embedphp-oembed-pin-106890191127977979.json';
const ID = '106890191127977979';
const PINNER = { name: 'Leslie Carruthers', url: 'https://www.pinterest.com/thesearchguru/', handle: 'thesearchguru' };

function capturedUrl(file: string): string {
  const meta = JSON.parse(readCapture('pinterest', file.replace(/\.(json|html)$/, '.meta.json'))) as { headers: Record<string, string[]> };
  return meta.headers['Content-Location']![0]!;
}

function answering(body: string, type: string): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({ status: 200, url: request.url, headers: { 'content-type': type }, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
    },
  };
  return { http, requests };
}

describeCaptures('pinterest conformance', () => {
  describe('pin page', () => {
    it(`when given ${PAGE}, returns the card from its Relay answers: originals at the size the 736x (unscaled) gives, pinner, board, source link, date`, () => {
      expect(parsePage(readCapture('pinterest', PAGE), ID)).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          nsfw: false,
          title: 'Pourparler',
          description: 'Jack',
          author: { ...PINNER, avatar: 'https://i.pinimg.com/140x140_RS/b6/9e/30/b69e308e37d7923de716e400f3544d56.jpg' },
          publishedAt: '2012-12-30T15:35:39Z',
          image: { url: 'https://i.pinimg.com/originals/b5/34/13/b53413787f3a42c8b9d5b08a6fbb2124.jpg', width: 500, height: 625 },
          link: {
            url: 'http://pajaz.tumblr.com/post/26349943364',
            title: 'Pourparler',
            description: 'Sono Davide e vivo a Milano, amo le immagini le quali mi trasmettono piacevoli sensazioni ed emozioni visive.',
          },
          community: { name: 'Icons', url: 'https://www.pinterest.com/thesearchguru/icons/' },
          stats: { replies: 0, reposts: 9 },
        },
      });
    });

    it(`when asked for another pin than ${PAGE} holds, finds no data of it there`, () => {
      expect(parsePage(readCapture('pinterest', PAGE), '106890191127977978')).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it(`when asking about ${ID}, requests what ${PAGE} was captured from`, async () => {
      const { http, requests } = answering(readCapture('pinterest', PAGE), 'text/html');
      const result = await pageCard(new Upstream(http, pinterest.upstreamHosts), ID, AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(PAGE)]);
    });

    it(`when given ${PAGE}, its og:url (a country domain with a slug) is a pin the routes read`, () => {
      const html = readCapture('pinterest', PAGE);
      const ogUrl = /<meta content="([^"]+)" data-app="true" name="og:url"/.exec(html)![1]!;
      const accepted = acceptUrl(ogUrl, 2048);
      if (!accepted.ok) throw new Error(accepted.error);
      const result = canonicalize(createSpecList(), accepted.url);
      expect({ platform: result.platform, canonicalUrl: result.canonicalUrl }).to.deep.equal({ platform: 'pinterest', canonicalUrl: 'https://www.pinterest.com/pin/605804587389853572/' });
    });
  });

  describe('oEmbed', () => {
    it(`when given ${OEMBED}, returns the image card with the thumbnail at its size`, () => {
      expect(parseOembed(JSON.parse(readCapture('pinterest', OEMBED)))).to.deep.equal({
        kind: 'image',
        nsfw: false,
        image: { url: 'https://i.pinimg.com/236x/b5/34/13/b53413787f3a42c8b9d5b08a6fbb2124.jpg', width: 236, height: 295 },
        author: PINNER,
        title: 'Pourparler',
      });
    });

    it(`when asking about ${ID}, requests what ${OEMBED} was captured from`, async () => {
      const { http, requests } = answering(readCapture('pinterest', OEMBED), 'application/json');
      const result = await oembedCard(new Upstream(http, pinterest.upstreamHosts), ID, AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(OEMBED)]);
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('pinterest', /\.(json|html)$/).filter((name) => !name.endsWith('.meta.json'))).to.deep.equal([OEMBED, PAGE].sort());
    });
  });
});
