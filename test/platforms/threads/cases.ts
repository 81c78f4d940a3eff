// Threads' rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, dress, variantsOf, hostFrom, hostsOf, specOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { cardFromOpenGraph, postFromPage } from '../../../src/infrastructure/platforms/threads/page.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const threadsPost = fc.record({ code: re(/^[A-Za-z0-9_-]{5,40}$/), user: re(/^[A-Za-z0-9._]{1,30}$/) }).chain(({ code, user }) => {
  const form = fc.record({
    host: hostFrom(hostsOf(specOf('threads'))),
    path: fc.constantFrom(`/@${user}/post/${code}`, `/@${user}/post/${code}/embed`, `/@${user}/post/${code}/media`, `/t/${code}`),
  });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'threads', denotes: 'post', contentId: code, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: true,
  // The page strategy looks for the embedded post first, then falls back to the Open Graph tags.
  capturedPage: (html, file) => {
    const code = file.split('-')[3]!;
    return postFromPage(html, code) ?? cardFromOpenGraph(html, code);
  },
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.threads.com/@zuck'],
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
  fuzz: { post: threadsPost, shortLinks: [] },
};
