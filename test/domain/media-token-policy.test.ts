import { expect } from 'chai';
import {
  fitsTokenCap,
  isAllowedMediaUrl,
  isProxiableMediaType,
  MAX_TOKEN_LENGTH,
  mayMintPlayableUrl,
  tokenExpiresAt,
  type MintRequest,
} from '../../src/domain/media-token-policy.js';

const TIKTOK_HOSTS = ['.tiktokcdn.com', 'v16-webapp.tiktok.com'];

describe('media-token policy', () => {
  describe('isAllowedMediaUrl', () => {
    const rows: { url: string; allowed: boolean; why: string }[] = [
      { url: 'https://v16-webapp.tiktok.com/video/a.mp4', allowed: true, why: 'exact host' },
      { url: 'https://V16-WEBAPP.TikTok.com/video/a.mp4', allowed: true, why: 'hosts compare in lower case' },
      { url: 'https://v16-webapp.tiktok.com./video/a.mp4', allowed: true, why: 'trailing dot ignored' },
      { url: 'https://v19.tiktokcdn.com/a.mp4', allowed: true, why: 'under a .suffix entry' },
      { url: 'https://a.b.tiktokcdn.com/a.mp4', allowed: true, why: 'deeper under a .suffix entry' },
      { url: 'https://tiktokcdn.com/a.mp4', allowed: false, why: 'the suffix itself is not under it' },
      { url: 'https://eviltiktokcdn.com/a.mp4', allowed: false, why: 'a name that merely ends the same way' },
      { url: 'https://tiktokcdn.com.evil.test/a.mp4', allowed: false, why: 'the entry as a prefix' },
      { url: 'https://x.v16-webapp.tiktok.com/a.mp4', allowed: false, why: 'under an exact entry' },
      { url: 'http://v16-webapp.tiktok.com/video/a.mp4', allowed: false, why: 'not https' },
      { url: 'https://v16-webapp.tiktok.com:8443/video/a.mp4', allowed: false, why: 'a non-default port' },
      { url: 'https://v16-webapp.tiktok.com:443/video/a.mp4', allowed: true, why: 'the default port spelled out' },
      { url: 'https://user:pw@v16-webapp.tiktok.com/video/a.mp4', allowed: false, why: 'userinfo' },
      { url: 'https://v16-webapp.tiktok.com@evil.test/a.mp4', allowed: false, why: 'the host is what WHATWG URL says' },
      { url: 'not a url', allowed: false, why: 'unparseable' },
    ];
    for (const row of rows) {
      it(`${row.why}: ${row.url} is ${row.allowed ? 'allowed' : 'refused'}`, () => {
        expect(isAllowedMediaUrl(row.url, TIKTOK_HOSTS)).to.equal(row.allowed);
      });
    }
    it('when the adapter declares no media hosts, refuses every URL', () => {
      expect(isAllowedMediaUrl('https://v16-webapp.tiktok.com/a.mp4', undefined)).to.equal(false);
      expect(isAllowedMediaUrl('https://v16-webapp.tiktok.com/a.mp4', [])).to.equal(false);
    });
  });

  describe('isProxiableMediaType', () => {
    const rows: [string, boolean][] = [
      ['video/mp4', true],
      ['video/mp4; codecs="avc1"', true],
      ['audio/mp4', true],
      ['image/jpeg', true],
      ['application/vnd.apple.mpegurl', true],
      ['application/x-mpegURL', true],
      ['application/dash+xml', true],
      ['text/html', false],
      ['application/json', false],
      ['video', false],
    ];
    for (const [type, ok] of rows) it(`${type} is ${ok ? 'proxiable' : 'not proxiable'}`, () => expect(isProxiableMediaType(type)).to.equal(ok));
  });

  describe('mayMintPlayableUrl', () => {
    const base: MintRequest = { mode: 'proxied', proxyEnabled: true, video: { url: 'https://v19.tiktokcdn.com/a.mp4', mimeType: 'video/mp4' }, mediaHosts: TIKTOK_HOSTS };
    it('when proxied is asked, the proxy is on and the video is https on the allowlist, allows it', () => {
      expect(mayMintPlayableUrl(base)).to.equal(true);
    });
    it('when the request is raw, refuses', () => expect(mayMintPlayableUrl({ ...base, mode: 'raw' })).to.equal(false));
    it('when the proxy is disabled, refuses', () => expect(mayMintPlayableUrl({ ...base, proxyEnabled: false })).to.equal(false));
    it('when there is no video, refuses', () => expect(mayMintPlayableUrl({ ...base, video: undefined })).to.equal(false));
    it('when the video host is off the allowlist, refuses', () => {
      expect(mayMintPlayableUrl({ ...base, video: { url: 'https://cdn.evil.test/a.mp4', mimeType: 'video/mp4' } })).to.equal(false);
    });
    it('when the video is http, refuses', () => {
      expect(mayMintPlayableUrl({ ...base, video: { url: 'http://v19.tiktokcdn.com/a.mp4', mimeType: 'video/mp4' } })).to.equal(false);
    });
    it('when the video is a player page (text/html), refuses', () => {
      expect(mayMintPlayableUrl({ ...base, video: { url: 'https://v19.tiktokcdn.com/embed', mimeType: 'text/html' } })).to.equal(false);
    });
  });

  describe('tokenExpiresAt', () => {
    const now = 1_700_000_000_000;
    it('when the media URL does not expire, lives PROXY_TOKEN_TTL', () => expect(tokenExpiresAt(now, 3600)).to.equal(now + 3_600_000));
    it('when the media URL expires later than the TTL, lives PROXY_TOKEN_TTL', () => expect(tokenExpiresAt(now, 3600, now + 7_200_000)).to.equal(now + 3_600_000));
    it('when the media URL expires sooner, ends with it', () => expect(tokenExpiresAt(now, 3600, now + 600_000)).to.equal(now + 600_000));
    it('when the media URL has already expired, mints nothing', () => {
      expect(tokenExpiresAt(now, 3600, now)).to.equal(undefined);
      expect(tokenExpiresAt(now, 3600, now - 1)).to.equal(undefined);
    });
  });

  describe('fitsTokenCap', () => {
    it(`accepts ${MAX_TOKEN_LENGTH} characters and refuses one more`, () => {
      expect(fitsTokenCap('a'.repeat(MAX_TOKEN_LENGTH))).to.equal(true);
      expect(fitsTokenCap('a'.repeat(MAX_TOKEN_LENGTH + 1))).to.equal(false);
    });
  });
});
