// VK through the whole service (TestApp: real composition, responses checked against openapi.yaml):
// a video overlay link resolves to a branded card whose file needs the proxy, and its playableUrl
// hands the proxy the VK app's User-Agent that VK's CDN wants.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { AesGcmSigner } from '../../../src/infrastructure/signer/aes-gcm.signer.js';

const POST = 'https://m.vk.com/lakesideferry?z=video-214750091_456239017%2Fpl_wall_-214750091';
const APP_UA = 'com.vk.vkvideo.prod/1955 (iPhone, iOS 16.7.15)';
const BASE = 'https://media.postlens.test/p/';
const SECRET = 'vk-service-test-secret-0123456789abcdef';

describe('vk through the service', () => {
  let app: TestApp;
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when a video overlay link is resolved, answers the video card under its canonical URL with the brand, its MP4 marked needsProxy', async () => {
    app = await TestApp.start();
    useFixture('vk', 'video');
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'vk', canonicalUrl: 'https://vk.com/video-214750091_456239017', kind: 'video', siteName: 'VK', themeColor: '#0077ff' });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true });
    expect(JSON.stringify(res.body)).not.to.include('com.vk.vkvideo');
  });

  it("when media=proxied, the playableUrl's token carries the app's User-Agent for the proxy to send (the media proxy's own tests play such tickets)", async () => {
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE });
    useFixture('vk', 'video');
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}&media=proxied`);
    const { url, mimeType, playableUrl } = res.body.video as { url: string; mimeType: string; playableUrl: string };
    expect(playableUrl.startsWith(`${BASE}v/`)).to.equal(true);
    const opened = new AesGcmSigner({ current: SECRET }).open(playableUrl.slice(`${BASE}v/`.length), Date.now());
    if (!opened.ok) expect.fail(`the playableUrl's token does not open: ${opened.error}`);
    expect(opened.ticket).to.deep.equal({ url, mimeType, headers: { 'user-agent': APP_UA }, platform: 'vk', canonicalUrl: 'https://vk.com/video-214750091_456239017' });
    // The header travels sealed: not in the answer.
    expect(res.text).not.to.include('com.vk.vkvideo');
  });
});
