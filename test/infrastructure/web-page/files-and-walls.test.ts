// Answers that are not HTML (an image's size from its first bytes, a video or a sound as the file,
// anything else a link named by its file name), and the walls a 200 may be (challenge pages,
// consent walls).
import { expect } from 'chai';
import { bodyFormatOf } from '../../../src/infrastructure/platforms/web/page/body-format.js';
import { fileFields, linkFields } from '../../../src/infrastructure/platforms/web/page/file-fields.js';
import { createFileReader } from '../../../src/infrastructure/platforms/web/page/file-reader.js';
import { interstitialOf } from '../../../src/infrastructure/platforms/web/page/interstitial.js';
import { readPage } from './read-page.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
// Real headers of each format, the size fields at their place, followed by a large rest never needed.
const PNG = hex('89504e470d0a1a0a 0000000d 49484452 000002d0 00000195 0806000000');
const GIF = hex('474946383961 4001 f000 f70000');
const JPEG = hex('ffd8 ffe0 0010 4a46494600 0101 0000 0100 0100 00' + 'ffe1 0010 ' + '00'.repeat(14) + 'ffc0 0011 08 0438 0780 03 012200 021101 031101');

function readFile(bytes: Uint8Array, mimeType: string, chunk = 8) {
  const body = new Uint8Array([...bytes, ...new Uint8Array(100_000)]);
  const reader = createFileReader({ mimeType, url: 'https://cdn.example/media/Photo%20one.png?sig=1', maxBytes: 1 << 20 });
  let pushed = 0;
  let verdict: 'more' | 'enough' = 'more';
  while (pushed < body.byteLength && verdict === 'more') {
    const piece = body.subarray(pushed, pushed + chunk);
    pushed += piece.byteLength;
    verdict = reader.push(piece);
  }
  return { facts: reader.finish(), pushed };
}

describe('web files', () => {
  it('tells HTML, media and other answers apart by Content-Type', () => {
    expect(['text/html; charset=utf-8', 'application/xhtml+xml', undefined, 'image/webp', 'video/mp4', 'audio/mpeg', 'application/pdf', 'application/json'].map(bodyFormatOf)).to.deep.equal(['html', 'html', 'html', 'media', 'media', 'media', 'other', 'other']);
  });

  it("reads a PNG's, a GIF's and a JPEG's size from their first bytes and stops reading there", () => {
    for (const [bytes, mimeType, width, height] of [[PNG, 'image/png', 720, 405], [GIF, 'image/gif', 320, 240], [JPEG, 'image/jpeg', 1920, 1080]] as const) {
      const { facts, pushed } = readFile(bytes, mimeType);
      expect(facts, mimeType).to.include({ width, height });
      expect(pushed, mimeType).to.be.below(bytes.byteLength + 16);
    }
  });

  it("reads a WebP's size from its header", () => {
    // VP8L: 14-bit width-1 and height-1 after the 0x2f signature byte: 400 × 300.
    const w = 399;
    const h = 299;
    const bits = w | (h << 14);
    const vp8l = hex(`52494646 1a000000 57454250 5650384c 0d000000 2f ${Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]).toString('hex')} 00 00 00 00 00 00 00 00`);
    expect(readFile(vp8l, 'image/webp').facts).to.include({ width: 400, height: 300 });

  });

  it('gives an image of an unread format no size, and never reads a video or a sound at all', () => {
    const svg = readFile(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml');
    expect(svg.facts).to.not.have.any.keys('width', 'height');
    expect(svg.pushed).to.be.at.most(16);
    const reader = createFileReader({ mimeType: 'video/mp4', url: 'https://cdn.example/v.mp4', maxBytes: 1 << 20 });
    expect(reader.push(new Uint8Array(10))).to.equal('enough');
    expect(reader.finish().bytesRead).to.equal(0);
  });

  it('makes a card of the file: an image with its size, a video, a sound (kind link), titled by the file name', () => {
    expect(fileFields({ url: 'https://www.cdn.example/media/Photo%20one.png', mimeType: 'image/png', width: 720, height: 405, bytesRead: 24 })).to.deep.equal({
      kind: 'image', title: 'Photo one.png', siteName: 'cdn.example', themeColor: '#5f6368', nsfw: false, image: { url: 'https://www.cdn.example/media/Photo%20one.png', width: 720, height: 405 },
    });
    expect(fileFields({ url: 'https://cdn.example/v/clip.mp4', mimeType: 'video/mp4', bytesRead: 0 })).to.deep.include({ kind: 'video', video: { url: 'https://cdn.example/v/clip.mp4', mimeType: 'video/mp4' } });
    expect(fileFields({ url: 'https://cdn.example/a/song.mp3', mimeType: 'audio/mpeg', bytesRead: 0 })).to.deep.include({ kind: 'link', title: 'song.mp3', audio: { url: 'https://cdn.example/a/song.mp3', mimeType: 'audio/mpeg' } });
  });

  it('makes any other answer a link titled by its file name, and leaves the title out for a directory', () => {
    expect(linkFields('https://docs.example/files/Annual%20Report%202024.pdf?download=1')).to.deep.equal({ kind: 'link', title: 'Annual Report 2024.pdf', siteName: 'docs.example', themeColor: '#5f6368', nsfw: false });
    expect(linkFields('https://docs.example/files/')).to.not.have.property('title');
  });
});

describe('interstitials', () => {
  const wall = (title: string, body: string) => readPage(`<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`).facts;

  it("recognises Cloudflare's challenge and block pages, and Akamai's Access Denied, by title and marker", () => {
    expect(interstitialOf('https://shop.example/p', wall('Just a moment...', '<script>window._cf_chl_opt={cvId: "3"};</script>'))).to.equal('challenge');
    expect(interstitialOf('https://shop.example/p', wall('Just a moment…', '<form id="challenge-form" action="/p?__cf_chl_f_tk=x"><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>'))).to.equal('challenge');
    expect(interstitialOf('https://shop.example/p', wall('Attention Required! | Cloudflare', '<div id="cf-wrapper"><div id="cf-error-details">Sorry, you have been blocked</div></div>'))).to.equal('challenge');
    expect(interstitialOf('https://shop.example/p', wall('Access Denied', '<H1>Access Denied</H1>You don\'t have permission to access this server.<P>Reference&#32;&#35;18&#46;5e2c1002&#46;1700000000&#46;1a2b3c</P>'))).to.equal('challenge');
  });

  it('never takes a page that only has such a title, or only mentions a marker, for a wall', () => {
    expect(interstitialOf('https://blog.example/p', wall('Just a moment...', '<p>a poem</p>'))).to.equal(undefined);
    expect(interstitialOf('https://blog.example/p', wall('How Cloudflare challenges work', '<code>_cf_chl_opt</code>'))).to.equal(undefined);
    expect(interstitialOf('https://blog.example/p', wall('Access Denied', '<p>An album review.</p>'))).to.equal(undefined);
  });

  it('takes a consent.* host (Google, Yahoo) for a consent wall, page read or not', () => {
    expect(interstitialOf('https://consent.google.com/ml?continue=https://news.google.com/')).to.equal('consent');
    expect(interstitialOf('https://consent.yahoo.com/v2/collectConsent?sessionId=1', wall('Yahoo is part of the Yahoo family of brands', ''))).to.equal('consent');
    expect(interstitialOf('https://consentmanager.example/')).to.equal(undefined);
  });
});
