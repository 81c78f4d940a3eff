// LinkedIn's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { LINKEDIN_HOSTS } from '../../../src/domain/platforms/linkedin.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parseArticlePage } from '../../../src/infrastructure/platforms/linkedin/article.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/linkedin/post.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs, on
// www, the bare host and every country subdomain; its slug page, feed update (colons plain or
// escaped) and embed.
const POST_HOSTS = hostsOf(specOf('linkedin')).filter((h) => !h.endsWith(LINKEDIN_HOSTS.short));
const linkedinPost = fc
  .record({ type: fc.constantFrom('activity', 'ugcPost', 'share'), id: re(/^[1-9][0-9]{15,18}$/), slug: re(/^[a-z0-9][a-z0-9-]{0,40}_[a-z0-9-]{0,40}$/), suffix: re(/^[A-Za-z0-9]{4}$/) })
  .chain(({ type, id, slug, suffix }) => {
    const paths = [`/posts/${slug}-${type}-${id}-${suffix}`, `/feed/update/urn:li:${type}:${id}`, `/feed/update/urn%3Ali%3A${type}%3A${id}`, `/embed/feed/update/urn:li:${type}:${id}`];
    const form = fc.record({ host: hostFrom(POST_HOSTS), path: fc.constantFrom(...paths) });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'linkedin', denotes: 'post', contentId: `urn:li:${type}:${id}`, variants }));
  });

/** lnkd.in codes are case-sensitive: only the decoration varies. */
const shortLink = re(/^[A-Za-z0-9]{8}$/).chain((code) =>
  variantsOf(fc.constant(LINKEDIN_HOSTS.short), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'linkedin', denotes: 'short', contentId: `lnkd.in/${code}`, variants: v })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: false, nsfw: false, proxy: false },
  mediaNeedProxy: false,
  capturedPage: (html, file) => (file.includes('pulse') ? parseArticlePage(html) : parsePostPage(html)),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.linkedin.com/in/marenholt/', 'https://uk.linkedin.com/company/northwind-ropeworks'],
  healthy: {
    url: 'https://www.linkedin.com/posts/northwind-ropeworks_harbour-splices-activity-7400000000000000001-Nw1x',
    scenario: 'post-photo',
    kind: 'image',
    faults: {
      // Pages are read as a link crawler reads them: an HTML error page or a page stripped of its
      // post is the wall such pages are in practice.
      'answers an HTML error page where JSON was expected': 'blocked',
      'answers a schema with its fields missing': 'blocked',
      // The page cut short still holds its Open Graph tags and lnkd:url, though not its JSON-LD.
      'declares a Content-Length shorter than its body': 'ok (image)',
    },
  },
  wellFormed: [
    'https://www.linkedin.com/posts/northwind-ropeworks_harbour-splices-activity-7400000000000000001-Nw1x',
    'https://de.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A7400000000000000001/?trackingId=abc%3D%3D',
    'https://www.linkedin.com/embed/feed/update/urn:li:share:7400000000000000003',
    'https://www.linkedin.com/pulse/splicing-three-strand-rope-maren-holt',
    'https://lnkd.in/fxPost01',
    'https://www.linkedin.com/feed/update/urn:li:activity:' + '9'.repeat(400),
    'https://www.linkedin.com/in/marenholt',
  ],
  shortLinks: [
    {
      short: 'https://lnkd.in/fxPost01',
      scenarios: ['short-link', 'post-photo'],
      canonicalUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7400000000000000001/',
      kind: 'image',
    },
    {
      short: 'https://lnkd.in/fxPost02',
      scenarios: ['short-link-interstitial', 'post-gallery'],
      canonicalUrl: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:7400000000000000002/',
      kind: 'gallery',
    },
  ],
  fuzz: { post: linkedinPost, shortLinks: [shortLink] },
};
