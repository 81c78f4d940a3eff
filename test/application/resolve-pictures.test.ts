// Pictures that need the proxy (docs/design.md §4), said once by a platform's spec (`imagesNeedProxy`):
// the answer marks them and, under media=proxied, mints each a playableUrl; every other platform's
// pictures answer exactly as before. The resolve use case with fake adapters.
import { expect } from 'chai';
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter } from '../../src/application/ports/platform-adapter.port.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase, type ResolveResult } from '../../src/application/use-cases/resolve.js';
import { mediaCard, type MediaImage } from '../../src/domain/card.js';
import { imageTypeOf } from '../../src/domain/image-type.js';
import { createPlatformSpecs, PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import { capabilitiesOf } from '../../src/domain/platforms/platform-spec.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { testGuard } from '../support/guard.js';
import { collectingLogger } from '../support/redis.js';

const NOW = 1_800_000_000_000;
const SETTINGS: Settings = {
  maxUrlLength: 2048,
  maxBatch: 50,
  resolveBudgetMs: 1000,
  cacheTtlOk: 3600,
  cacheTtlDegraded: 60,
  disabledPlatforms: [],
  proxyEnabled: true,
  proxyTokenTtl: 600,
  publicBaseUrl: 'https://postlens.test/',
};
const PIXIV_POST = 'https://www.pixiv.net/artworks/118000201';
const IMGUR_POST = 'https://imgur.com/Qm3rT7w';
const REFERER = { referer: 'https://www.pixiv.net/' };
const signer = new AesGcmSigner({ current: 'resolve-pictures-test-secret-0123456789' });

function resolveWith(adapters: Record<string, AdapterResult>, settings: Partial<Settings> = {}): ResolveUseCase {
  const fakes = Object.fromEntries(Object.entries(adapters).map(([id, answer]): [string, PlatformAdapter] => [id, { resolve: () => Promise.resolve(answer) }]));
  return new ResolveUseCase(new Platforms(createPlatformSpecs(), fakes), new MemoryCache({ maxEntries: 10 }), { now: () => NOW }, collectingLogger(), { ...SETTINGS, ...settings }, signer, testGuard());
}

async function ok(resolve: ResolveUseCase, url: string, media: 'raw' | 'proxied'): Promise<ResolveResult & { status: 'ok' }> {
  const answer = await resolve.execute(url, { media });
  if (!answer.ok || answer.result.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(answer)}`);
  return answer.result as ResolveResult & { status: 'ok' };
}

const pictures = (urls: string[]): AdapterResult => ({ ok: true, card: { ...mediaCard({ images: urls.map((url): MediaImage => ({ url })) }), nsfw: false }, mediaHeaders: REFERER });
const PIXIV_FILES = ['https://i.pximg.net/img-original/img/2024/05/01/118000201_p0.png', 'https://i.pximg.net/img-master/img/2024/05/01/118000201_p1_master1200.jpg'];

describe('pictures that need the proxy', () => {
  it('when a pixiv gallery is resolved raw, its image and every images[] item say needsProxy, and none has a playableUrl', async () => {
    const result = await ok(resolveWith({ pixiv: pictures(PIXIV_FILES) }), PIXIV_POST, 'raw');
    expect(result.image).to.deep.equal({ url: PIXIV_FILES[0], needsProxy: true });
    expect(result.images).to.deep.equal(PIXIV_FILES.map((url) => ({ url, needsProxy: true })));
  });

  it('when resolved with media=proxied, each picture gets a playableUrl sealing its file, its image type and the Referer; a second answer mints new ones', async () => {
    const resolve = resolveWith({ pixiv: pictures(PIXIV_FILES) });
    const first = await ok(resolve, PIXIV_POST, 'proxied');
    for (const [i, picture] of first.images!.entries()) {
      const opened = signer.open(picture.playableUrl!.slice('https://postlens.test/v/'.length), NOW);
      if (!opened.ok) expect.fail(opened.error);
      expect(opened.ticket).to.deep.include({ url: PIXIV_FILES[i], mimeType: i === 0 ? 'image/png' : 'image/jpeg', headers: REFERER, platform: 'pixiv' });
      expect(opened.expiresAt).to.equal(NOW + 600_000);
    }
    expect(first.image!.playableUrl).to.match(/^https:\/\/postlens\.test\/v\//);
    const second = await ok(resolve, PIXIV_POST, 'proxied');
    expect(second.cacheHit).to.equal(true);
    expect(second.images![0]!.playableUrl).to.not.equal(first.images![0]!.playableUrl);
  });

  it('when a picture names no picture type, or lies off the media hosts, or the proxy is off, it keeps needsProxy and gets no playableUrl', async () => {
    const odd = await ok(resolveWith({ pixiv: pictures(['https://i.pximg.net/img-original/img/118000201_p0', 'https://evil.example/118000201_p1.jpg']) }), PIXIV_POST, 'proxied');
    for (const picture of odd.images!) expect(picture, picture.url).to.include({ needsProxy: true }).and.not.to.have.property('playableUrl');
    const off = await ok(resolveWith({ pixiv: pictures(PIXIV_FILES) }, { proxyEnabled: false }), PIXIV_POST, 'proxied');
    expect(off.image).to.deep.equal({ url: PIXIV_FILES[0], needsProxy: true });
  });

  it("when a platform whose pictures load anywhere (Imgur) is resolved with media=proxied, its picture answers exactly as the adapter read it", async () => {
    const image = { url: 'https://i.imgur.com/Qm3rT7w.jpg', width: 800, height: 600 };
    const result = await ok(resolveWith({ imgur: { ok: true, card: { kind: 'image', nsfw: false, image } } }), IMGUR_POST, 'proxied');
    expect(result.image).to.deep.equal(image);
  });

  it('when the specs are read, only pixiv says its pictures need the proxy, and /platforms says pixiv proxies although it has no video', () => {
    expect(Object.values(PLATFORM_SPECS).filter((spec) => spec.imagesNeedProxy).map((spec) => spec.id)).to.deep.equal(['pixiv']);
    expect(capabilitiesOf(PLATFORM_SPECS.pixiv)).to.include({ video: false, proxy: true });
  });

  it('when a picture URL is read for its type, the extension names it (case aside); anything else names none', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.webp', 'a.avif', 'a.svg', 'a', 'a.jpg/', 'a.mp4'].map((name) => imageTypeOf(`https://i.pximg.net/${name}`))).to.deep.equal([
      'image/jpeg', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', undefined, undefined, undefined, undefined,
    ]);
  });
});
