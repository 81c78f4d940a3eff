// Telegram's rows for the shared suites (test/platforms/cases.ts). Telegram has no short links.
import fc from 'fast-check';
import { TELEGRAM_RESERVED } from '../../../src/domain/platforms/telegram.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/telegram/page.js';
import { parseWidget } from '../../../src/infrastructure/platforms/telegram/widget.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs, on
// every host, in the post and preview forms, the channel in any case (one content id).
const telegramPost = fc
  .record({ channel: re(/^[a-z][a-z0-9_]{3,31}$/), id: re(/^[1-9][0-9]{0,9}$/) })
  .filter(({ channel }) => !TELEGRAM_RESERVED.includes(channel))
  .chain(({ channel, id }) => {
    const form = fc.record({
      host: hostFrom(hostsOf(specOf('telegram'))),
      path: fc.constantFrom(`/${channel}/${id}`, `/s/${channel}/${id}`, `/${channel.toUpperCase()}/${id}`),
      query: fc.constantFrom([] as string[], ['single'], ['embed=1', 'mode=tme'], ['comment=42']),
    });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query })).map((variants): PostCase => ({ platform: 'telegram', denotes: 'post', contentId: `${channel}/${id}`, variants }));
  });

// The post each captured page is of (bench P6).
const CAPTURED_POSTS: Record<string, [channel: string, id: string]> = {
  'courtmonitor-t.me-sudpress53-6529-embed1-video-forwarded.html': ['sudpress53', '6529'],
  'metascraper-post-full-image.html': ['chollometro', '28542'],
  'metascraper-post-link-image.html': ['teslahunt', '15513'],
  'metascraper-post-right-preview.html': ['teslahunt', '2351'],
};

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // A capture of the ?embed=1 widget is read as the widget; the others as the post pages they are.
  capturedPage: (html, file) => {
    const [channel, id] = CAPTURED_POSTS[file] ?? ['channel', '1'];
    return file.includes('-embed1-') ? parseWidget(html, channel, id) : parsePostPage(html, channel, id);
  },
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://t.me/durov', 'https://t.me/s/durov', 'https://t.me/+AbCdEfGhIjK1mN2o', 'https://t.me/joinchat/AAAAAEkk2WdoDrB4-Q8-gg', 'https://t.me/c/1658393576/6529'],
  healthy: {
    url: 'https://t.me/northseanotes/512',
    scenario: 'widget-video',
    kind: 'video',
    faults: {
      // The widget's first half still holds the channel and the video's poster, not its <video>: the
      // poster as an image card, which is what that half shows.
      'declares a Content-Length shorter than its body': 'ok (image)',
      // The widget's data is its markup, not meta values or JSON strings: stripping those leaves the post.
      'answers a schema with its fields missing': 'ok (video)',
    },
  },
  wellFormed: [
    'https://t.me/northseanotes/512',
    'https://telegram.me/s/NorthSeaNotes/512?single&utm_source=x',
    'https://telegram.dog/northseanotes/512?embed=1&mode=tme',
    'https://t.me/northseanotes/' + '9'.repeat(400),
    'https://t.me/' + 'a'.repeat(400) + '/512',
    'https://t.me/+AbCdEfGhIjK1mN2o',
  ],
  shortLinks: [],
  fuzz: { post: telegramPost, shortLinks: [] },
};
