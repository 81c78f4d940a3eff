// TikTok's rows for the shared suites (test/platforms/cases.ts).
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101',
    scenario: 'video',
    kind: 'video',
    faults: {
      // Its data sits below the first half of the page: a page without the post
      'declares a Content-Length shorter than its body': 'blocked',
    },
  },
  wellFormed: ['https://www.tiktok.com/@user/video/7234567890123456789?is_from_webapp=1', 'https://vm.tiktok.com/ZMabc123/'],
  shortLinks: [
    {
      short: 'https://vm.tiktok.com/ZMsh0rt01/',
      scenarios: ['short-links', 'video'],
      canonicalUrl: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101',
      kind: 'video',
    },
  ],
};
