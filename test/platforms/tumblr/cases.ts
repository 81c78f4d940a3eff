// Tumblr's rows for the shared suites (test/platforms/cases.ts). Without a consumer key (the
// shared suites configure none) the post page is read first, then oEmbed.
import fc from 'fast-check';
import { PLATFORM_SPECS } from '../../../src/domain/platforms/index.js';
import { TUMBLR_HOSTS } from '../../../src/domain/platforms/tumblr.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const POST_HOSTS = hostsOf(specOf('tumblr')).filter((h) => !h.endsWith(TUMBLR_HOSTS.short));
// tmblr.co and www.tmblr.co: the hosts the spec's short route reads.
const SHORT_HOSTS = PLATFORM_SPECS.tumblr.ownPathHosts ?? [];
const tumblrPost = fc
  .record({ blog: re(/^[a-z0-9][a-z0-9-]{0,20}$/), id: re(/^[1-9][0-9]{8,18}$/), slug: re(/^[a-z0-9-]{1,40}$/), code: re(/^[A-Za-z0-9]{6,12}$/) })
  .chain(({ blog, id, slug, code }) => {
    const form = fc.record({
      host: hostFrom(POST_HOSTS),
      path: fc.constantFrom(`/${blog}/${id}`, `/${blog}/${id}/${slug}`, `/${blog}/${id}/${slug}/${code}`, `/blog/view/${blog}/${id}`, `/${blog.toUpperCase()}/${id}`),
    });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'tumblr', denotes: 'post', contentId: id, variants }));
  });

/** tmblr.co codes are case-sensitive: only the host and the decoration vary. */
const shortLink = re(/^[A-Za-z0-9_-]{4,40}$/).chain((code) =>
  variantsOf(hostFrom(SHORT_HOSTS), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'tumblr', denotes: 'short', contentId: `tmblr.co/${code}`, variants: v })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.tumblr.com/harbour-lights', 'https://www.tumblr.com/tagged/lighthouses', 'https://harbour-lights.tumblr.com/'],
  healthy: {
    url: 'https://www.tumblr.com/harbour-lights/734512098765432109',
    scenario: 'page-photo',
    kind: 'image',
    faults: {
      // The page's first half still holds its <head>: the photo and text, without the photo's size.
      'declares a Content-Length shorter than its body': 'ok (image)',
      // A page stripped of its tags is read as the wall such pages are in practice.
      'answers a schema with its fields missing': 'blocked',
    },
  },
  wellFormed: [
    'https://www.tumblr.com/harbour-lights/734512098765432109',
    'https://www.tumblr.com/harbour-lights/734512098765432109/fog-on-the-pier?source=share',
    'https://tumblr.com/blog/view/harbour-lights/734512098765432109',
    'https://at.tumblr.com/harbour-lights/734512098765432109/x0fixt',
    'https://tmblr.co/ZqW8xe3Fk0aB',
    'https://www.tumblr.com/harbour-lights/' + '9'.repeat(400),
  ],
  shortLinks: [
    {
      short: 'https://tmblr.co/ZqW8xe3Fk0aB',
      scenarios: ['short-link', 'page-photo'],
      canonicalUrl: 'https://www.tumblr.com/harbour-lights/734512098765432109',
      kind: 'image',
    },
  ],
  fuzz: { post: tumblrPost, shortLinks: [shortLink] },
};
