// The Imgur adapter's readers over the real captures (../shared/fixtures/upstream/imgur): the oEmbed
// answer and what it was asked, an API v3 image answer, and the headers of a file on i.imgur.com
// (what the spec's media hosts and mediaNeedProxy say of it). The captures hold no answer of the
// web app's post API; its reading is tested on fixtures of the team's own, in test/platforms/imgur.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList, PLATFORM_SPECS } from '../../../src/domain/platforms/index.js';
import { parseV3 } from '../../../src/infrastructure/platforms/imgur/api-v3.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/imgur/oembed.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { PLATFORM_ADAPTERS } from '../../../src/infrastructure/platforms/index.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const IMGUR = 'imgur';
const OEMBED = 'embedphp-oembed-i.imgur.com-X6rkCc5.jpg.json';
const OEMBED_META = 'embedphp-oembed-X6rkCc5.meta.json';
const FILE_META = 'embedphp-i.imgur.com-X6rkCc5.jpg.headers-only.meta.json';
const V3_IMAGE = 'mapcomplete-api-v3-image-I9t6B7B.json';

const json = (file: string) => JSON.parse(readCapture(IMGUR, file)) as Record<string, unknown>;
const headersOf = (file: string) => (json(file) as { headers: Record<string, string[]> }).headers;

function canonicalOf(url: string): { platform: string; canonicalUrl: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  return { platform: result.platform, canonicalUrl: result.canonicalUrl };
}

function answering(body: string): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({ status: 200, url: request.url, headers: {}, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
    },
  };
  return { http, requests };
}

describeCaptures('imgur conformance', () => {
  describe('oEmbed', () => {
    it(`when given ${OEMBED}, returns a link card titled as the embed links the post`, () => {
      expect(parseOembed(json(OEMBED))).to.deep.equal({ kind: 'link', title: 'Picture of a Mountain Gorilla right before he punched the photographer', nsfw: false });
    });

    it(`when asking about X6rkCc5, asks the endpoint ${OEMBED_META} records, about the same post under its canonical URL`, async () => {
      const captured = new URL(headersOf(OEMBED_META)['Content-Location']![0]!);
      const { http, requests } = answering(readCapture(IMGUR, OEMBED));
      const result = await oembedCard(new Upstream(http, PLATFORM_SPECS.imgur.upstreamHosts), 'https://imgur.com/X6rkCc5', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      const asked = new URL(requests[0]!.url);
      expect(`${asked.origin}${asked.pathname}`).to.equal(`${captured.origin}${captured.pathname}`);
      expect(asked.searchParams.get('format')).to.equal(captured.searchParams.get('format'));
      expect(canonicalOf(asked.searchParams.get('url')!)).to.deep.equal(canonicalOf(captured.searchParams.get('url')!));
      expect(canonicalOf(captured.searchParams.get('url')!)).to.deep.equal({ platform: 'imgur', canonicalUrl: 'https://imgur.com/X6rkCc5' });
    });
  });

  describe('API v3', () => {
    it(`when given ${V3_IMAGE}, returns the image card with its title, its description as plain lines, its date and views`, () => {
      expect(parseV3(json(V3_IMAGE), 'image')).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Station Knokke',
          description: 'author:Pieter Vander Vennet\nlicense:CC-BY 4.0\nosmid:node/9812712386',
          publishedAt: '2022-06-12T16:41:18Z',
          stats: { views: 2 },
          nsfw: false,
          image: { url: 'https://i.imgur.com/I9t6B7B.jpg', width: 2400, height: 1795 },
        },
      });
    });

    it(`when given ${V3_IMAGE}, its file link is a post the routes read as the image itself`, () => {
      const link = (json(V3_IMAGE)['data'] as { link: string }).link;
      expect(canonicalOf(link)).to.deep.equal({ platform: 'imgur', canonicalUrl: 'https://imgur.com/I9t6B7B' });
    });
  });

  describe('files', () => {
    it(`when given ${FILE_META}, the file is an image served publicly without cookies from a host the spec lists, so it needs no proxy`, () => {
      const headers = headersOf(FILE_META);
      expect(headers['content-type']).to.deep.equal(['image/jpeg']);
      expect(headers['cache-control']).to.deep.equal(['public, max-age=31536000']);
      expect(headers).to.not.have.property('set-cookie');
      const file = new URL(headers['Content-Location']![0]!);
      expect(PLATFORM_SPECS.imgur.mediaHosts).to.include(file.host);
      expect(PLATFORM_SPECS.imgur.mediaNeedProxy).to.equal(false);
      expect(canonicalOf(file.href)).to.deep.equal({ platform: 'imgur', canonicalUrl: 'https://imgur.com/X6rkCc5' });
    });
  });

  describe('a direct file link when every Imgur API refuses (issue 22, point 6)', () => {
    it(`when the post API refuses and the file host answers as ${FILE_META} records, i.imgur.com/X6rkCc5.jpg is an image card of that file, titled by the captured oEmbed`, async () => {
      const file = headersOf(FILE_META);
      const oembed = readCapture(IMGUR, OEMBED);
      const http: HttpClient = {
        request: (request) => {
          const answer = (status: number, headers: Record<string, string>, body: string) =>
            Promise.resolve({ status, url: request.url, headers, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
          if (request.url.startsWith('https://api.imgur.com/post/')) return answer(403, { 'content-type': 'text/html' }, '<h1>403 Forbidden</h1>');
          if (request.url.startsWith('https://api.imgur.com/oembed')) return answer(200, { 'content-type': 'application/json' }, oembed);
          if (request.url === file['Content-Location']![0] && request.method === 'HEAD') return answer(json(FILE_META)['status'] as number, { 'content-type': file['content-type']![0]! }, '');
          return answer(404, {}, '');
        },
      };
      const adapter = new PLATFORM_ADAPTERS.imgur(http, { credential: () => undefined });
      const result = await adapter.resolve({ platform: 'imgur', canonicalUrl: 'https://imgur.com/X6rkCc5', contentId: 'X6rkCc5', ids: { id: 'X6rkCc5', ext: 'jpg' } }, AbortSignal.timeout(5000));
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'image', title: 'Picture of a Mountain Gorilla right before he punched the photographer', nsfw: false, image: { url: 'https://i.imgur.com/X6rkCc5.jpg' } },
      });
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every file has an expectation here', () => {
      expect(captureFiles(IMGUR, /\.json$/)).to.deep.equal([OEMBED, OEMBED_META, FILE_META, V3_IMAGE].sort());
    });
  });
});
