// pixiv's rows for the shared suites (test/platforms/cases.ts): a one-page artwork. pixiv has no
// short links (/i/{id} names the artwork itself).
import fc from 'fast-check';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites: one artwork in 2–4 equivalent URLs, on every host the spec knows
// (pixiv's, and the phixiv and ppxiv fixers').
const HOSTS = hostsOf(specOf('pixiv'));
const pixivPost = fc.record({ id: re(/^[1-9][0-9]{0,11}$/), lang: fc.constantFrom('en', 'ja', 'zh-tw', 'ko'), page: re(/^[0-9]{1,4}$/) }).chain(({ id, lang, page }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(HOSTS), path: fc.constantFrom(`/artworks/${id}`, `/${lang}/artworks/${id}`, `/artworks/${id}/${page}`, `/i/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: hostFrom(HOSTS), path: fc.constant('/member_illust.php'), query: fc.constantFrom<string[]>([`mode=medium`, `illust_id=${id}`], [`illust_id=${id}`]) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.query.length === 0 })).map((variants): PostCase => ({ platform: 'pixiv', denotes: 'post', contentId: id, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do: no video, but its pictures go through `/v/`.
  capabilities: { shortLinks: false, video: false, nsfw: true, proxy: true },
  // i.pximg.net answers 403 without pixiv's Referer.
  mediaNeedProxy: true,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.pixiv.net/en/users/41000001', 'https://www.pixiv.net/member.php?id=41000001', 'https://www.pixiv.net/novel/show.php?id=21000001', 'https://phixiv.net/tags/sea'],
  healthy: {
    url: 'https://www.pixiv.net/en/artworks/118000101',
    scenario: 'illust',
    kind: 'image',
    faults: {
      // The web API is JSON-only: it cannot read an HTML page.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://www.pixiv.net/artworks/118000101',
    'https://phixiv.net/en/artworks/118000101/2',
    'https://www.pixiv.net/member_illust.php?mode=medium&illust_id=118000101',
    'https://www.pixiv.net/i/118000101',
    'https://www.pixiv.net/users/41000001',
    'https://www.pixiv.net/artworks/' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: pixivPost, shortLinks: [] },
};
