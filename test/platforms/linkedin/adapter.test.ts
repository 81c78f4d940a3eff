// The LinkedIn adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/linkedin/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { HttpClient } from '../../../src/application/ports/http.port.js';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { upstreamResponse } from '../../../src/infrastructure/http/upstream-response.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/linkedin/post.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const PAGE = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;
const EMBED = (urn: string) => `https://www.linkedin.com/embed/feed/update/${urn}`;
const IMAGE = 'https://media.licdn.com/dms/image/v2/D4E22AQFixturePhoto1/feedshare-shrink_2048_1536/0/1770000000000?e=2147483647&v=beta&t=FixtureImageToken01';
const IMAGE_2 = 'https://media.licdn.com/dms/image/v2/D4E22AQFixturePhoto2/feedshare-shrink_2048_1536/0/1770000000001?e=2147483647&v=beta&t=FixtureImageToken02';
const AVATAR = 'https://media.licdn.com/dms/image/v2/C4E0BAQFixtureLogo/company-logo_100_100/0/1600000000000/northwind_logo?e=1830000000&v=beta&t=FixtureAvatarToken01';
const NORTHWIND = { name: 'Northwind Ropeworks', url: 'https://www.linkedin.com/company/northwind-ropeworks', avatar: AVATAR };

/**
 * The real HTTP adapter, except that the requests `refused` picks get LinkedIn's HTTP 999 (its
 * answer to clients it takes for bots), which nock cannot send (its Response allows 200–599 only).
 */
function answering999(refused: (url: string) => boolean): HttpClient {
  const real = testHttpClient();
  return {
    request: (request) =>
      refused(request.url) ? Promise.resolve(upstreamResponse(999, request.url, { 'content-type': 'text/html' }, Buffer.from(''))) : real.request(request),
  };
}
const isEmbed = (url: string) => url.includes('/embed/');

