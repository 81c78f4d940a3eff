// Instagram's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://www.instagram.com/p/DAphoto0001/',
    scenario: 'embed-photo',
    kind: 'image',
    faults: {
      // Its data sits below the first half of the page: a page without the post
      'declares a Content-Length shorter than its body': 'blocked',
    },
  },
  wellFormed: ['https://www.instagram.com/p/Cabc123xyz/?igsh=1', 'https://instagr.am/reel/Cabc123xyz'],
  shortLinks: [
    {
      short: 'https://www.instagram.com/share/reel/BBshare0001/',
      scenarios: ['share-post', 'embed-reel'],
      canonicalUrl: 'https://www.instagram.com/reel/DAreel00001/',
      kind: 'video',
    },
  ],
};
