// The LinkedIn adapter's readers over the real captures (../shared/fixtures/upstream/linkedin): the
// guest post page's head (JSON-LD SocialMediaPosting and Open Graph) and a Pulse article page, read
// into cards; and the URLs LinkedIn itself gives (og:url, lnkd:url, canonical links) read by the URL
// rules as the post, article or page they are.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalLink, readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { parseArticlePage } from '../../../src/infrastructure/platforms/linkedin/article.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/linkedin/post.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const POST = 'li-post-anduril-activity-7468765250281046016-2026-06-head-excerpt.html';
const PULSE = 'metascraper-pulse-article.html';
const COMPANY = 'metascraper-company-page.html';

function canonical(url: string) {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(`${url} not accepted`);
  const result = canonicalize(createSpecList(), accepted.url);
  return { platform: result.platform, canonicalUrl: result.canonicalUrl, denotes: result.platform === 'none' ? undefined : result.match.denotes };
}

describeCaptures('linkedin conformance', () => {
  it('covers every capture of the folder', () => {
    expect(captureFiles('linkedin', /\.html$/)).to.deep.equal([POST, COMPANY, PULSE]);
  });

  describe('guest post page', () => {
    const html = readCapture('linkedin', POST);

    it(`when given ${POST}, returns the image card: articleBody as the text, the company as author, likes and comments, never the followers`, () => {
      const result = parsePostPage(html);
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      const { card } = result;
      expect(card.kind).to.equal('image');
      expect(card.title).to.equal('Anduril Industries');
      expect(card.author).to.deep.equal({
        name: 'Anduril Industries',
        url: 'https://www.linkedin.com/company/anduril',
        avatar:
          'https://media.licdn.com/dms/image/v2/C560BAQE_NOVau3lvmw/company-logo_100_100/company-logo_100_100/0/1630637180845/andurilindustries_logo?e=2147483647&v=beta&t=n7gX8Q3dd8jUyRLIPFZhJjkadp00i1LOpesQqIPNtxQ',
      });
      expect(card.publishedAt).to.equal('2026-06-05T20:46:38Z');
      expect(card.stats).to.deep.equal({ likes: 435, replies: 21 });
      // JSON-LD image.url is og:image (entity-decoded).
      expect(card.image).to.deep.equal({ url: readMetaTags(html).get('og:image') });
      expect(card.image?.url).to.match(/^https:\/\/media\.licdn\.com\/dms\/image\/.*[?&]e=2147483647&/);
      expect(card.description).to.match(/^Standard AI agents learn through trial and error/);
      expect(card.description).to.match(/Read the full paper on arXiv: https:\/\/lnkd\.in\/gmtbQDG5$/);
      // og:description is the text plus LinkedIn's suffix; og:title is headline | author | count.
      expect(card.description).to.not.include('comments on LinkedIn');
      expect(readMetaTags(html).get('og:description')).to.include(`${card.description!} | 21 comments on LinkedIn`);
      expect(card.nsfw).to.equal(false);
      expect(result.mediaExpiresAt).to.equal(2_147_483_647_000);
    });

    it('when the JSON-LD is left out, the Open Graph fallback gives the same text and image and the author\'s name from og:title', () => {
      const withoutLd = html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, '');
      const full = parsePostPage(html);
      const fallback = parsePostPage(withoutLd);
      if (!full.ok || !fallback.ok) throw new Error('refused');
      expect(fallback.card).to.deep.equal({ kind: 'image', title: 'Anduril Industries', description: full.card.description, image: full.card.image, nsfw: false });
    });

    it('reads lnkd:url, og:url and the canonical link as the one post the URL routes name, with its activity URN', () => {
      const meta = readMetaTags(html);
      const expected = { platform: 'linkedin', canonicalUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016/', denotes: 'post' };
      expect(meta.get('lnkd:url')).to.equal('https://www.linkedin.com/feed/update/urn:li:activity:7468765250281046016');
      for (const url of [meta.get('lnkd:url')!, meta.get('og:url')!, canonicalLink(html)!]) expect(canonical(url), url).to.deep.equal(expected);
    });
  });

  describe('Pulse article', () => {
    const html = readCapture('linkedin', PULSE);

    it(`when given ${PULSE}, returns the article card from its Open Graph tags, published time and byline`, () => {
      expect(parseArticlePage(html)).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'How Can AI Change Financial Services?   Consolidation of the  #FinAI tweetstorm',
          description:
            'We had a tweetstorm today on #FinAI and the role AI will play to change financial services. Here is the consolidation of tweets.  1/ Fintech in 2016 is similar to the Internet in 1996 – Yahoo,',
          // The byline's profile link, its ?trk= dropped (the head's rel=author link is a tokenised one).
          author: { name: 'Ramya Joseph', url: 'https://www.linkedin.com/in/ramya-joseph-492b273' },
          image: { url: 'https://media.licdn.com/mpr/mpr/AAEAAQAAAAAAAAdIAAAAJDBkYThmMTYyLWY2NjUtNGU4Ny1iOTBhLWE1NzU5Y2Y1NzgxNA.jpg' },
          nsfw: false,
          publishedAt: '2016-05-26T00:00:00Z',
        },
      });
    });

    it('reads its og:url and canonical link as the article the URL routes name', () => {
      const url = 'https://www.linkedin.com/pulse/how-can-ai-change-financial-services-consolidation-finai-ramya-joseph';
      expect(canonical(readMetaTags(html).get('og:url')!)).to.deep.equal({ platform: 'linkedin', canonicalUrl: url, denotes: 'post' });
      expect(canonical(canonicalLink(html)!)).to.deep.equal({ platform: 'linkedin', canonicalUrl: url, denotes: 'post' });
    });
  });

  describe('company page', () => {
    it(`when given ${COMPANY}, its own URLs are a LinkedIn page, not a post (resolved as unsupported without a request)`, () => {
      const html = readCapture('linkedin', COMPANY);
      const urls = [readMetaTags(html).get('og:url'), canonicalLink(html)].filter((url): url is string => url !== undefined);
      expect(urls).to.not.be.empty;
      for (const url of urls) expect(canonical(url), url).to.include({ platform: 'linkedin', denotes: 'page' });
      // Nor would its page read as a post.
      expect(parsePostPage(html)).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });
});
