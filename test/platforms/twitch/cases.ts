// Twitch's rows for the shared suites (test/platforms/cases.ts). Twitch has no short links: every
// clip and video URL names its post directly.
import fc from 'fast-check';
import { TWITCH_HOSTS } from '../../../src/domain/platforms/twitch.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// The hosts of channel pages (www., m., go. and the bare domain); clips. and player. have their own paths.
const PAGE_HOSTS = hostsOf(specOf('twitch')).filter((h) => h !== TWITCH_HOSTS.clips && h !== TWITCH_HOSTS.player);
const slug = re(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/).filter((s) => s.toLowerCase() !== 'embed');
const channel = re(/^[A-Za-z0-9_]{1,25}$/);

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one clip or one video in 2–4 equivalent URLs.
const twitchClip = fc.record({ slug, channel }).chain(({ slug, channel }) => {
  const form = fc.oneof(
    fc.record({ host: fc.constant(TWITCH_HOSTS.clips), path: fc.constantFrom(`/${slug}`, `/${channel}/${slug}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
    fc.record({ host: fc.constant(TWITCH_HOSTS.clips), path: fc.constant('/embed'), query: fc.constant([`clip=${slug}`] as string[]), slash: fc.constant(false) }),
    fc.record({ host: hostFrom(PAGE_HOSTS), path: fc.constantFrom(`/${channel}/clip/${slug}`, `/clip/${slug}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'twitch', denotes: 'post', contentId: `clip:${slug}`, variants }));
});
const twitchVideo = fc.record({ id: re(/^[1-9][0-9]{0,11}$/), channel }).chain(({ id, channel }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(PAGE_HOSTS), path: fc.constantFrom(`/videos/${id}`, `/${channel}/v/${id}`, `/${channel}/video/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
    fc.record({ host: fc.constant(TWITCH_HOSTS.player), path: fc.constant('/'), query: fc.constantFrom([`video=v${id}`] as string[], [`video=${id}`] as string[]), slash: fc.constant(false) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'twitch', denotes: 'post', contentId: `video:${id}`, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.twitch.tv/kettleharbour', 'https://www.twitch.tv/directory'],
  healthy: {
    url: 'https://clips.twitch.tv/KettleHarbourLight-aB3dE5fG7hJ9kL1m',
    scenario: 'clip',
    kind: 'video',
    faults: {
      // GQL is JSON only: an HTML page cannot be read.
      'answers an HTML error page where JSON was expected': 'upstream-error',
      // The access token's value is signed: the media URL carries it verbatim, so a changed value
      // (here, with __proto__ keys written into it) is a changed URL in an otherwise equal card.
      'answers JSON with __proto__ keys': 'ok (video)',
    },
  },
  wellFormed: [
    'https://clips.twitch.tv/KettleHarbourLight-aB3dE5fG7hJ9kL1m',
    'https://www.twitch.tv/harbourlight/clip/KettleHarbourLight-aB3dE5fG7hJ9kL1m?filter=clips&range=7d&sort=time',
    'https://clips.twitch.tv/embed?clip=KettleHarbourLight-aB3dE5fG7hJ9kL1m&parent=example.com',
    'https://www.twitch.tv/videos/2388901234?t=1h2m3s',
    'https://player.twitch.tv/?video=v2388901234&parent=example.com',
    'https://www.twitch.tv/videos/' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: fc.oneof(twitchClip, twitchVideo), shortLinks: [] },
};
