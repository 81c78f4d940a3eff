// YouTube's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: { url: 'https://www.youtube.com/watch?v=Pq3rS7tUv1w', scenario: 'ok', kind: 'video' },
  wellFormed: ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&v=AAAAAAAAAAA'],
  shortLinks: [],
};
