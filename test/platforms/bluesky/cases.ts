// Bluesky's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, dress, variantsOf, hostFrom, hostsOf, specOf, notDots, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const blueskyPost = fc
  .record({
    actor: fc.oneof(
      fc.domain().filter((h) => /^[A-Za-z0-9]/.test(h)),
      re(/^did:plc:[a-z2-7]{24}$/),
      re(/^did:web:[a-z0-9-]{1,20}\.test(%3A[0-9]{2,5})?$/),
    ),
    rkey: fc.oneof(re(/^[a-z2-7]{13}$/), re(/^[A-Za-z0-9._~:-]{1,40}$/).filter(notDots)),
  })
  .chain(({ actor, rkey }) => {
    const who = actor.startsWith('did:') ? actor : actor.toLowerCase();
    const form = fc.record({
      host: hostFrom(hostsOf(specOf('bluesky'))),
      actorCase: fc.boolean(),
      tail: fc.constantFrom('', '/liked-by', '/reposted-by', '/quotes'),
      atUri: fc.boolean(),
    });
    return variantsOf(form, (f, d) => {
      const a = f.actorCase && !actor.startsWith('did:') ? actor.toUpperCase() : actor;
      return f.atUri ? `at://${a}/app.bsky.feed.post/${rkey}` : dress(f.host, `/profile/${a}/post/${rkey}${f.tail}`, d);
    }).map((variants): PostCase => ({ platform: 'bluesky', denotes: 'post', contentId: `${who}/${rkey}`, variants }));
  });

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://bsky.app/profile/bob.test'],
  healthy: {
    url: 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab',
    scenario: 'image',
    kind: 'image',
    faults: {
      // A JSON-only API cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://bsky.app/profile/alice.test/post/3kabc',
    'at://did:plc:abc123/app.bsky.feed.post/3kabc',
    '   https://bsky.app/profile/a.test/post/3k   ',
    'https://bsky.app/profile/did:plc:abc/post/' + 'z'.repeat(500),
  ],
  shortLinks: [],
  fuzz: { post: blueskyPost, shortLinks: [] },
};