describe('LinkedinAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the guest page has a SocialMediaPosting with a photo, returns the image card with the full text, author, date and counts, expiring with the avatar', async () => {
    const { result, requests } = await given('linkedin', 'post-photo').resolve('https://www.linkedin.com/posts/northwind-ropeworks_harbour-splices-activity-7400000000000000001-Nw1x?utm_source=share');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Northwind Ropeworks',
        // articleBody, not og:description (which ends in " | 7 comments on LinkedIn").
        description: 'Spliced 400 m of three-strand line for the harbour trust this week.\n\nEvery eye splice by hand, every one load-tested. https://lnkd.in/fxRope01',
        author: NORTHWIND,
        image: { url: IMAGE },
        nsfw: false,
        publishedAt: '2026-03-02T09:15:04Z',
        // LikeAction and CommentAction; the company's 4812 followers (FollowAction) are not the post's.
        stats: { likes: 128, replies: 7 },
      },
      // The avatar's e=1830000000 comes before the image's e=2147483647.
      mediaExpiresAt: 1_830_000_000_000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE('urn:li:activity:7400000000000000001')]);
    expect(requests[0]!.headers?.['user-agent']).to.match(/link preview/);
    expect(requests[0]!.allowedHosts).to.deep.equal(['www.linkedin.com', 'lnkd.in']);
  });

  it('when the posting lists two images, returns a gallery; a member without a picture has no avatar; the URL\'s ugcPost URN is the one asked for', async () => {
    const { result, requests } = await given('linkedin', 'post-gallery').resolve('https://www.linkedin.com/feed/update/urn%3Ali%3AugcPost%3A7400000000000000002');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Maren Holt',
        description: 'Two knots, one rope.',
        author: { name: 'Maren Holt', url: 'https://www.linkedin.com/in/marenholt' },
        image: { url: IMAGE },
        images: [{ url: IMAGE }, { url: IMAGE_2 }],
        nsfw: false,
        publishedAt: '2026-04-11T18:00:00Z',
        stats: { likes: 12, replies: 2 },
      },
      mediaExpiresAt: 2_147_483_647_000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE('urn:li:ugcPost:7400000000000000002')]);
  });

  it('when a share has no image, returns a link card; without a CommentAction the commentCount is the replies', async () => {
    const { result } = await given('linkedin', 'post-text').resolve('https://uk.linkedin.com/posts/northwind-ropeworks_hiring-share-7400000000000000003-Nw3z');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Northwind Ropeworks',
        description: 'We are hiring two riggers.',
        author: NORTHWIND,
        nsfw: false,
        publishedAt: '2026-05-20T07:30:00Z',
        stats: { likes: 41, replies: 3 },
      },
      mediaExpiresAt: 1_830_000_000_000,
    });
  });

  it('when the guest page answers 999, reads the embed page as a browser: og:description without its comment count, the author from og:title', async () => {
    const { result, requests } = await given('linkedin', 'embed-fallback', { http: answering999((url) => !isEmbed(url)) }).resolve('https://www.linkedin.com/embed/feed/update/urn:li:activity:7400000000000000004');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Harbour Trust Fleet',
        description: 'Sea trials done for the new tug.\nAll lines held.',
        image: { url: IMAGE },
        nsfw: false,
      },
      mediaExpiresAt: 2_147_483_647_000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([PAGE('urn:li:activity:7400000000000000004'), EMBED('urn:li:activity:7400000000000000004')]);
    expect(requests[1]!.headers?.['user-agent']).to.match(/Firefox/);
  });

  it('when the guest page redirects to the authwall and the embed answers 999, returns blocked', async () => {
    const { result, requests } = await given('linkedin', 'blocked', { http: answering999(isEmbed) }).resolve(PAGE('urn:li:activity:7400000000000000005'));
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(2);
  });

  it('when the guest page is a login page at 200 and the embed an empty body, returns blocked', async () => {
    const { result } = await given('linkedin', 'wall-at-200').resolve(PAGE('urn:li:activity:7400000000000000008'));
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the guest page answers 404, returns not-found without asking the embed', async () => {
    const { result, requests } = await given('linkedin', 'not-found').resolve(PAGE('urn:li:activity:7400000000000000006'));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when both pages answer 429, returns rate-limited', async () => {
    expect((await given('linkedin', 'rate-limited').resolve(PAGE('urn:li:activity:7400000000000000007'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when both pages answer 5xx, returns upstream-error', async () => {
    nock('https://www.linkedin.com').get(/\/feed\/update\//).times(2).reply(503, 'busy');
    expect((await given('linkedin').resolve(PAGE('urn:li:share:7400000000000000009'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when neither page answers in time, returns timeout', async () => {
    nock('https://www.linkedin.com').get(/\/feed\/update\//).times(2).delay(1000).reply(200, '<html></html>');
    const { result, requests } = await given('linkedin', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(PAGE('urn:li:activity:7400000000000000010'));
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when a Pulse article has Open Graph tags and a byline, returns its card with the author from the byline, without its tracking query', async () => {
    const { result, requests } = await given('linkedin', 'pulse-og').resolve('https://www.linkedin.com/pulse/splicing-three-strand-rope-maren-holt/?trk=public_post');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Splicing three-strand rope, properly',
        description: 'What I learned from a thousand eye splices.',
        author: { name: 'Maren Holt', url: 'https://www.linkedin.com/in/marenholt' },
        image: { url: 'https://media.licdn.com/mpr/mpr/AAEAAQFixturePulseImage01.jpg' },
        nsfw: false,
        publishedAt: '2016-05-26T00:00:00Z',
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal(['https://www.linkedin.com/pulse/splicing-three-strand-rope-maren-holt']);
  });

  it('when a Pulse article has a JSON-LD Article, takes its headline, author, date and description; without og:image it is a link card', async () => {
    const { result } = await given('linkedin', 'pulse-jsonld').resolve('https://de.linkedin.com/pulse/tug-fleet-2026-harbour-trust');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Tug fleet 2026',
        description: 'Our plans for the fleet, boat by boat.',
        author: { name: 'Ilse Brandt', url: 'https://de.linkedin.com/in/ilsebrandt' },
        nsfw: false,
        publishedAt: '2026-01-15T10:00:00Z',
      },
    });
  });

  it('when the URL named no post (a profile), returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'linkedin', canonicalUrl: 'https://www.linkedin.com/in/marenholt', contentId: 'in/marenholt', ids: {} };
    const { result, requests } = await given('linkedin').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('LinkedinAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when lnkd.in redirects, gives the Location', async () => {
    const { adapter } = given('linkedin', 'short-link');
    expect(await adapter.readShortLink('https://lnkd.in/fxPost01', AbortSignal.timeout(5000))).to.deep.equal({
      ok: true,
      location: 'https://www.linkedin.com/posts/northwind-ropeworks_harbour-splices-activity-7400000000000000001-Nw1x?utm_source=share&utm_medium=member_desktop',
    });
  });

  it('when lnkd.in answers its "not on LinkedIn" page, gives its continue link, not the page\'s canonical link to itself', async () => {
    const { adapter } = given('linkedin', 'short-link-interstitial');
    expect(await adapter.readShortLink('https://lnkd.in/fxPost02', AbortSignal.timeout(5000))).to.deep.equal({
      ok: true,
      location: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:7400000000000000002/',
    });
  });

  it('when lnkd.in answers 404, gives not-found', async () => {
    nock('https://lnkd.in').get('/fxGone01').reply(404, '');
    expect(await given('linkedin').adapter.readShortLink('https://lnkd.in/fxGone01', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
  });
});

describe('parsePostPage', () => {
  it('when the page has neither a posting nor a post URN, is blocked (markup) or upstream-error (no markup)', () => {
    expect(parsePostPage('<html><head><meta property="og:title" content="Sign Up | LinkedIn"></head></html>')).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(parsePostPage('{"status":999}')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when media URLs are not https or the author has no https URL, leaves them out', () => {
    const ld = { '@type': 'SocialMediaPosting', articleBody: 'Plain.', image: { url: 'http://media.licdn.com/x.jpg' }, author: { name: 'Someone', url: 'javascript:alert(1)' } };
    const result = parsePostPage(`<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`);
    expect(result).to.deep.equal({ ok: true, card: { kind: 'link', description: 'Plain.', nsfw: false } });
  });
});
