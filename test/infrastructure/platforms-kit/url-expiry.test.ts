// Signed-URL expiry in every form the platforms' CDNs write it (kit/url-expiry.ts): a table of our
// own URLs shaped like the real ones, then the real captures read in place (never copied).
import { expect } from 'chai';
import { cloudFrontExpiry, earliestExpiry, metaExpiry, queryExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

/** CloudFront's custom policy, in its URL-safe base64 (`-` `_` `~` for `+` `=` `/`). */
function policy(json: string): string {
  return Buffer.from(json).toString('base64').replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');
}
const DATE_LESS_THAN = policy('{"Statement":[{"Resource":"*://cf-media.example/a.mp3*","Condition":{"DateLessThan":{"AWS:EpochTime":1800000000}}}]}');

describe('kit: signed-URL expiry', () => {
  const table: readonly [string, (url: string) => number | undefined, string, number | undefined][] = [
    // CloudFront `Expires`: seconds (Loom, SoundCloud, Snapchat) or ms (Streamable's API), by size.
    ['CloudFront Expires in seconds', cloudFrontExpiry, 'https://cdn.example/a.mp4?Expires=1900000000&Signature=s&Key-Pair-Id=K', 1_900_000_000_000],
    ['CloudFront Expires in ms', cloudFrontExpiry, 'https://cdn-cf-east.example/image/a.jpg?Expires=1776000000123&Signature=s&Key-Pair-Id=K', 1_776_000_000_123],
    ['CloudFront Expires last in the query', cloudFrontExpiry, 'https://cf-st.example/d/a.mp4?Signature=s&Expires=1764000000', 1_764_000_000_000],
    ['CloudFront custom Policy', cloudFrontExpiry, `https://cf-media.example/a.mp3?Policy=${DATE_LESS_THAN}&Signature=s&Key-Pair-Id=K`, 1_800_000_000_000],
    ['CloudFront Expires before Policy', cloudFrontExpiry, `https://cf-media.example/a.mp3?Expires=1900000000&Policy=${DATE_LESS_THAN}`, 1_900_000_000_000],
    ['CloudFront Policy not JSON', cloudFrontExpiry, 'https://cf-media.example/a.mp3?Policy=bm90IGpzb24_', undefined],
    ['CloudFront Policy without DateLessThan', cloudFrontExpiry, `https://cf-media.example/a.mp3?Policy=${policy('{"Statement":[{"Condition":{}}]}')}`, undefined],
    ['CloudFront Expires too short', cloudFrontExpiry, 'https://cdn.example/a.mp4?Expires=12345', undefined],
    ['CloudFront Expires too long', cloudFrontExpiry, 'https://cdn.example/a.mp4?Expires=17760000001234', undefined],
    ['CloudFront Expires not a number', cloudFrontExpiry, 'https://cdn.example/a.mp4?Expires=tomorrow', undefined],
    ['CloudFront lower-case expires is not its parameter', cloudFrontExpiry, 'https://cdn.example/a.mp4?expires=1900000000', undefined],
    ['CloudFront unsigned', cloudFrontExpiry, 'https://cdn.example/a.mp4', undefined],
    ['CloudFront not a URL', cloudFrontExpiry, 'not a url?Expires=1900000000', undefined],
    // Meta's `oe`: 8 hex digits of epoch seconds.
    ['Meta oe', metaExpiry, 'https://scontent.xx.fbcdn.example/v/t39/1_n.jpg?_nc_cat=1&oh=00_AfB&oe=6740A1B2', 0x6740a1b2 * 1000],
    ['Meta oe in upper case', metaExpiry, 'https://scontent.cdninstagram.example/v/a.jpg?oe=6740A1B2', 0x6740a1b2 * 1000],
    ['Meta oe not hex', metaExpiry, 'https://scontent.cdninstagram.example/v/a.jpg?oe=zz', undefined],
    ['Meta oe of 7 digits', metaExpiry, 'https://scontent.cdninstagram.example/v/a.jpg?oe=740A1B2', undefined],
    ['Meta unsigned', metaExpiry, 'https://scontent.cdninstagram.example/v/a.jpg', undefined],
    // Query parameters of seconds or ms: VK's and OK's `expires`, Rutube's `expire`.
    ['expires in seconds', (url) => queryExpiry(url, 'expires'), 'https://vkvd1.example/video.m3u8?expires=1764000000&srcIp=1', 1_764_000_000_000],
    ['expires in ms', (url) => queryExpiry(url, 'expires'), 'https://vd1.mycdn.example/?expires=1764000000123&id=1', 1_764_000_000_123],
    ['expire in seconds', (url) => queryExpiry(url, 'expire'), 'https://river-1.example/hls/a.m3u8?expire=1764000000&s=1', 1_764_000_000_000],
    ['another parameter is not read', (url) => queryExpiry(url, 'expire'), 'https://river-1.example/hls/a.m3u8?expires=1764000000', undefined],
    ['a query value that is not epoch', (url) => queryExpiry(url, 'expires'), 'https://vkvd1.example/video.m3u8?expires=0', undefined],
  ];
  for (const [name, read, url, expected] of table) {
    it(`${name}: ${expected === undefined ? 'no expiry' : new Date(expected).toISOString()}`, () => {
      expect(read(url)).to.equal(expected);
    });
  }

  it('earliestExpiry: the first of the media URLs to stop working, none when none is signed', () => {
    const urls = ['https://a.example/1.jpg?oe=6740A1B2', undefined, 'https://a.example/2.jpg', 'https://a.example/3.jpg?oe=6740A1B1'];
    expect(earliestExpiry(urls, metaExpiry)).to.equal(0x6740a1b1 * 1000);
    expect(earliestExpiry(['https://a.example/2.jpg', undefined], metaExpiry)).to.equal(undefined);
  });
});

/** Signed URLs in a capture, unescaped as JSON and HTML write them (`\u0026`, `\/`, `&amp;`). */
function signedUrls(text: string, parameter: RegExp): string[] {
  const unescaped = text.replace(/\\u0026/g, '&').replace(/\\\//g, '/').replace(/&amp;/g, '&');
  return (unescaped.match(/https:\/\/[^\s"'<>\\]+/g) ?? []).filter((url) => parameter.test(url));
}

// 2015 to 2040: a date the signature could be meant to end at (the captures span 2018-2026).
const PLAUSIBLE = [Date.UTC(2015, 0, 1), Date.UTC(2040, 0, 1)] as const;

describeCaptures('kit: signed-URL expiry on the real captures', () => {
  it('reads every CloudFront-signed URL captured (Key-Pair-Id): Expires in seconds or ms, or a Policy', () => {
    const urls = [
      ...captureFiles('soundcloud', /^newpipe-api-v2-media-stream-(hls|progressive)\.json$/).flatMap((file) => signedUrls(readCapture('soundcloud', file), /Key-Pair-Id=/)),
      ...signedUrls(readCapture('reddit', 'praw-r-popular-hot-2026-04-13-listing.json'), /[?&]Expires=\d+.*Key-Pair-Id=/),
    ];
    const forms = new Set(urls.map((url) => (/[?&]Expires=\d{13}(&|$)/.test(url) ? 'ms' : /[?&]Expires=\d{10}(&|$)/.test(url) ? 's' : 'policy')));
    // The two spellings the old regexes disagreed on are both among them: Streamable's ms and a policy.
    expect([...forms].sort()).to.include.members(['ms', 'policy']);
    for (const url of urls) {
      const at = cloudFrontExpiry(url);
      expect(at, url.slice(0, 120)).to.be.a('number').within(...PLAUSIBLE);
    }
  });

  it('reads an Expires in seconds as captured on a signed page image (Vimeo)', () => {
    const urls = signedUrls(readCapture('vimeo', 'metascraper-page-vimeo.html'), /[?&]Expires=\d{10}&/);
    expect(urls).to.not.be.empty;
    for (const url of urls) expect(cloudFrontExpiry(url), url.slice(0, 120)).to.be.a('number').within(...PLAUSIBLE);
  });

  it("reads every Meta oe captured on Facebook, Instagram and Threads pages", () => {
    let read = 0;
    for (const platform of ['facebook', 'instagram', 'threads']) {
      for (const file of captureFiles(platform, /\.(html|json)$/)) {
        for (const url of signedUrls(readCapture(platform, file), /[?&]oe=/)) {
          expect(metaExpiry(url), `${platform}/${file}: ${url.slice(0, 120)}`).to.be.a('number').within(...PLAUSIBLE);
          read++;
        }
      }
    }
    expect(read).to.be.greaterThan(100);
  });
});
