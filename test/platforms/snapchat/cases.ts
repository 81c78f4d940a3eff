// Snapchat's rows for the shared suites (test/platforms/cases.ts). Its fixtures are pages of the
// team's own on the shapes public extractors read: no real capture exists.
import fc from 'fast-check';
import { SNAPCHAT_HOSTS } from '../../../src/domain/platforms/snapchat.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// The hosts whose paths are Snapchat's pages (www., bare, story.); t. holds only share codes.
const PAGE_HOSTS = hostsOf(specOf('snapchat')).filter((h) => h !== SNAPCHAT_HOSTS.short);

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): a Spotlight video, or a story snap whose
// account is written in any case, in 2–4 equivalent URLs.
const snapchatPost = fc.oneof(
  re(/^[A-Za-z0-9_-]{8,80}$/).chain((id) =>
    variantsOf(hostFrom(PAGE_HOSTS), (h, d) => dress(h, `/spotlight/${id}`, d)).map((variants): PostCase => ({ platform: 'snapchat', denotes: 'post', contentId: `spotlight/${id}`, variants })),
  ),
  fc.record({ user: re(/^[a-z][a-z0-9._-]{2,14}$/), snap: re(/^[A-Za-z0-9_-]{6,60}$/) }).chain(({ user, snap }) => {
    const form = fc.record({ host: hostFrom(PAGE_HOSTS), path: fc.constantFrom(`/add/${user}/${snap}`, `/u/${user}/${snap}`, `/add/${user.toUpperCase()}/${snap}`) });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'snapchat', denotes: 'post', contentId: `add/${user}/${snap}`, variants }));
  }),
);

/** Share codes are case-sensitive: only the host form and the decoration vary. */
const shortLink = re(/^[A-Za-z0-9_-]{4,40}$/).chain((code) =>
  variantsOf(
    fc.constantFrom<[string, string]>([SNAPCHAT_HOSTS.short, `/${code}`], ['www.snapchat.com', `/t/${code}`]),
    ([h, p], d) => dress(h, p, d),
  ).map((v): PostCase => ({ platform: 'snapchat', denotes: 'short', contentId: `${SNAPCHAT_HOSTS.short}/${code}`, variants: v })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.snapchat.com/add/harbourcam', 'https://www.snapchat.com/@harbourcam', 'https://www.snapchat.com/spotlight'],
  healthy: {
    url: 'https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightHarbourSwellAAAAAA',
    scenario: 'spotlight',
    kind: 'video',
    faults: {
      // The page's first half still holds its <head>: the preloaded video and the Open Graph tags.
      'declares a Content-Length shorter than its body': 'ok (video)',
      // Stripping meta values and JSON strings leaves the <link rel="preload" as="video">, cobalt's
      // own witness of the video: a card of the video alone.
      'answers a schema with its fields missing': 'ok (video)',
    },
  },
  wellFormed: [
    'https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightHarbourSwellAAAAAA?share_id=x&locale=en-GB',
    'https://story.snapchat.com/add/harbourcam/f1xtureSnapV1deoAAAA',
    'https://t.snapchat.com/f1xtureSp0t',
    'https://www.snapchat.com/spotlight/' + 'A'.repeat(400),
    'https://www.snapchat.com/add/' + 'a'.repeat(400) + '/f1xtureSnapV1deoAAAA',
    'https://www.snapchat.com/@harbourcam',
  ],
  shortLinks: [
    {
      short: 'https://t.snapchat.com/f1xtureSp0t',
      scenarios: ['short-link', 'spotlight'],
      canonicalUrl: 'https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightHarbourSwellAAAAAA',
      kind: 'video',
    },
    {
      short: 'https://t.snapchat.com/f1xtureSt0ry',
      scenarios: ['short-link-story', 'story-video'],
      canonicalUrl: 'https://www.snapchat.com/add/HarbourCam/f1xtureSnapV1deoAAAA',
      kind: 'video',
    },
  ],
  fuzz: { post: snapchatPost, shortLinks: [shortLink] },
};
