// Reddit's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: { url: 'https://www.reddit.com/r/skyscapes/comments/1qimg02/', scenario: 'image', kind: 'image' },
  wellFormed: ['https://www.reddit.com/r/pics/comments/abc123/some_title/', 'https://redd.it/abc123', 'https://www.reddit.com/r/a/comments/' + '9'.repeat(30)],
  shortLinks: [
    {
      short: 'https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp',
      scenarios: ['share-link', 'text'],
      canonicalUrl: 'https://www.reddit.com/r/gardening/comments/1qtxt01/',
      kind: 'link',
    },
  ],
};
