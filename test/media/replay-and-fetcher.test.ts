// The media fetchers on their own and in replay mode: UPSTREAM_REPLAY_DIR serves recorded binary
// media (`responseIsBinary`, hex) so resolve → playableUrl → /v/ runs with no network at all; the
// live fetcher refuses names that resolve to non-public addresses.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpstreamError } from '../../src/application/errors.js';
import type { RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { ProxyPool } from '../../src/infrastructure/http/proxy-pool.js';
import { UndiciMediaFetcher } from '../../src/infrastructure/http/media.fetcher.js';
import { isPublicAddress } from '../../src/infrastructure/http/public-address.js';
import { ReplayMediaFetcher } from '../../src/infrastructure/http/replay-media.fetcher.js';
import { q, TestApp } from '../support/app.js';
import { getMedia } from '../support/media-client.js';
import { mediaBytes } from '../support/media-upstream.js';
import { publicLookup } from '../support/lookup.js';
import { startRecordingProxy } from '../support/proxy.js';
import { collectingLogger } from '../support/redis.js';
import { TIKTOK_POST, TIKTOK_VIDEO, tiktokPageExchanges } from '../support/tiktok-media.js';

describe('media proxy: replay mode', () => {
  const video = mediaBytes(5000, 9);
  let dir: string;
  let app: TestApp;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'postlens-media-replay-'));
    const media: RecordedExchange = {
      scope: new URL(TIKTOK_VIDEO).origin,
      method: 'GET',
      path: new URL(TIKTOK_VIDEO).pathname,
      status: 200,
      headers: { 'content-type': 'video/mp4', 'content-length': String(video.length), 'set-cookie': 'recorded=1' },
      response: video.toString('hex'),
      responseIsBinary: true,
    };
    writeFileSync(join(dir, 'tiktok-video.json'), JSON.stringify([...tiktokPageExchanges(), media]));
    app = await TestApp.start({ UPSTREAM_REPLAY_DIR: dir, PROXY_SECRET: 'replay-media-test-secret-0123456789abc', PUBLIC_BASE_URL: 'http://replay.test' });
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a recorded post is resolved with media=proxied, its playableUrl serves the recorded binary body byte for byte', async () => {
    const resolved = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
    const playableUrl = resolved.body.video.playableUrl as string;
    const path = new URL(playableUrl).pathname;
    const answer = await getMedia(app, path);
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-type']).to.equal('video/mp4');
    expect(answer.body.equals(video)).to.equal(true);
    expect(answer.headers).not.to.have.property('set-cookie');

    const head = await getMedia(app, path, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers['content-length']).to.equal(String(video.length));
    // A range over the recorded body is answered as the media host would: 206 with those bytes.
    const ranged = await getMedia(app, path, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).to.equal(206);
    expect(ranged.headers['content-range']).to.equal(`bytes 10-19/${video.length}`);
    expect(ranged.body.equals(video.subarray(10, 20))).to.equal(true);
    const tail = await getMedia(app, path, { headers: { range: 'bytes=-100' } });
    expect(tail.status).to.equal(206);
    expect(tail.body.equals(video.subarray(video.length - 100))).to.equal(true);
    const beyond = await getMedia(app, path, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).to.equal(416);
    expect(beyond.headers['content-range']).to.equal(`bytes */${video.length}`);
    // Several ranges are answered whole (a media host would send multipart).
    const several = await getMedia(app, path, { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.status).to.equal(200);
    expect(several.body.length).to.equal(video.length);
  });

  it('when a media request was not recorded, the replay fetcher fails it as not recorded (a 502) and logs the gap', async () => {
    const logger = collectingLogger();
    const fetcher = new ReplayMediaFetcher([], logger);
    const error = await fetcher
      .fetch({ url: TIKTOK_VIDEO, method: 'GET', headers: {}, allowedHosts: ['.tiktok.com'], signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UpstreamError);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_NOT_RECORDED');
    expect(logger.lines.map((l) => [l.level, l.message])).to.deep.equal([['warn', 'replay: no recorded exchange for media request']]);
  });

  it('when the recorded token path is not on the platform allowlist, refuses it as live mode would', async () => {
    const fetcher = new ReplayMediaFetcher([], collectingLogger());
    const error = await fetcher
      .fetch({ url: 'https://evil.example/a.mp4', method: 'GET', headers: {}, allowedHosts: ['.tiktok.com'], signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_HOST_REFUSED');
  });
});

describe('UndiciMediaFetcher', () => {
  it('when the egress is a proxy, opens the media connection through it (CONNECT to the media host)', async () => {
    const proxy = await startRecordingProxy();
    const proxies = new ProxyPool([proxy.url]);
    try {
      const fetcher = new UndiciMediaFetcher({ timeoutMs: 2000, userAgent: 'test', proxies, lookup: publicLookup });
      const error = await fetcher
        .fetch({ url: `${TIKTOK_VIDEO}?x=1`, method: 'GET', headers: {}, allowedHosts: ['.tiktok.com'], signal: new AbortController().signal, egress: { name: 'relay', proxyUrl: proxy.url } })
        .catch((e: unknown) => e);
      // The recording proxy refuses every tunnel: what matters is that the proxy was asked.
      expect((error as UpstreamError).code).to.equal('UPSTREAM_NETWORK');
      expect(proxy.connects).to.deep.equal(['v16-webapp-prime.tiktok.com:443']);
    } finally {
      await proxies.close();
      await proxy.close();
    }
  });

  it('when an allowlisted name resolves to a loopback address, refuses to connect', async () => {
    const fetcher = new UndiciMediaFetcher({ timeoutMs: 2000, userAgent: 'test' });
    const error = await fetcher
      .fetch({ url: 'https://localhost/video.mp4', method: 'GET', headers: {}, allowedHosts: ['localhost'], signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UpstreamError);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_HOST_REFUSED');
  });

  it('when the URL is not on the allowlist, refuses before any connection', async () => {
    const fetcher = new UndiciMediaFetcher({ timeoutMs: 2000, userAgent: 'test' });
    for (const url of ['https://evil.example/a.mp4', 'http://v16-webapp-prime.tiktok.com/a.mp4', 'https://user:pw@v16-webapp-prime.tiktok.com/a.mp4']) {
      const error = await fetcher.fetch({ url, method: 'GET', headers: {}, allowedHosts: ['.tiktok.com'], signal: new AbortController().signal }).catch((e: unknown) => e);
      expect((error as UpstreamError).code, url).to.equal('UPSTREAM_HOST_REFUSED');
    }
  });

  const addresses: [string, boolean][] = [
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['64:ff9b::7f00:1', false],
    ['not-an-ip', false],
  ];
  for (const [address, isPublic] of addresses) {
    it(`when a name resolves to ${address}, ${isPublic ? 'connects' : 'refuses'}`, () => {
      expect(isPublicAddress(address)).to.equal(isPublic);
    });
  }
});
