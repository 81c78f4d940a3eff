// Instagram's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, dress, variantsOf, hostFrom, hostsOf, specOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/instagram/page.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const instagramPost = fc
  .record({ code: re(/^[A-Za-z0-9_-]{5,40}$/), owner: re(/^[A-Za-z0-9._]{1,30}$/).filter((o) => o !== 'share') })
  .chain(({ code, owner }) => {
    const form = fc.record({
      host: hostFrom(hostsOf(specOf('instagram'))),
      type: fc.constantFrom('p', 'tv', 'reel', 'reels'),
      owned: fc.boolean(),
      tail: fc.constantFrom('', '/embed', '/embed/captioned', '/media', '/liked_by', '/c/17900000000000001', '/c/1/r/2'),
    });
    return variantsOf(form, (f, d) => dress(f.host, `${f.owned ? `/${owner}` : ''}/${f.type}/${code}${f.tail}`, d)).map(
      (variants): PostCase => ({ platform: 'instagram', denotes: 'post', contentId: code, variants }),
    );
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLinkPosts = [
  fc.tuple(fc.constantFrom('', 'p/', 'reel/', 'tv/'), re(/^[A-Za-z0-9_-]{5,40}$/)).chain(([type, code]) =>
    variantsOf(hostFrom(hostsOf(specOf('instagram'))), (h, d) => dress(h, `/share/${type}${code}`, d)).map(
      (v): PostCase => ({ platform: 'instagram', denotes: 'short', contentId: `www.instagram.com/share/${type}${code}/`, variants: v }),
    ),
  ),
];

// The shortcodes the adapter would pass for the captured pages (bench P6).
const CAPTURED_CODES: Record<string, string> = {
  'page-post-photo-2024-12.html': 'CPeC-Eenc8l',
  'page-post-multi-photo-2024-12.html': 'COn3M4TnRi1',
  'page-post-video-2024-12.html': 'CPQjO5RIIO9',
  'page-post-clip-2024-12.html': 'CN2VQ1yI_MA',
  'page-post-Chm_-tPJqpd-carousel-2022-08.html': 'Chm_-tPJqpd',
  'page-post-BWUDBntl3_Z-sharedData-2021.html': 'BWUDBntl3_Z',
  'page-story-2024-12.html': '2591639087680304855',
};

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: true,
  capturedPage: (html, file) => parsePostPage(html, CAPTURED_CODES[file] ?? 'x'),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.instagram.com/nasa/'],
  healthy: {
    url: 'https://www.instagram.com/p/DAphoto0001/',
    scenario: 'embed-photo',
    kind: 'image',
    faults: {
      // Its data sits below the first half of the page: a page without the post
      'declares a Content-Length shorter than its body': 'blocked',
    },
  },
  wellFormed: ['https://www.instagram.com/p/Cabc123xyz/?igsh=1', 'https://instagr.am/reel/Cabc123xyz'],
  shortLinks: [
    {
      short: 'https://www.instagram.com/share/reel/BBshare0001/',
      scenarios: ['share-post', 'embed-reel'],
      canonicalUrl: 'https://www.instagram.com/reel/DAreel00001/',
      kind: 'video',
    },
  ],
  fuzz: { post: instagramPost, shortLinks: shortLinkPosts },
};
