// The YouTube adapter's player grace, timed: with the player slower than the grace, the oEmbed card
// comes without waiting for it. Split from adapter.test.ts because it measures elapsed time, so it
// runs in the serial set (test/README.md).
import { expect } from 'chai';
import nock from 'nock';
import { loadRecordedExchanges } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { PLAYER_GRACE_MS } from '../../../src/infrastructure/platforms/youtube/index.js';
import { fixturePath, useExchanges } from '../../support/fixtures.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const WATCH = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('YoutubeAdapter.resolve, timed', () => {
  afterEach(() => nock.cleanAll());

  it('when the player answers later than the grace period, returns the oEmbed card without waiting for it', async () => {
    const oembedOnly = loadRecordedExchanges(fixturePath('youtube', 'ok')).filter((def) => def.path.startsWith('/oembed'));
    useExchanges(oembedOnly);
    nock('https://youtubei.googleapis.com').post('/youtubei/v1/player').query(true).delay(PLAYER_GRACE_MS + 3000).reply(200, {});
    const started = Date.now();
    const { result } = await given('youtube', [], { http: testHttpClient({ timeoutMs: 10_000 }) }).resolve(WATCH('Pq3rS7tUv1w'), { budgetMs: 10_000 });
    // Waiting for the player would take the grace plus 3 s; the bound sits 0.5 s short of that (a loaded CI machine).
    expect(Date.now() - started).to.be.below(PLAYER_GRACE_MS + 2500);
    expect(result).to.have.nested.property('card.title', 'Sourdough starter, day 9: the float test');
    expect(result).not.to.have.nested.property('card.description');
  });
});
