// The oEmbed builder's player markup for a host no operator listed (docs/design.md §9 "Open-ended
// platforms"): a sandboxed iframe with exactly the four permissions a player needs, well-formed XML,
// while a listed player and a video file keep their markup.
import { expect } from 'chai';
import type { ResolveResult } from '../../src/application/use-cases/resolve.js';
import { toOEmbed, UNLISTED_PLAYER_SANDBOX } from '../../src/interfaces/http/oembed.js';
import { parseXml } from '../support/xml.js';

const PLAYER = 'https://tube.example/videos/embed/9c9de5e8-0a1e-484a-b099-e80766180a6d?a=1&b="2"';
const live = (url: string, mimeType = 'text/html'): ResolveResult =>
  ({ status: 'ok', kind: 'video', platform: 'peertube', canonicalUrl: 'https://tube.example/w/x', siteName: 'PeerTube', themeColor: '#f1680d', nsfw: false, cacheHit: false, video: { url, mimeType, needsProxy: false } }) as ResolveResult;
const unlisted = (url: string) => new URL(url).hostname === 'tube.example';

describe('the oEmbed builder: players on unlisted hosts', () => {
  it('sandboxes the iframe with allow-scripts allow-same-origin allow-popups allow-presentation and no allow list or fullscreen', () => {
    const html = String(toOEmbed(live(PLAYER), {}, 3600, undefined, unlisted)!.html);
    expect(UNLISTED_PLAYER_SANDBOX).to.equal('allow-scripts allow-same-origin allow-popups allow-presentation');
    const iframe = parseXml(`<r>${html}</r>`).children[0]!;
    expect(iframe.attributes).to.deep.equal({ src: PLAYER, width: '560', height: '315', frameborder: '0', sandbox: UNLISTED_PLAYER_SANDBOX });
  });

  it('leaves a listed host\'s player as it was, and a video file is a <video> either way', () => {
    const listed = String(toOEmbed(live('https://tube.listed.example/videos/embed/x'), {}, 3600, undefined, unlisted)!.html);
    expect(listed).to.include('allowfullscreen=""').and.not.include('sandbox');
    const file = String(toOEmbed(live('https://tube.example/static/x.mp4', 'video/mp4'), {}, 3600, undefined, unlisted)!.html);
    expect(file).to.match(/^<video /);
  });
});
