// The Tumblr adapter's readers over the real captures (../shared/fixtures/upstream/tumblr): the
// API v2 NPF answer, the oEmbed answer (requested as the capture was), and the post page read as a
// link crawler reads it, each into the card; and the URLs Tumblr itself gives (canonical link,
// oEmbed url, short_url) as the URL routes read them.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { tumblr } from '../../../src/domain/platforms/tumblr.js';
import { canonicalLink, readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { parsePosts } from '../../../src/infrastructure/platforms/tumblr/api.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/tumblr/oembed.js';
import { parsePage } from '../../../src/infrastructure/platforms/tumblr/page.js';
import { postPageOfBlogUrl, postPageUrl } from '../../../src/infrastructure/platforms/tumblr/post-urls.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const API = 'tumblrcpp-api-v2-blog-posts-npf-foxes-in-love.json';
const OEMBED = 'embedphp-oembed-post-165326273724.json';
const PAGE = 'embedphp-post-165326273724.html';
const BLOG = 'he-who-photographs-rather-ok';

function capturedUrl(file: string): string {
  const meta = JSON.parse(readCapture('tumblr', file.replace(/\.(json|html)$/, '.meta.json'))) as { headers: Record<string, string[]> };
  return meta.headers['Content-Location']![0]!;
}

function canonical(url: string): { platform: string; canonicalUrl: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const { platform, canonicalUrl } = canonicalize(createSpecList(), accepted.url);
  return { platform, canonicalUrl };
}

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

describeCaptures('tumblr conformance', () => {
  describe('API v2 (NPF)', () => {
    it(`when given ${API}, returns the photo card at the original size, with the blog's avatar and the post's time`, () => {
      expect(parsePosts(JSON.parse(readCapture('tumblr', API)), '662456162462154752')).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          image: {
            url: 'https://64.media.tumblr.com/cd7cb9636b5d1ed62a4e2c262b3f27b8/14bdf768bba10f86-29/s2048x3072/fc4e3a881144ab9514936342187773381f9e87bb.jpg',
            width: 1600,
            height: 1600,
          },
          title: 'Foxes in Love (@foxes-in-love)',
          author: { name: 'Foxes in Love', url: 'https://www.tumblr.com/foxes-in-love', handle: 'foxes-in-love', avatar: 'https://64.media.tumblr.com/avatar_a95095bda931_512.png' },
          nsfw: false,
          community: { name: 'foxes-in-love', url: 'https://foxes-in-love.tumblr.com/' },
          publishedAt: '2021-09-16T04:43:47Z',
        },
      });
    });

    it(`when given ${API}, its post_url is the post the adapter asks for on www, and its short_url a tmblr.co link of the rules`, () => {
      const post = (JSON.parse(readCapture('tumblr', API)) as { response: { posts: { post_url: string; short_url: string }[] } }).response.posts[0]!;
      expect(postPageOfBlogUrl(post.post_url)).to.equal('https://www.tumblr.com/foxes-in-love/662456162462154752');
      expect(canonical(post.short_url)).to.deep.equal({ platform: 'tumblr', canonicalUrl: 'https://tmblr.co/Zn_LPXanX5woqq00' });
    });

    it(`when a post of ${API} is not the one asked for, says blocked`, () => {
      expect(parsePosts(JSON.parse(readCapture('tumblr', API)), '662456162462154753')).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });

  describe('oEmbed', () => {
    it(`when given ${OEMBED}, returns the link card naming the blog`, () => {
      expect(parseOembed(JSON.parse(readCapture('tumblr', OEMBED)), BLOG)).to.deep.equal({
        kind: 'link',
        title: 'He-who-photographs-rather-OK (@he-who-photographs-rather-ok)',
        author: { name: 'He-who-photographs-rather-OK', url: 'https://www.tumblr.com/he-who-photographs-rather-ok', handle: BLOG },
        nsfw: false,
        community: { name: BLOG, url: 'https://he-who-photographs-rather-ok.tumblr.com/' },
      });
    });

    it(`when asking about 165326273724, requests what ${OEMBED} was captured from, on www`, async () => {
      const { http, requests } = answering(readCapture('tumblr', OEMBED));
      const result = await oembedCard(new Upstream(http, tumblr.upstreamHosts), BLOG, '165326273724', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(OEMBED)]);
    });

    it(`when given ${OEMBED}, its url is the canonical URL the routes build`, () => {
      const { url } = JSON.parse(readCapture('tumblr', OEMBED)) as { url: string };
      expect(canonical(url)).to.deep.equal({ platform: 'tumblr', canonicalUrl: 'https://www.tumblr.com/he-who-photographs-rather-ok/165326273724' });
    });
  });

  describe('post page', () => {
    it(`when given ${PAGE}, returns the photo card with its size and date, titled by the blog (not the blog's description)`, () => {
      expect(parsePage(readCapture('tumblr', PAGE), BLOG)).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'He-who-photographs-rather-OK (@he-who-photographs-rather-ok)',
          author: { name: 'He-who-photographs-rather-OK', url: 'https://www.tumblr.com/he-who-photographs-rather-ok', handle: BLOG },
          nsfw: false,
          community: { name: BLOG, url: 'https://he-who-photographs-rather-ok.tumblr.com/' },
          publishedAt: '2017-09-14T10:20:35Z',
          image: { url: 'https://64.media.tumblr.com/0a0fac1ef8faa0c466d9224567af06aa/tumblr_ow8r0nMybA1spmyulo1_1280.jpg', width: 1280, height: 1707 },
        },
      });
    });

    it(`when given ${PAGE}, names as canonical the page the adapter reads, which the routes build from its og:url's post`, () => {
      const html = readCapture('tumblr', PAGE);
      expect(canonicalLink(html)).to.equal(postPageUrl(BLOG, '165326273724'));
      expect(canonical(canonicalLink(html)!)).to.deep.equal({ platform: 'tumblr', canonicalUrl: postPageUrl(BLOG, '165326273724') });
      expect(postPageOfBlogUrl(readMetaTags(html).get('og:url')!)).to.equal(postPageUrl(BLOG, '165326273724'));
      expect(postPageOfBlogUrl(capturedUrl(PAGE))).to.equal(postPageUrl(BLOG, '165326273724'));
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('tumblr', /\.(json|html)$/).filter((name) => !name.endsWith('.meta.json'))).to.deep.equal([API, OEMBED, PAGE].sort());
    });
  });
});
