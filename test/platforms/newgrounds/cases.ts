// Newgrounds' rows for the shared suites (test/platforms/cases.ts). It has no short links.
import fc from 'fast-check';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one submission in 2–4 equivalent URLs
// on the bare host and www (every other subdomain is a profile).
const HOSTS = ['newgrounds.com', 'www.newgrounds.com'];
const newgroundsPost = fc.record({ id: re(/^[1-9][0-9]{0,8}$/), audio: fc.boolean() }).chain(({ id, audio }) => {
  const paths = audio ? [`/audio/listen/${id}`] : [`/portal/view/${id}`, `/portal/view/${id}/format/flash`];
  const form = fc.record({ host: hostFrom(HOSTS), path: fc.constantFrom(...paths) });
  const contentId = `${audio ? 'audio' : 'portal'}/${id}`;
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'newgrounds', denotes: 'post', contentId, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://gullworks.newgrounds.com/', 'https://www.newgrounds.com/art/view/gullworks/harbour-sketch'],
  healthy: {
    url: 'https://www.newgrounds.com/portal/view/1770001',
    scenario: 'movie',
    kind: 'video',
    faults: {
      // The page is markup: one without a title (a fault's page) is read as a wall.
      'answers an HTML error page where JSON was expected': 'blocked',
      'answers a schema with its fields missing': 'blocked',
      // The page cut short still holds its head: the page's card, without the movie.
      'declares a Content-Length shorter than its body': 'ok (image)',
    },
  },
  wellFormed: [
    'https://www.newgrounds.com/portal/view/1770001',
    'https://newgrounds.com/portal/view/1770001/format/flash/?utm_source=x',
    'https://www.newgrounds.com/audio/listen/1770007',
    'https://www.newgrounds.com/portal/view/' + '9'.repeat(400),
    'https://gullworks.newgrounds.com/',
  ],
  shortLinks: [],
  fuzz: { post: newgroundsPost, shortLinks: [] },
};
