// The README's sample answers are the service's own over the shipped folder examples/replay: each
// one, resolved again in replay mode, must be exactly what the README shows (npm run samples --
// --write rewrites them), so neither the README nor the folder can drift.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readmeSamples, replaceSamples, SAMPLES, sampleBlocks } from '../scripts/readme-samples.lib.js';

describe('README samples', () => {
  it('every sample block is one the list names, and README equals its text with every block computed again', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect([...sampleBlocks(readme).keys()].sort()).to.deep.equal(SAMPLES.map((s) => s.name).sort());
    const computed = await readmeSamples();
    expect(replaceSamples(readme, computed)).to.equal(readme);
  });

  it('the YouTube samples are told apart by their InnerTube request bodies: the video is not answered with the age-restricted one', async () => {
    const computed = await readmeSamples(SAMPLES.filter((s) => s.name.startsWith('youtube-')));
    expect(JSON.parse(computed.get('youtube-video')!)).to.include({ status: 'ok', nsfw: false }).and.have.property('description');
    expect(JSON.parse(computed.get('youtube-age-restricted')!)).to.include({ status: 'degraded', reason: 'age-restricted' });
  });
});
