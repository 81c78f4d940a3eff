// Twitter/X's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://x.com/marta_bakes/status/1790000000000000101',
    scenario: 'syndication-photo',
    kind: 'image',
    faults: {
      // JSON-only APIs cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: ['https://x.com/jack/status/20', 'https://twitter.com/jack/status/20/photo/1?s=20', 'https://t.co/abc123', 'x.com/jack/status/20'],
  shortLinks: [
    {
      short: 'https://t.co/Ab12Cd34Ef',
      scenarios: ['short-link-redirect', 'syndication-photo'],
      canonicalUrl: 'https://x.com/marta_bakes/status/1790000000000000101',
      kind: 'image',
    },
  ],
};
