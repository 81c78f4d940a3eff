// A web card's new pieces on their way to a client and into the cache: the site's `icon` goes
// through the one safety walk like every URL of a card, and a cached entry keeps the icon, the
// site's own name and colour, and a hand-off to a platform (docs/design.md §3 "The open web", §4, §8).
import { expect } from 'chai';
import { readCachedResult } from '../../../src/application/cached-result.js';
import type { OkOutcome } from '../../../src/domain/outcome.js';
import { safeCard } from '../../../src/domain/safe-card.js';

const card: OkOutcome = {
  status: 'ok',
  platform: 'web',
  canonicalUrl: 'https://news.example/a',
  kind: 'link',
  title: 'A',
  siteName: 'The News',
  themeColor: '#123456',
  icon: { url: 'https://news.example/touch.png', width: 180, height: 180 },
  nsfw: false,
};

describe('web: the card’s icon and the cache', () => {
  it('keeps a safe icon as it is, and drops an icon whose URL is not http(s)', () => {
    expect(safeCard(card)).to.equal(card);
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/touch.png', 'https://news.example/\u0000.png']) {
      const cleaned = safeCard({ ...card, icon: { url } });
      expect(cleaned, url).not.to.have.property('icon');
      expect(cleaned).to.include({ title: 'A', siteName: 'The News' });
    }
  });

  it('reads back a cached web card with its icon, site name and colour, and a cached hand-off', () => {
    expect(readCachedResult({ outcome: card })?.outcome).to.deep.equal(card);
    const handOff = { outcome: { status: 'degraded', platform: 'web', canonicalUrl: 'https://bit.ly/x', reason: 'unsupported', kind: 'link', siteName: 'Web', themeColor: '#5f6368' }, handOff: 'https://x.com/a/status/1' };
    expect(readCachedResult(handOff)).to.deep.include({ handOff: 'https://x.com/a/status/1' });
  });

  it('treats a cached card whose icon is unsafe as a miss', () => {
    expect(readCachedResult({ outcome: { ...card, icon: { url: 'javascript:alert(1)' } } })).to.equal(undefined);
  });
});
