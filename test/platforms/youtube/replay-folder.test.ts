// UPSTREAM_REPLAY_DIR=test/platforms/youtube/fixtures: every fixture's InnerTube /player POST goes
// to one endpoint and differs only by its body (the videoId), so each video is answered from its
// own fixture only because replay matches the recorded bodies (issue 17: before, every video got
// the first file's answer, age-restricted.json's).
import { expect } from 'chai';
import { q, TestApp } from '../../support/app.js';
import { fixturesDir } from '../../support/fixtures.js';

const WATCH = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('YouTube fixtures as a replay folder', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ UPSTREAM_REPLAY_DIR: fixturesDir('youtube') });
  });
  after(async () => app.close());

  it('answers each video from its own fixture', async () => {
    const ok = await app.get(`/api/v1/resolve?url=${q(WATCH('Pq3rS7tUv1w'))}`);
    expect(ok.body).to.include({ status: 'ok', kind: 'video', nsfw: false, description: 'Day nine of feeding a rye starter.\n\nRecipe and feeding schedule: https://hearthandcrumb.example/starter' });
    const expected: [string, string][] = [
      ['Ag3N0Card_9', 'age-restricted'],
      ['Pr1vateVid0', 'private'],
      ['N0tF0und_x1', 'not-found'],
      ['Thr0ttl3d_7', 'rate-limited'],
    ];
    for (const [id, reason] of expected) {
      expect((await app.get(`/api/v1/resolve?url=${q(WATCH(id))}`)).body, id).to.include({ status: 'degraded', reason });
    }
    const gated = await app.get(`/api/v1/resolve?url=${q(WATCH('Ag3Gate_0k1'))}`);
    expect(gated.body).to.include({ status: 'ok', nsfw: true });
    expect(app.logs.filter((l) => l.includes('replay: no recorded exchange'))).to.deep.equal([]);
  });
});
