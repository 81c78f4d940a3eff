// The README's sample answers are the service's own: each one, resolved again in replay mode over
// the platform's fixtures, must equal what the README shows (npm run samples -- --write rewrites them).
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readmeSamples, SAMPLES, sampleBlocks } from '../scripts/readme-samples.lib.js';

describe('README samples', () => {
  it('every sample named in the list is in the README, exactly as the service answers it', async () => {
    const written = sampleBlocks(readFileSync(new URL('../README.md', import.meta.url), 'utf8'));
    const computed = await readmeSamples();
    expect([...written.keys()].sort()).to.deep.equal(SAMPLES.map((s) => s.name).sort());
    for (const [name, json] of computed) expect(written.get(name), name).to.equal(json);
  });
});
