// Streamable's rows for the shared suites (test/platforms/cases.ts). It has no short links.
import fc from 'fast-check';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Codes the fuzzer draws: letters and digits with at least one digit, so never a site page's name.
const CODE = re(/^[a-z]{1,4}[0-9][a-z0-9]{0,4}$/);

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video in 2–4 equivalent URLs.
const streamablePost = CODE.chain((code) => {
  const form = fc.record({ host: hostFrom(['streamable.com', 'www.streamable.com']), path: fc.constantFrom(`/${code}`, `/e/${code}`, `/o/${code}`, `/s/${code}`) });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'streamable', denotes: 'post', contentId: code, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://streamable.com/login'],
  healthy: {
    url: 'https://streamable.com/k3fz9q',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // The API and oEmbed are JSON-only: they cannot read an HTML page.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://streamable.com/k3fz9q',
    'https://streamable.com/e/k3fz9q?autoplay=1',
    'https://www.streamable.com/o/k3fz9q',
    'https://streamable.com/login',
    'https://streamable.com/' + 'z'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: streamablePost, shortLinks: [] },
};
