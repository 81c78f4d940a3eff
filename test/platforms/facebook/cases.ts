// Facebook's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
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
};
