// Threads' rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://www.threads.com/@harbourcycles/post/DKimAgeP0st',
    scenario: 'page-image',
    kind: 'image',
    faults: {
      // The first half still has the <head>: the Open Graph fallback makes a card
      'declares a Content-Length shorter than its body': 'ok (link)',
      // The page is the only remaining witness: read as the wall such pages are
      'answers a schema with its fields missing': 'blocked',
    },
  },
  wellFormed: ['https://www.threads.com/@zuck/post/Cabc123'],
  shortLinks: [],
};
