// The Streamable adapter's readers over real answers. ../shared/fixtures/upstream/streamable holds
// no capture of the API or oEmbed (SOURCES.md: none was found public), only a legacy 2018 video
// page, which the adapter never reads: what it names is checked against the URL routes. The one real Streamable oEmbed answer
// there is the one Reddit relays for a post (../reddit/praw-r-popular-hot-2026-04-13-listing.json,
// post 1skjxta, rendered by Embedly), read here as the adapter reads Streamable's own: its title,
// its signed thumbnail and that URL's expiry (in milliseconds), and the player and page URLs it
// names, as the URL routes read them. The API's shape is tested on fixtures of the team's own.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { isAllowedMediaUrl } from '../../../src/domain/media-token-policy.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { streamable } from '../../../src/domain/platforms/streamable.js';
import { parseOembed } from '../../../src/infrastructure/platforms/streamable/oembed.js';
import { cloudFrontExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const REDDIT_LISTING = 'praw-r-popular-hot-2026-04-13-listing.json';
const LEGACY_PAGE = 'shikimori-streamable.com-efgm-page-2018.html';

interface RedditPost {
  url: string;
  domain: string;
  secure_media?: { oembed?: Record<string, unknown> };
}

function relayedPost(): RedditPost {
  const listing = JSON.parse(readCapture('reddit', REDDIT_LISTING)) as { data: { children: { data: RedditPost }[] } };
  const posts = listing.data.children.map((c) => c.data).filter((p) => p.domain === 'streamable.com');
  expect(posts, 'the one Streamable post of the listing').to.have.length(1);
  return posts[0]!;
}

function contentIdOf(url: string): string | undefined {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  return result.platform === 'streamable' && result.match.denotes === 'post' ? result.match.contentId : undefined;
}

describeCaptures('streamable conformance', () => {
  it('when its own capture folder is listed, it holds no API or oEmbed answer (SOURCES.md and the legacy page only)', () => {
    expect(captureFiles('streamable', /./)).to.deep.equal(['SOURCES.md', LEGACY_PAGE]);
  });

  it(`when given ${LEGACY_PAGE}, the post its og:url names is the one the routes read from its page URL, and its MP4 is a signed file on a Streamable host`, () => {
    const tags = readMetaTags(readCapture('streamable', LEGACY_PAGE));
    expect(contentIdOf(tags.get('og:url')!)).to.equal('efgm');
    expect(contentIdOf('https://streamable.com/efgm')).to.equal('efgm');
    const video = new URL(tags.get('og:video')!);
    expect(video.protocol).to.equal('https:');
    expect(video.hostname.endsWith('.streamable.com')).to.equal(true);
    expect(video.searchParams.has('token') && video.searchParams.has('expires')).to.equal(true);
  });

  describe(`the Streamable oEmbed Reddit relays (${REDDIT_LISTING})`, () => {
    const THUMB =
      'https://cdn-cf-east.streamable.com/image/ql7tuy-screenshot383965.jpg?Expires=1776112957712&Key-Pair-Id=APKAIEYUVEN4EVB2OKEQ&Signature=B275sxTEs9w-db04sKXCS7fFJAAnWkd4Y0bgLJmoYgHVvDTdTlFQMGlr~~1nGoyti794eBhv9o~TFXYLDfd0s8fe-sAjebXwyisbXGWtpj0MwtmJxb0x-PbSAcm4d8bC~HliW3THEBwoKmOQRkQVXgFRnr3XR~3Gph9KIHFFoxfWbFQ~finObl4W6ElTr8oPw7Xi-KAmjiOwaLqori-18oTpFtc7ytWtm3AyD5UuuPU2ZRHGAwV6WPdH1XvUiYT~UdcsSOCIzUwmZE0Rva20-PjGko4RrmrRs7O8ExByZK39i0ibSvQMfupP9Z7GT6RvRY2pi2jAK62P6RFVmCIXNw__';

    it('when read as oEmbed, gives the card with its title, the signed thumbnail at its size, and the embed player at the embed size', () => {
      expect(parseOembed(relayedPost().secure_media!.oembed, 'ql7tuy')).to.deep.equal({
        kind: 'video',
        title: 'Watch ql7tuy | Streamable',
        nsfw: false,
        image: { url: THUMB, width: 1280, height: 720 },
        video: { url: 'https://streamable.com/e/ql7tuy', mimeType: 'text/html', width: 600, height: 338 },
      });
    });

    it('when its thumbnail URL is read, its Expires is in milliseconds, and its host is one the proxy may fetch', () => {
      expect(cloudFrontExpiry(THUMB)).to.equal(1776112957712);
      expect(isAllowedMediaUrl(THUMB, streamable.mediaHosts)).to.equal(true);
    });

    it('when the post URL and the /o/ player its embed names are read by the URL routes, both name the video ql7tuy', () => {
      const post = relayedPost();
      const html = String(post.secure_media!.oembed!['html']);
      const player = decodeURIComponent(/[?&]src=([^&"]+)/.exec(html)![1]!);
      expect(player).to.equal('https://streamable.com/o/ql7tuy');
      expect([contentIdOf(post.url), contentIdOf(player)]).to.deep.equal(['ql7tuy', 'ql7tuy']);
    });
  });
});
