// The playground end to end in headless Chromium (issue 17, points 2 and 3) against the real server
// over the shipped replay folder: each card's fields drawn in the page as the API answers them, an
// X video playing through the media proxy, a degraded post and a URL no adapter knows with their
// outcome, a screenshot that is not blank, oEmbed discovery links, and a cross-origin fetch the
// browser accepts from a listed origin and blocks from another.
import { expect } from 'chai';
import type { Server } from 'node:http';
import { inflateSync } from 'node:zlib';
import {
  CHROMIUM,
  launchChromium,
  openPlayground,
  PLAYGROUND_KEY,
  startOtherOrigin,
  startReplayService,
  type Browser,
  type RunningService,
} from '../support/playground-browser.js';

const BLUESKY_IMAGE = 'https://bsky.app/profile/nora.test/post/3lqlighthouse2';
const X_VIDEO = 'https://x.com/nora_sails/status/1861000000000000201';
const X_DELETED = 'https://x.com/nora_sails/status/1861000000000000305';
const NO_ADAPTER = 'https://example.org/blog/a-page';

describe('playground in headless Chromium', function () {
  this.timeout(60_000);
  let service: RunningService;
  let browser: Browser | undefined;
  const others: Server[] = [];
  let listed: string;
  let unlisted: string;

  before(async function () {
    browser = await launchChromium();
    if (!browser) {
      if (process.env.CI || process.env.REQUIRE_BROWSER) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (REQUIRE_BROWSER/CI is set)`);
      console.log(`    skipped: ${CHROMIUM} is not installed`);
      this.skip();
    }
    const page = await startOtherOrigin('127.0.0.2');
    const stranger = await startOtherOrigin('127.0.0.3');
    others.push(page.server, stranger.server);
    listed = page.origin;
    unlisted = stranger.origin;
    service = await startReplayService('examples/replay', { CORS_ORIGINS: listed });
  });

  after(async () => {
    await browser?.close();
    await service?.close();
    for (const server of others) server.close();
  });

  /** The API's own answer for a URL, as the page asks for it. */
  async function answerFor(url: string): Promise<any> {
    const response = await fetch(`${service.base}/api/v1/resolve?url=${encodeURIComponent(url)}&media=proxied`, { headers: { authorization: `Bearer ${PLAYGROUND_KEY}` } });
    return response.json();
  }

  it('draws a Bluesky image post: author, handle, time, text, photo with its alt, stripe colour; its <head> has the oEmbed discovery links', async () => {
    const page = browser!.page;
    await openPlayground(page, service.base, BLUESKY_IMAGE);
    const card = page.locator('.result .embed');
    await card.waitFor();
    const answer = await answerFor(BLUESKY_IMAGE);
    expect(answer.status).to.equal('ok');
    expect(await card.locator('.author-name').first().textContent()).to.equal(answer.author.name);
    expect(await card.locator('.author-name').first().getAttribute('href')).to.equal(answer.author.url);
    expect(await card.locator('.handle').first().textContent()).to.equal(`@${answer.author.handle}`);
    expect(await card.locator('.avatar').first().getAttribute('src')).to.equal(answer.author.avatar);
    expect(await card.locator('time').first().getAttribute('datetime')).to.equal(answer.publishedAt);
    expect(await card.locator('.text').first().textContent()).to.equal(answer.description);
    const photo = card.locator('.media img').first();
    expect(await photo.getAttribute('src')).to.equal(answer.image.url);
    expect(answer.image.alt).to.be.a('string');
    expect(await photo.getAttribute('alt')).to.equal(answer.image.alt);
    // The stand-in picture loaded: the photo is drawn, not a broken icon.
    await page.waitForFunction(() => ((globalThis as any).document.querySelector('.media img')?.naturalWidth ?? 0) > 0);
    expect(await card.evaluate((el) => (globalThis as any).getComputedStyle(el).borderLeftColor)).to.equal(hexToRgb(answer.themeColor));
    expect(await card.locator('.outcome').textContent()).to.match(/^ok/);
    // The JSON beside the card is the answer itself (the page's ask was the first, this one a cache hit).
    const shown = JSON.parse((await page.locator('.result pre.json').textContent())!);
    expect({ ...shown, cacheHit: answer.cacheHit }).to.deep.equal(answer);
    const curl = await page.locator('.curl-command').textContent();
    expect(curl).to.include(`--data-urlencode 'url=${BLUESKY_IMAGE}'`);
    expect(curl).to.include('$POSTLENS_KEY');
    expect(await page.content()).to.not.include(PLAYGROUND_KEY.slice(8));
    const discovery = await page.locator('link[rel=alternate]').evaluateAll((links) => links.map((l) => [l.getAttribute('type'), (l as any).href]));
    const oembed = `${service.base}/oembed?url=${encodeURIComponent(BLUESKY_IMAGE)}`;
    expect(discovery).to.deep.equal([
      ['application/json+oembed', `${oembed}&format=json`],
      ['text/xml+oembed', `${oembed}&format=xml`],
    ]);
  });

  it('plays an X video through the media proxy (/v/)', async () => {
    const page = browser!.page;
    await openPlayground(page, service.base, X_VIDEO);
    const video = page.locator('.result .embed video');
    await video.waitFor();
    const src = await video.getAttribute('src');
    expect(src).to.match(new RegExp(`^${service.base.replace(/\./g, '\\.')}/v/`));
    await video.evaluate((el: any) => el.play().catch(() => undefined));
    await page.waitForFunction(() => {
      const v = (globalThis as any).document.querySelector('.result video');
      return !!v && (v.currentTime > 0 || v.readyState >= 2);
    }, undefined, { timeout: 15_000 });
    const played = await video.evaluate((el: any) => ({ width: el.videoWidth, error: el.error?.code ?? null }));
    expect(played.error).to.equal(null);
    expect(played.width).to.be.greaterThan(0);
    const answer = await answerFor(X_VIDEO);
    expect(await page.locator('.result .author-name').first().textContent()).to.equal(answer.author.name);
    expect(await page.locator('.result .text').first().textContent()).to.equal(answer.description);
  });

  it('shows the outcome and reason of a degraded post, and of a URL no adapter knows', async () => {
    const page = browser!.page;
    await openPlayground(page, service.base);
    await page.fill('#urls', `${X_DELETED}\n${NO_ADAPTER}`);
    const batch = page.waitForRequest((r) => r.method() === 'POST' && r.url() === `${service.base}/api/v1/resolve`);
    await page.click('button[type=submit]');
    expect((await batch).postDataJSON()).to.deep.equal({ urls: [X_DELETED, NO_ADAPTER], media: 'proxied' });
    await page.locator('.result').nth(1).waitFor();
    const outcomes = await page.locator('.result .outcome').allTextContents();
    expect(outcomes[0]).to.match(/^degraded — not-found/);
    expect(outcomes[1]).to.match(/^no-adapter/);
    expect(await page.locator('.result').evaluateAll((r) => r.map((x) => (x as any).dataset.status))).to.deep.equal(['degraded', 'no-adapter']);
    // Asked as a batch, each answer comes with the curl for its own URL.
    const curls = await page.locator('.curl-command').allTextContents();
    expect(curls[0]).to.include(`--data-urlencode 'url=${X_DELETED}'`);
    expect(curls[1]).to.include(`--data-urlencode 'url=${NO_ADAPTER}'`);
  });

  it('renders a screenshot that is not blank', async () => {
    const page = browser!.page;
    await openPlayground(page, service.base, BLUESKY_IMAGE);
    await page.locator('.result .embed .media img').waitFor();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('.media img')?.complete === true);
    const png = await page.screenshot({ fullPage: false });
    expect(png.length).to.be.greaterThan(20_000);
    const { distinctColours } = pngColours(png);
    expect(distinctColours).to.be.greaterThan(50);
  });

  it('a page on a listed origin reads the API cross-origin; the browser blocks an origin not listed', async () => {
    const page = browser!.page;
    const target = `${service.base}/api/v1/canonical?url=${encodeURIComponent(X_VIDEO)}`;
    const call = (t: string, key: string) =>
      page.evaluate(async ([url, k]) => {
        try {
          const response = await fetch(url!, { headers: { Authorization: `Bearer ${k}` } });
          return { status: response.status, body: await response.json(), remaining: response.headers.get('RateLimit-Remaining') };
        } catch (error) {
          return { blocked: String(error) };
        }
      }, [t, key]);
    await page.goto(`${listed}/`);
    const accepted = await call(target, PLAYGROUND_KEY);
    expect(accepted).to.have.property('status', 200);
    expect((accepted as { body: { canonicalUrl: string } }).body.canonicalUrl).to.equal(X_VIDEO);
    expect((accepted as { remaining: string | null }).remaining).to.match(/^\d+$/);
    // The media proxy, asked by range as a player on that page asks: the proxy's headers readable,
    // Content-Range and Content-Length among them (replay slices the recorded body as a host would).
    const playable: string = (await answerFor(X_VIDEO)).video.playableUrl;
    const media = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Range: 'bytes=0-99' } });
      const h = response.headers;
      return { status: response.status, type: h.get('Content-Type'), requestId: h.get('X-Request-Id'), remaining: h.get('RateLimit-Remaining'), range: h.get('Content-Range'), length: h.get('Content-Length'), bytes: (await response.arrayBuffer()).byteLength };
    }, playable);
    expect(media.status).to.equal(206);
    expect(media.type).to.equal('video/mp4');
    expect(media.requestId).to.be.a('string');
    expect(media.remaining).to.match(/^\d+$/);
    expect(media.bytes).to.equal(100);
    expect(media.length).to.equal('100');
    expect(media.range).to.match(/^bytes 0-99\/\d+$/);
    await page.goto(`${unlisted}/`);
    const blocked = await call(target, PLAYGROUND_KEY);
    expect(blocked).to.have.property('blocked').that.match(/TypeError/);
  });
});

function hexToRgb(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const n = parseInt(full.slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Decodes an 8-bit RGB(A) PNG (what Chromium writes) far enough to count its distinct colours. */
function pngColours(png: Buffer): { distinctColours: number } {
  const width = png.readUInt32BE(16);
  const colourType = png[25];
  const channels = colourType === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const previous = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  const colours = new Set<number>();
  for (let row = 0; (row + 1) * (stride + 1) <= raw.length; row++) {
    const filter = raw[row * (stride + 1)];
    const data = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      let value = data[i]!;
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      line[i] = value & 255;
    }
    for (let i = 0; i < stride; i += channels) colours.add((line[i]! << 16) | (line[i + 1]! << 8) | line[i + 2]!);
    line.copy(previous);
  }
  return { distinctColours: colours.size };
}
