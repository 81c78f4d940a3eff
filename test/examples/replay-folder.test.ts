// The shipped replay folder (examples/replay) answers every post docs/replay-and-fixtures.md lists for
// it, as that page says (ok with its kind, or degraded with its reason), and the recorded videos play
// through /v/ offline.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { q, TestApp } from '../support/app.js';
import { getMedia } from '../support/media-client.js';

const FOLDER = fileURLToPath(new URL('../../examples/replay/', import.meta.url));
const PAGE = readFileSync(new URL('../../docs/replay-and-fixtures.md', import.meta.url), 'utf8');

interface Listed {
  url: string;
  status: 'ok' | 'degraded';
  /** The kind of an ok card, the reason of a degraded one. */
  detail: string;
}

/** The rows of the page's table between `<!-- examples:start -->` and `<!-- examples:end -->`. */
function listedExamples(): Listed[] {
  const table = PAGE.slice(PAGE.indexOf('<!-- examples:start -->'), PAGE.indexOf('<!-- examples:end -->'));
  return [...table.matchAll(/^\| [^\n]+ \| `(https:\/\/[^`]+)` \| (ok|degraded), ([a-z-]+) \|$/gm)].map((m) => ({ url: m[1]!, status: m[2] as Listed['status'], detail: m[3]! }));
}

describe('examples/replay, the shipped replay folder', () => {
  let app: TestApp;
  const listed = listedExamples();

  before(async () => {
    app = await TestApp.start({ UPSTREAM_REPLAY_DIR: FOLDER, PROXY_SECRET: 'examples-replay-test-secret-0123456789' });
  });
  after(async () => app.close());

  it('docs/replay-and-fixtures.md lists its posts: the playground’s three among them', () => {
    expect(listed.length).to.be.at.least(10);
    const kinds = listed.map((l) => `${new URL(l.url).hostname} ${l.status} ${l.detail}`);
    expect(kinds).to.include.members(['bsky.app ok image', 'x.com ok video', 'bsky.app degraded not-found']);
  });

  it('every listed URL resolves as the page says, and no upstream request goes unanswered', async () => {
    for (const { url, status, detail } of listed) {
      const res = await app.get(`/api/v1/resolve?url=${q(url)}`);
      expect(res.status, url).to.equal(200);
      expect(res.body, url).to.include(status === 'ok' ? { status, kind: detail } : { status, reason: detail });
    }
    expect(app.logs.filter((l) => l.includes('replay: no recorded exchange')), 'unrecorded upstream requests').to.deep.equal([]);
    expect(app.logs.filter((l) => l.includes('replay: recorded')), 'recorded exchanges corrected or refused').to.deep.equal([]);
  });

  for (const [what, url] of [
    ['the X video', 'https://x.com/nora_sails/status/1861000000000000201'],
    ['the TikTok video', 'https://www.tiktok.com/@ines.bakes/video/7400000000000000202'],
  ] as const) {
    it(`${what} gets a playableUrl that answers its recorded MP4 through /v/`, async () => {
      const res = await app.get(`/api/v1/resolve?url=${q(url)}&media=proxied`);
      const playableUrl = res.body.video?.playableUrl as string | undefined;
      expect(playableUrl, 'playableUrl').to.be.a('string');
      const media = await getMedia(app, new URL(playableUrl!).pathname);
      expect(media.status).to.equal(200);
      expect(media.headers['content-type']).to.equal('video/mp4');
      // An ISO base media file: its first box is `ftyp`, and the H.264 track says `avc1`.
      expect(media.body.subarray(4, 8).toString('latin1')).to.equal('ftyp');
      expect(media.body.includes(Buffer.from('avc1'))).to.equal(true);
    });
  }
});
