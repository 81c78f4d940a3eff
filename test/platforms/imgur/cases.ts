// Imgur's rows for the shared suites (test/platforms/cases.ts): a single-image post. Imgur has no
// short links (i.imgur.com paths name the file, and so the post, directly).
import fc from 'fast-check';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

/** Ids of Imgur's own pages that have an id's length. */
const NOT_IDS = new Set(['about', 'rules', 'store', 'privacy', 'emerald', 'removed', 'contact', 'careers', 'account', 'gallery', 'upload', 'signin', 'search']);
const id = re(/^[A-Za-z0-9]{7}$/).filter((i) => !NOT_IDS.has(i.toLowerCase()));

// Posts for the fuzz suites: a file's post in 2–4 equivalent URLs, or an album or gallery post.
const filePost = id.chain((i) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(['imgur.com', 'www.imgur.com', 'm.imgur.com']), path: fc.constant(`/${i}`) }),
    fc.record({ host: fc.constant('i.imgur.com'), path: fc.constantFrom(`/${i}.jpg`, `/${i}.png`, `/${i}h.jpg`, `/${i}.gifv`, `/${i}.mp4`) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'imgur', denotes: 'post', contentId: i, variants }));
});
const albumPost = fc.record({ i: id, slug: re(/^[a-z0-9-]{1,30}$/), tag: re(/^[a-z0-9_]{1,20}$/) }).chain(({ i, slug, tag }) => {
  const form = fc.record({ host: hostFrom(['imgur.com', 'www.imgur.com', 'm.imgur.com']), path: fc.constantFrom(`/a/${i}`, `/gallery/${i}`, `/gallery/${slug}-${i}`, `/a/${slug}-${i}`, `/t/${tag}/${i}`) });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'imgur', denotes: 'post', contentId: `a/${i}`, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://imgur.com/user/harbourlight', 'https://imgur.com/t/unmuted', 'https://imgur.com/upload'],
  healthy: {
    url: 'https://imgur.com/Qm3rT7w',
    scenario: 'image',
    kind: 'image',
    faults: {
      // The post API and oEmbed are JSON-only: they cannot read an HTML page.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://imgur.com/Qm3rT7w',
    'https://i.imgur.com/Qm3rT7w.jpg',
    'https://i.imgur.com/Qm3rT7wh.jpg?maxwidth=520',
    'https://imgur.com/gallery/lighthouse-in-fog-Zp4kL2x',
    'https://imgur.com/a/Zp4kL2x',
    'https://imgur.com/user/harbourlight',
    'https://imgur.com/a/' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: fc.oneof(filePost, albumPost), shortLinks: [] },
};
