// Pinterest's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { PLATFORM_SPECS } from '../../../src/domain/platforms/index.js';
import { PINTEREST_HOSTS } from '../../../src/domain/platforms/pinterest.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one pin in 2–4 equivalent URLs, on
// every country domain and subdomain the spec knows.
const PIN_HOSTS = hostsOf(specOf('pinterest')).filter((h) => !h.endsWith(PINTEREST_HOSTS.short));
// pin.it and www.pin.it: the hosts the spec's short route reads.
const SHORT_HOSTS = (PLATFORM_SPECS.pinterest.ownPathHosts ?? []).filter((h) => h.endsWith(PINTEREST_HOSTS.short));
const pinterestPost = fc
  .record({ id: re(/^[1-9][0-9]{5,18}$/), slug: re(/^[a-z0-9][a-z0-9-]{0,60}$/) })
  .chain(({ id, slug }) => {
    const form = fc.record({ host: hostFrom(PIN_HOSTS), path: fc.constantFrom(`/pin/${id}/`, `/pin/${id}`, `/pin/${slug}--${id}/`, `/pin/${id}/sent/`) });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'pinterest', denotes: 'post', contentId: id, variants }));
  });

/** pin.it codes are case-sensitive: only the host and the decoration vary. */
const shortLink = re(/^[A-Za-z0-9]{4,20}$/).chain((code) =>
  variantsOf(hostFrom(SHORT_HOSTS), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'pinterest', denotes: 'short', contentId: `pin.it/${code}`, variants: v })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.pinterest.com/northfieldbakes/bread/', 'https://www.pinterest.co.uk/northfieldbakes/'],
  healthy: {
    url: 'https://www.pinterest.com/pin/987654321098765432/',
    scenario: 'pin-photo',
    kind: 'image',
    faults: {
      // The page's first half ends before its Relay answers (in the body): a page without the pin.
      'declares a Content-Length shorter than its body': 'blocked',
      // A page stripped of its data is read as the wall such pages are in practice.
      'answers a schema with its fields missing': 'blocked',
    },
  },
  wellFormed: [
    'https://www.pinterest.com/pin/987654321098765432/',
    'https://www.pinterest.co.uk/pin/rye-sourdough--987654321098765432/',
    'https://de.pinterest.com/pin/987654321098765432/sent/?invite_code=abc&sfo=1',
    'https://pin.it/4xQm9TzLp',
    'https://www.pinterest.com/pin/' + '9'.repeat(400) + '/',
    'https://www.pinterest.com/northfieldbakes/bread/',
  ],
  shortLinks: [
    {
      short: 'https://pin.it/4xQm9TzLp',
      scenarios: ['short-link', 'pin-photo'],
      canonicalUrl: 'https://www.pinterest.com/pin/987654321098765432/',
      kind: 'image',
    },
  ],
  fuzz: { post: pinterestPost, shortLinks: [shortLink] },
};
