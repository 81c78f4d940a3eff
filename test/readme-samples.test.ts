// The sample answers of README.md and docs/api.md are the service's own over the shipped folder
// examples/replay: each one, resolved again in replay mode, must be exactly what the document shows
// (npm run samples -- --write rewrites them), so neither the documents nor the folder can drift.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readmeSamples, replaceSamples, SAMPLE_DOCUMENTS, SAMPLES, sampleBlocks } from '../scripts/readme-samples.lib.js';

const read = (document: string) => readFileSync(new URL(`../${document}`, import.meta.url), 'utf8');

describe('README and docs/api.md samples', () => {
  it('every sample block is one the list names, every listed sample is shown somewhere, and each document equals its text with every block computed again', async () => {
    const shown = new Set(SAMPLE_DOCUMENTS.flatMap((document) => [...sampleBlocks(read(document)).keys()]));
    expect([...shown].sort()).to.deep.equal(SAMPLES.map((s) => s.name).sort());
    expect(sampleBlocks(read('README.md')).size, 'README shows one card').to.be.at.least(1);
    const computed = await readmeSamples();
    for (const document of SAMPLE_DOCUMENTS) expect(replaceSamples(read(document), computed), document).to.equal(read(document));
  });

  it('the YouTube samples are told apart by their InnerTube request bodies: the video is not answered with the age-restricted one', async () => {
    const computed = await readmeSamples(SAMPLES.filter((s) => s.name.startsWith('youtube-')));
    expect(JSON.parse(computed.get('youtube-video')!)).to.include({ status: 'ok', nsfw: false }).and.have.property('description');
    expect(JSON.parse(computed.get('youtube-age-restricted')!)).to.include({ status: 'degraded', reason: 'age-restricted' });
  });
});
