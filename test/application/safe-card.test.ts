// The resolve use case makes every adapter answer safe before it is cached (docs/design.md §4): an `ok`
// card and a degraded result's partial text alike, so the cached answer is the fresh one.
import { expect } from 'chai';
import { readCachedResult } from '../../src/application/cached-result.js';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { postUrl, scripted } from '../support/scripted-resolve.js';

describe('the resolve use case with an adapter answering unsafe values', () => {
  it('when a degraded answer carries partial text, answers and caches it cleaned: control characters gone, the javascript: author dropped', async () => {
    const run = scripted(async () => ({
      ok: false,
      reason: 'blocked',
      partial: { title: 'Ana\u0000 (@ana)', description: '\u001b[2Jhello\r\nworld', author: { name: 'Ana', url: 'javascript:alert(1)' } },
    }));
    const fresh = await run.resolve(postUrl(1));
    expect(fresh).to.deep.equal({
      status: 'degraded',
      platform: 'twitter',
      canonicalUrl: postUrl(1),
      reason: 'blocked',
      kind: 'link',
      siteName: 'X',
      themeColor: '#000000',
      title: 'Ana (@ana)',
      description: '[2Jhello\nworld',
      cacheHit: false,
    });
    expect(await run.resolve(postUrl(1))).to.deep.equal({ ...fresh, cacheHit: true });
    expect(run.adapter.calls).to.equal(1);
  });

  it('when an ok card carries unsafe URLs, the cache entry written holds the cleaned card, which validation accepts', async () => {
    const run = scripted(async () => ({
      ok: true,
      card: {
        kind: 'video',
        title: 'Clip\u0007',
        nsfw: false,
        author: { name: 'Ana', url: 'data:text/html,x' },
        video: { url: 'vbscript:x', mimeType: 'video/mp4' },
        image: { url: 'https://pbs.twimg.com/p.jpg', width: 640, height: 360 },
      },
    }));
    const { cacheHit: _fresh, ...answer } = (await run.resolve(postUrl(2))) as Record<string, unknown>;
    expect(answer).to.deep.equal({
      status: 'ok',
      platform: 'twitter',
      canonicalUrl: postUrl(2),
      kind: 'link',
      title: 'Clip',
      siteName: 'X',
      themeColor: '#000000',
      nsfw: false,
      image: { url: 'https://pbs.twimg.com/p.jpg', width: 640, height: 360 },
    });
    await new Promise((r) => setImmediate(r));
    const stored = readCachedResult(await run.cache.get(resultCacheKey('twitter', '2')));
    expect(stored?.outcome).to.deep.equal(answer);
  });
});
