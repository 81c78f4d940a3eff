// The Streamable adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/streamable/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseVideo } from '../../../src/infrastructure/platforms/streamable/api.js';
import { cloudFrontExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const API = (code: string) => `https://api.streamable.com/videos/${code}`;
const OEMBED = (code: string) => `https://api.streamable.com/oembed.json?url=https%3A%2F%2Fstreamable.com%2F${code}`;
const SIGNED = '?Expires=4102444800&Signature=Fx7Q~sIgNeDfIxTuRe-only&Key-Pair-Id=APKAFIXTUREKEYPAIR01';

describe('StreamableAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the API says the video is ready, returns the full MP4 with its size and duration, the thumbnail and the URL\'s expiry', async () => {
    const { result, requests } = await given('streamable', 'ok').resolve('https://streamable.com/e/k3fz9q');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Last-minute equaliser from the halfway line',
        image: { url: `https://cdn-cf-east.streamable.com/image/k3fz9q.jpg${SIGNED}` },
        video: { url: `https://cdn-cf-east.streamable.com/video/mp4/k3fz9q.mp4${SIGNED}`, mimeType: 'video/mp4', width: 1280, height: 720, duration: 34.88 },
      },
      mediaExpiresAt: 4102444800_000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([API('k3fz9q')]);
    expect(requests[0]!.allowedHosts).to.deep.equal(['api.streamable.com']);
  });

  it('when only the mobile file is encoded and the title is blank, returns the mobile MP4 and no title', async () => {
    const { result } = await given('streamable', 'mobile-only').resolve('https://streamable.com/m0b1le');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        image: { url: `https://cdn-cf-east.streamable.com/image/m0b1le.jpg${SIGNED}` },
        video: { url: `https://cdn-cf-east.streamable.com/video/mp4-mobile/m0b1le.mp4${SIGNED}`, mimeType: 'video/mp4', width: 640, height: 360, duration: 12.5 },
      },
      mediaExpiresAt: 4102444800_000,
    });
  });

  it('when the API fails with a 5xx, returns oEmbed\'s card with the embed player at its size', async () => {
    const { result, requests } = await given('streamable', 'oembed-fallback').resolve('https://streamable.com/k3fz9q');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Last-minute equaliser from the halfway line',
        image: { url: `https://cdn-cf-east.streamable.com/image/k3fz9q.jpg${SIGNED}` },
        video: { url: 'https://streamable.com/e/k3fz9q', mimeType: 'text/html', width: 568, height: 320 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([API('k3fz9q'), OEMBED('k3fz9q')]);
  });

  it('when the video is still processing, returns upstream-error without asking oEmbed', async () => {
    const { result, requests } = await given('streamable', 'processing').resolve('https://streamable.com/pr0c55');
    expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    expect(requests.map((r) => r.url)).to.deep.equal([API('pr0c55')]);
  });

  it('when the upload failed, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('streamable', 'failed').resolve('https://streamable.com/fa1l3d');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the API answers 404, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('streamable', 'not-found').resolve('https://streamable.com/g0n3zz');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([API('g0n3zz')]);
  });

  it('when the API and oEmbed both answer 403, returns blocked', async () => {
    const { result, requests } = await given('streamable', 'blocked').resolve('https://streamable.com/b10ck3');
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(2);
  });

  it('when the API and oEmbed both answer 5xx, returns upstream-error', async () => {
    expect((await given('streamable', 'upstream-error').resolve('https://streamable.com/e5rr0r')).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when neither answers in time, returns timeout', async () => {
    nock('https://api.streamable.com').get('/videos/sl0www').delay(1000).reply(200, {}).get('/oembed.json').query(true).delay(1000).reply(200, {});
    const { result, requests } = await given('streamable', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://streamable.com/sl0www');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no code, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'streamable', canonicalUrl: 'https://streamable.com/login', contentId: 'login', ids: {} };
    const { result, requests } = await given('streamable').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parseVideo', () => {
  it('when a file URL is plain http, leaves the file out (and the video is not playable yet)', () => {
    const answer = parseVideo({ status: 2, title: 'x', files: { mp4: { url: 'http://cdn-cf-east.streamable.com/video/mp4/x.mp4', width: 1, height: 1 } } });
    expect(answer).to.deep.equal({ result: { ok: false, reason: 'upstream-error' }, processing: true });
  });

  it('when the answer is not a video object, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseVideo('<html>')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parseVideo({ files: {} })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('reads a signed URL\'s Expires in seconds or in milliseconds', () => {
    expect(cloudFrontExpiry('https://cdn-cf-east.streamable.com/image/a.jpg?Expires=1776112957712&Key-Pair-Id=K')).to.equal(1776112957712);
    expect(cloudFrontExpiry('https://cdn-cf-east.streamable.com/video/mp4/a.mp4?Expires=1776112957&Signature=s')).to.equal(1776112957000);
    expect(cloudFrontExpiry('https://cdn-cf-east.streamable.com/video/mp4/a.mp4')).to.equal(undefined);
  });
});
