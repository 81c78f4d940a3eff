// OK's rows for the shared suites (test/platforms/cases.ts). OK has no short links: every video
// URL names its video directly.
import fc from 'fast-check';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePlayerPage } from '../../../src/infrastructure/platforms/okru/player.js';

const HOSTS = hostsOf(specOf('okru'));

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video in 2–4 equivalent URLs.
const okruVideo = fc.record({ id: re(/^[1-9][0-9]{5,14}(?:-0)?$/) }).chain(({ id }) => {
  const form = fc.record({
    host: hostFrom(HOSTS),
    path: fc.constantFrom(`/video/${id}`, `/videoembed/${id}`, `/web-api/video/moviePlayer/${id}`),
    query: fc.constant([] as string[]),
    slash: fc.constant(true),
  });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'okru', denotes: 'post', contentId: id, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: true },
  // OK's streams are signed for the IP that resolved them.
  mediaNeedProxy: true,
  capturedPage: (html, file) => parsePlayerPage(html, /video-(\d+)-/.exec(file)?.[1] ?? '1'),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://ok.ru/profile/581000000001', 'https://ok.ru/group/570000000002', 'https://ok.ru/volgarowing'],
  healthy: {
    url: 'https://ok.ru/video/7410002001',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // The first half of the page ends before the player: markup without the post, read as a wall.
      'declares a Content-Length shorter than its body': 'blocked',
      // The mutation empties metas, the title and JSON in scripts and strings, not JSON held in an
      // HTML attribute: the player's data-options survive, and with them the card (its text and
      // date, from the emptied metas, go).
      'answers a schema with its fields missing': 'ok (video)',
    },
  },
  wellFormed: [
    'https://ok.ru/video/7410002001',
    'https://m.ok.ru/video/7410002001?utm_source=whatsapp',
    'https://odnoklassniki.ru/videoembed/7410002002-0',
    'https://ok.ru/web-api/video/moviePlayer/7410002001',
    'https://ok.ru/video/' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: okruVideo, shortLinks: [] },
};
