// The post details (docs/design.md §4) as the resolve use case answers them: in the card's field order,
// every video and sound with its spec's needsProxy, made safe in one place, cached and answered
// again unchanged, and described by the OpenAPI document. Entries written before the details
// existed still answer.
import { expect } from 'chai';
import { readCachedResult, type CachedResult } from '../../src/application/cached-result.js';
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter } from '../../src/application/ports/platform-adapter.port.js';
import { ResolveUseCase, type ResolveResult } from '../../src/application/use-cases/resolve.js';
import type { Card } from '../../src/domain/card.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { testGuard } from '../support/guard.js';
import { formatAjvErrors, validatorAt } from '../support/openapi.js';
import { collectingLogger } from '../support/redis.js';
import { SETTINGS } from '../support/scripted-resolve.js';

const NOW = 1_800_000_000_000;
const X_POST = 'https://x.com/fieldnotes/status/1850000000000000001';
const TIKTOK_POST = 'https://www.tiktok.com/@someone/video/7300000000000000001';

const FULL: Card = {
  kind: 'video',
  title: 'Field Notes (@fieldnotes)',
  description: 'Two clips from the ridge.',
  author: { name: 'Field Notes', url: 'https://x.com/fieldnotes', handle: 'fieldnotes', avatar: 'https://pbs.twimg.com/profile_images/1/a_normal.jpg', verified: true },
  publishedAt: '2024-10-26T08:15:00Z',
  lang: 'en',
  nsfw: false,
  image: { url: 'https://pbs.twimg.com/media/poster.jpg', width: 1280, height: 720, alt: 'Ridge at dawn' },
  video: { url: 'https://video.twimg.com/v/1.mp4', mimeType: 'video/mp4', width: 1280, height: 720, duration: 12.5, hasAudio: true },
  videos: [
    { url: 'https://video.twimg.com/v/1.mp4', mimeType: 'video/mp4', width: 1280, height: 720, duration: 12.5, hasAudio: true },
    { url: 'https://video.twimg.com/v/2.mp4', mimeType: 'video/mp4', duration: 3, hasAudio: false },
  ],
  link: { url: 'https://fieldnotes.example.org/ridge', title: 'Ridge walk', image: { url: 'https://pbs.twimg.com/card_img/1.jpg' } },
  quote: { platform: 'twitter', canonicalUrl: 'https://x.com/other/status/1849999999999999999', kind: 'image', title: 'Other (@other)', image: { url: 'https://pbs.twimg.com/media/q.jpg' } },
  replyTo: { canonicalUrl: 'https://x.com/asker/status/1849999999999999998', handle: 'asker' },
  poll: { options: [{ label: 'Yes', votes: 12 }, { label: 'No', votes: 0 }], totalVotes: 12, endsAt: '2024-10-27T08:15:00Z', closed: true },
  stats: { likes: 40, reposts: 3, replies: 0, quotes: 1, views: 1200, bookmarks: 2 },
};

function setup(platform: PlatformId, answer: AdapterResult) {
  let calls = 0;
  const adapter: PlatformAdapter = { resolve: async () => (calls++, answer) };
  const cache = new MemoryCache({ maxEntries: 10 });
  const signer = new AesGcmSigner({ current: 'post-details-test-secret-0123456789' });
  const resolve = new ResolveUseCase(new Platforms(createPlatformSpecs(), { [platform]: adapter }), cache, { now: () => NOW }, collectingLogger(), SETTINGS, signer, testGuard());
  return { resolve, cache, calls: () => calls };
}

