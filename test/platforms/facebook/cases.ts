// Facebook's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, digits, dress, variantsOf, hostFrom, hostsOf, specOf, notDots, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/facebook/page.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const FACEBOOK_HOSTS = hostsOf(specOf('facebook')).filter((h) => !h.endsWith('fb.watch'));
const fbOwner = re(/^[A-Za-z0-9.-]{1,40}$/).filter((o) => notDots(o) && !['share', 'groups', 'watch', 'reel', 'photo', 'story.php', 'permalink.php', 'photo.php', 'video.php'].includes(o.toLowerCase()));
const facebookPost = fc
  .record({ type: fc.constantFrom('video', 'photo', 'reel', 'group', 'owner', 'permalink'), id: digits(20), pfbid: re(/^pfbid[0-9A-Za-z]{10,40}$/), owner: fbOwner, group: re(/^[A-Za-z0-9._-]{1,40}$/).filter(notDots) })
  .chain(({ type, id, pfbid, owner, group }) => {
    let contentId: string;
    let forms: Array<{ path: string; query?: string[] }>;
    switch (type) {
      case 'video':
        contentId = `watch/?v=${id}`;
        forms = [{ path: '/watch/', query: [`v=${id}`] }, { path: '/watch', query: [`v=${id}`] }, { path: '/watch/live/', query: [`v=${id}`] }, { path: '/video.php', query: [`v=${id}`] }, { path: `/${owner}/videos/${id}/` }, { path: `/${owner}/videos/some-title-1/${id}/` }, { path: `/${owner}/videos/vb.1234/${id}` }];
        break;
      case 'photo':
        contentId = `photo/?fbid=${id}`;
        forms = [{ path: '/photo/', query: [`fbid=${id}`] }, { path: '/photo.php', query: [`fbid=${id}`] }, { path: `/${owner}/photos/${id}/` }, { path: `/${owner}/photos/a.123456/${id}/` }, { path: `/${owner}/photos/pcb.1.2/${id}` }];
        break;
      case 'reel':
        contentId = `reel/${id}`;
        forms = [{ path: `/reel/${id}` }, { path: `/reel/${id}/` }];
        break;
      case 'group': {
        const post = id.length % 2 ? id : pfbid;
        contentId = `groups/${group.toLowerCase()}/posts/${post}`;
        forms = [{ path: `/groups/${group}/posts/${post}` }, { path: `/groups/${group.toUpperCase()}/permalink/${post}/` }];
        break;
      }
      case 'owner': {
        const post = id.length % 2 ? id : pfbid;
        contentId = `${owner.toLowerCase()}/posts/${post}`;
        forms = [{ path: `/${owner}/posts/${post}` }, { path: `/${owner.toUpperCase()}/posts/${post}/` }];
        break;
      }
      default: {
        const story = id.length % 2 ? id : pfbid;
        const profile = String(BigInt(id) % 99991n + 1n);
        contentId = `permalink.php?story_fbid=${story}&id=${profile}`;
        forms = [{ path: '/permalink.php', query: [`story_fbid=${story}`, `id=${profile}`] }, { path: '/story.php', query: [`id=${profile}`, `story_fbid=${story}`] }];
      }
    }
    const form = fc.record({ host: hostFrom(FACEBOOK_HOSTS), form: fc.constantFrom(...forms) });
    return variantsOf(form, (f, d) => dress(f.host, f.form.path, d, { query: f.form.query })).map((variants): PostCase => ({ platform: 'facebook', denotes: 'post', contentId, variants }));
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLinkPosts = [
  re(/^[A-Za-z0-9_-]{3,20}$/).chain((code) =>
    variantsOf(fc.constantFrom('fb.watch', 'www.fb.watch'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'facebook', denotes: 'short', contentId: `fb.watch/${code}/`, variants: v })),
  ),
  fc.tuple(fc.constantFrom('', 'p/', 'v/', 'r/'), re(/^[A-Za-z0-9_-]{3,32}$/)).chain(([type, code]) =>
    variantsOf(hostFrom(FACEBOOK_HOSTS), (h, d) => dress(h, `/share/${type}${code}`, d)).map(
      (v): PostCase => ({ platform: 'facebook', denotes: 'short', contentId: `www.facebook.com/share/${type}${code}/`, variants: v }),
    ),
  ),
];

// The ids the adapter would pass for the captured pages (bench P6).
const CAPTURED_IDS: Record<string, Record<string, string>> = {
  'page-post-LittleMix-pfbid-photo-2023-02.html': { type: 'post', id: 'pfbid0E7xrT6BDrv7r7Ry3kHUSdw2naE6BdFBgH2gTsEY9h1a64DdM3vqPyq8gXaFY5rqhl' },
  'page-post-ironmaiden-pfbid-photo-2022-08.html': { type: 'photo', id: '10157431603156407' },
  'page-profile-meedan-with-comet-json-2023-01.html': { type: 'video', id: '1522700938072473' },
};

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: true,
  capturedPage: (html, file) => parsePostPage(html, CAPTURED_IDS[file] ?? { type: 'post', id: '1' }),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.facebook.com/nasa'],
  healthy: {
    url: 'https://www.facebook.com/harbourbakery/posts/pfbid02HarbourBakery7RyeLoavesAbcdefGhijkLmnopQrstu',
    scenario: 'post-photo',
    kind: 'image',
    faults: {
      // The first half still has the <head>: the crawler page makes a card
      'declares a Content-Length shorter than its body': 'ok (image)',
      // The page is the only remaining witness: read as the wall such pages are
      'answers a schema with its fields missing': 'blocked',
    },
  },
  wellFormed: ['https://www.facebook.com/permalink.php?story_fbid=123&id=456', 'https://fb.watch/abc123/'],
  shortLinks: [
    {
      short: 'https://fb.watch/aBcD3fGh1/',
      scenarios: ['short-fbwatch', 'watch-comet'],
      canonicalUrl: 'https://www.facebook.com/watch/?v=2468024680246802',
      kind: 'video',
    },
  ],
  fuzz: { post: facebookPost, shortLinks: shortLinkPosts },
};
