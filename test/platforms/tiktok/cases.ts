// TikTok's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, digits, dress, variantsOf, hostFrom, hostsOf, specOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePage } from '../../../src/infrastructure/platforms/tiktok/page.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const TIKTOK_POST_HOSTS = hostsOf(specOf('tiktok'));
const tiktokPost = fc
  .record({ id: digits(19), user: re(/^[A-Za-z0-9._]{0,24}$/), photo: fc.boolean() })
  .chain(({ id, user, photo }) => {
    const paths = photo
      ? [`/@${user}/photo/${id}`]
      : [`/@${user}/video/${id}`, `/embed/${id}`, `/embed/v2/${id}`, `/player/v1/${id}`, `/share/video/${id}`, `/v/${id}.html`, `/v/${id}`];
    const form = fc.record({ host: hostFrom(TIKTOK_POST_HOSTS), path: fc.constantFrom(...paths) });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'tiktok', denotes: 'post', contentId: id, variants }));
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLinkPosts = [
  fc.tuple(re(/^[A-Za-z0-9]{5,20}$/), fc.constantFrom('vm', 'vt')).chain(([code, sub]) =>
    variantsOf(fc.constantFrom('tiktok.com', 'tnktok.com', 'vxtiktok.com'), (h, d) => dress(`${sub}.${h}`, `/${code}`, d)).map(
      (v): PostCase => ({ platform: 'tiktok', denotes: 'short', contentId: `${sub}.tiktok.com/${code}/`, variants: v }),
    ),
  ),
  re(/^[A-Za-z0-9]{5,20}$/).chain((code) =>
    variantsOf(hostFrom(TIKTOK_POST_HOSTS.filter((h) => !/^v[mt]\./.test(h))), (h, d) => dress(h, `/t/${code}`, d)).map(
      (v): PostCase => ({ platform: 'tiktok', denotes: 'short', contentId: `www.tiktok.com/t/${code}/`, variants: v }),
    ),
  ),
];

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: true,
  capturedPage: (html, file) => parsePage(html, /-(\d{19})-/.exec(file)?.[1] ?? '7571863205253778710'),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.tiktok.com/@scout2015'],
  healthy: {
    url: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101',
    scenario: 'video',
    kind: 'video',
    faults: {
      // Its data sits below the first half of the page: a page without the post
      'declares a Content-Length shorter than its body': 'blocked',
    },
  },
  wellFormed: ['https://www.tiktok.com/@user/video/7234567890123456789?is_from_webapp=1', 'https://vm.tiktok.com/ZMabc123/'],
  shortLinks: [
    {
      short: 'https://vm.tiktok.com/ZMsh0rt01/',
      scenarios: ['short-links', 'video'],
      canonicalUrl: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101',
      kind: 'video',
    },
  ],
  fuzz: { post: tiktokPost, shortLinks: shortLinkPosts },
};