async function ok(resolve: ResolveUseCase, url: string): Promise<ResolveResult & { status: 'ok' }> {
  const answer = await resolve.execute(url, {});
  if (!answer.ok || answer.result.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(answer)}`);
  return answer.result;
}

const okResult = validatorAt('/components/schemas/OkResult');

describe('resolve: post details', () => {
  it('answers every detail in the card order, with needsProxy on each video from the spec, and the schema accepts it', async () => {
    const { resolve } = setup('twitter', { ok: true, card: FULL });
    const result = await ok(resolve, X_POST);
    expect(Object.keys(result)).to.deep.equal([
      'status', 'platform', 'canonicalUrl', 'kind', 'title', 'description', 'author', 'publishedAt', 'lang', 'siteName', 'themeColor', 'nsfw',
      'image', 'video', 'videos', 'link', 'quote', 'replyTo', 'poll', 'stats', 'cacheHit',
    ]);
    expect(result.video).to.deep.equal({ ...FULL.video, needsProxy: false });
    expect(result.videos!.map((v) => v.needsProxy)).to.deep.equal([false, false]);
    expect(result.stats).to.deep.equal(FULL.stats);
    expect(okResult(result), formatAjvErrors(okResult.errors)).to.equal(true);
  });

  it('on a platform whose media need the proxy, every video, the sound and the quoted video say so', async () => {
    const mp4 = { url: 'https://v16-webapp.tiktok.com/video/a.mp4', mimeType: 'video/mp4' };
    const card: Card = {
      kind: 'video',
      nsfw: false,
      video: mp4,
      videos: [mp4, { ...mp4, url: 'https://v16-webapp.tiktok.com/video/b.mp4' }],
      audio: { url: 'https://sf16-ies-music.tiktokcdn.com/obj/m.mp3', mimeType: 'audio/mpeg', duration: 30, preview: true },
      quote: { platform: 'tiktok', canonicalUrl: 'https://www.tiktok.com/@other/video/7300000000000000002', kind: 'video', video: mp4 },
    };
    const result = await ok(setup('tiktok', { ok: true, card }).resolve, TIKTOK_POST);
    expect(result.video!.needsProxy).to.equal(true);
    expect(result.videos!.every((v) => v.needsProxy)).to.equal(true);
    expect(result.audio).to.deep.equal({ ...card.audio, needsProxy: true });
    expect(result.quote).to.have.nested.property('video.needsProxy', true);
    expect(okResult(result), formatAjvErrors(okResult.errors)).to.equal(true);
  });

  it('drops unsafe URLs of the details with their field, in the one safe-card pass', async () => {
    const card: Card = {
      ...FULL,
      author: { ...FULL.author!, avatar: 'javascript:alert(1)' },
      link: { url: 'data:text/html,hi', title: 'x' },
      quote: { platform: 'twitter', canonicalUrl: '//x.com/relative', kind: 'link' },
      replyTo: { canonicalUrl: 'vbscript:x', handle: 'asker' },
      poll: { options: [{ label: '\u0001' }, { label: 'Yes' }] },
      contentWarning: 'spoilers\u0007',
    };
    const result = await ok(setup('twitter', { ok: true, card }).resolve, X_POST);
    expect(result.author).to.deep.equal({ name: 'Field Notes', url: 'https://x.com/fieldnotes', handle: 'fieldnotes', verified: true });
    expect(result).not.to.have.property('link');
    expect(result).not.to.have.property('quote');
    expect(result).not.to.have.property('replyTo');
    expect(result.poll).to.deep.equal({ options: [{ label: 'Yes' }] });
    expect(result.contentWarning).to.equal('spoilers');
  });

  it('a cached answer equals the fresh one apart from cacheHit', async () => {
    const { resolve, calls } = setup('twitter', { ok: true, card: { ...FULL, contentWarning: 'cw', editedAt: '2024-10-26T09:00:00Z', community: { name: 'r/x', url: 'https://x.com/i/communities/1' } } });
    const fresh = await ok(resolve, X_POST);
    const cached = await ok(resolve, X_POST);
    expect(calls()).to.equal(1);
    expect(cached.cacheHit).to.equal(true);
    expect({ ...cached, cacheHit: false }).to.deep.equal(fresh);
    expect(okResult(cached), formatAjvErrors(okResult.errors)).to.equal(true);
  });

  it('an entry stored with the details round-trips through the cache format; one stored before them still reads', () => {
    const served = { ...FULL, video: { ...FULL.video!, needsProxy: false }, videos: FULL.videos!.map((v) => ({ ...v, needsProxy: false })) };
    const entry = { outcome: { status: 'ok', platform: 'twitter', canonicalUrl: X_POST, siteName: 'X', themeColor: '#000000', ...served } } as CachedResult;
    expect(readCachedResult(JSON.parse(JSON.stringify(entry)))).to.deep.equal(entry);
    const before = {
      outcome: {
        status: 'ok', platform: 'twitter', canonicalUrl: X_POST, kind: 'video', title: 'Field Notes (@fieldnotes)', author: { name: 'Field Notes', url: 'https://x.com/fieldnotes' },
        siteName: 'X', themeColor: '#000000', nsfw: false, video: { url: 'https://video.twimg.com/v/1.mp4', mimeType: 'video/mp4', needsProxy: false, width: 1280, height: 720 },
      },
      freshUntil: NOW + 1000,
    };
    expect(readCachedResult(before)).to.deep.equal(before);
  });
});
