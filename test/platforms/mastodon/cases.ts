// Mastodon's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://mastodon.social/@marta/113900000000001002',
    scenario: 'image',
    kind: 'image',
    faults: {
      // A JSON-only API cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: ['https://mastodon.social/@Gargron/109384017411611735', 'https://mastodon.social/@a/99999999999999999999'],
  shortLinks: [],
};
