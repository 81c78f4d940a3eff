// Bluesky's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
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
};
