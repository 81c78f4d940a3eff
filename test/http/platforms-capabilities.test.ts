// `/platforms` says what the service does: for a video post of each platform with a recorded video,
// `capabilities.proxy` is true exactly when `/resolve?media=proxied` gives the video a `playableUrl`.
import { expect } from 'chai';
import nock from 'nock';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { q, TestApp } from '../support/app.js';
import { fixturePath, useExchanges } from '../support/fixtures.js';
import { nodeAt } from '../support/openapi.js';

const ENV = { PROXY_SECRET: 'platforms-capabilities-secret-0123456789', PUBLIC_BASE_URL: 'https://media.postlens.test/', PROXY_TOKEN_TTL: '600' };

/** A video post per platform and the fixture answering it. */
const VIDEO_POSTS = [
  { platform: 'twitter', fixture: 'syndication-video', url: 'https://x.com/i/status/1790000000000000103' },
  { platform: 'tiktok', fixture: 'video', url: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101' },
  { platform: 'reddit', fixture: 'video', url: 'https://www.reddit.com/r/aviation/comments/1qvid04/' },
  { platform: 'youtube', fixture: 'ok', url: 'https://www.youtube.com/watch?v=Pq3rS7tUv1w' },
  { platform: 'bluesky', fixture: 'video', url: 'https://bsky.app/profile/dave.test/post/3lpdvideo22aa' },
  { platform: 'mastodon', fixture: 'video', url: 'https://mastodon.social/@marta_kv/113900000000001004' },
] as const;

/**
 * The fixture with its signed media URLs' expiries (TikTok's `x-expires`/`expire`, v.redd.it's
 * `a={epoch},…`) moved an hour past now: a media URL already expired gets no playableUrl whatever
 * the platform, which is not what this test is about.
 */
function useFresh(platform: string, fixture: string): void {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const defs = loadRecordedExchanges(fixturePath(platform, fixture)).map(
    (def) => JSON.parse(JSON.stringify(def).replace(/(x-expires|expire)=\d{10}/g, `$1=${expires}`).replace(/([?&]a=)\d{10}(%2C)/g, `$1${expires}$2`)) as RecordedExchange,
  );
  useExchanges(defs);
}

describe('/platforms capabilities against /resolve', () => {
  let app: TestApp;
  let listed: { id: string; state: string; capabilities: { proxy: boolean } }[];
  let proxyOf: Record<string, boolean>;

  before(async () => {
    app = await TestApp.start(ENV);
    listed = ((await app.get('/api/v1/platforms')).body as { platforms: typeof listed }).platforms;
    proxyOf = Object.fromEntries(listed.map((p) => [p.id, p.capabilities.proxy]));
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  for (const { platform, fixture, url } of VIDEO_POSTS) {
    it(`when a ${platform} video is resolved with media=proxied, has a playableUrl exactly when /platforms says proxy`, async () => {
      useFresh(platform, fixture);
      const res = await app.get(`/api/v1/resolve?url=${q(url)}&media=proxied`);
      expect(res.body, JSON.stringify(res.body)).to.include({ status: 'ok', platform, kind: 'video' });
      expect('playableUrl' in res.body.video, `playableUrl of ${JSON.stringify(res.body.video)}`).to.equal(proxyOf[platform]);
    });
  }

  it('when listed, the platforms whose videos get a playableUrl are the ones above that say proxy', () => {
    expect(Object.fromEntries(VIDEO_POSTS.map(({ platform }) => [platform, proxyOf[platform]]))).to.deep.equal({
      twitter: true,
      tiktok: true,
      reddit: true,
      youtube: false,
      bluesky: false,
      mastodon: false,
    });
  });

  it("when openapi.yaml shows /platforms entries, each is the service's own entry (its state, enabled and access, which depend on the deployment, aside)", () => {
    const example = nodeAt('/paths/~1api~1v1~1platforms/get/responses/200/content/application~1json/examples/two/value') as { platforms: { id: string; state: string }[] };
    expect(example.platforms).to.not.be.empty;
    for (const { state: _state, access: _access, enabled: _enabled, ...shown } of example.platforms as { id: string; state: string; access?: unknown; enabled?: boolean }[]) {
      const { state: _actual, access: _actualAccess, enabled: _actualEnabled, ...entry } = listed.find((p) => p.id === shown.id)! as { id: string; state: string; access?: unknown; enabled?: boolean };
      expect(shown, shown.id).to.deep.equal(entry);
    }
  });
});
