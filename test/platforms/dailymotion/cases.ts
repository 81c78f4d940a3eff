// Dailymotion's rows for the shared suites (test/platforms/cases.ts). dai.ly links name the video
// itself (a post route, no redirect), so there is no short link to follow.
import type { PlatformCases } from '../cases.js';

export const cases: PlatformCases = {
  healthy: {
    url: 'https://www.dailymotion.com/video/x8q2k4m',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // The player metadata and oEmbed are JSON-only: they cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://www.dailymotion.com/video/x8q2k4m',
    'https://www.dailymotion.com/video/x8q2k4m_severn-bore-at-dawn?playlist=x6abc',
    'https://dai.ly/x8q2k4m',
    'https://www.dailymotion.com/embed/video/x8q2k4m?autoplay=1',
    'https://geo.dailymotion.com/player.html?video=x8q2k4m',
    'https://www.dailymotion.com/video/x' + '9'.repeat(400),
  ],
  shortLinks: [],
};
