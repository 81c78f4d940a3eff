// npm run samples [-- --write]
// The sample cards of README.md and docs/api.md are real answers of the service in replay mode over
// the shipped folder examples/replay. This computes them and checks the documents hold exactly those
// (exit 1 on drift), or with --write puts them there, between `<!-- sample:<name> -->` and
// `<!-- /sample -->`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readmeSamples, replaceSamples, SAMPLE_DOCUMENTS, sampleBlocks } from './readme-samples.lib.js';

async function main(): Promise<number> {
  const computed = await readmeSamples();
  const write = process.argv.includes('--write');
  let drift = false;
  for (const document of SAMPLE_DOCUMENTS) {
    const path = fileURLToPath(new URL(`../${document}`, import.meta.url));
    const text = readFileSync(path, 'utf8');
    const written = sampleBlocks(text);
    if (write) {
      writeFileSync(path, replaceSamples(text, computed));
      process.stdout.write(`samples: wrote ${written.size} samples into ${document}\n`);
      continue;
    }
    const drifted = [...written.keys()].filter((name) => computed.get(name) !== written.get(name));
    if (drifted.length) {
      drift = true;
      process.stderr.write(`samples: ${document} differs from the service's answers for ${drifted.join(', ')}; run npm run samples -- --write\n`);
    } else process.stdout.write(`samples: ${document} holds the ${written.size} answers the service gives\n`);
  }
  return drift ? 1 : 0;
}

process.exitCode = await main();
