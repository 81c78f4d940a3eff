// npm run samples [-- --write]
// The README's sample cards are real answers of the service in replay mode over the shipped folder
// examples/replay. This computes them and checks the README holds exactly those (exit 1 on drift), or
// with --write puts them there, between `<!-- sample:<name> -->` and `<!-- /sample -->`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readmeSamples, replaceSamples, sampleBlocks } from './readme-samples.lib.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

async function main(): Promise<number> {
  const computed = await readmeSamples();
  const readme = readFileSync(README, 'utf8');
  if (process.argv.includes('--write')) {
    writeFileSync(README, replaceSamples(readme, computed));
    process.stdout.write(`samples: wrote ${computed.size} samples into README.md\n`);
    return 0;
  }
  const written = sampleBlocks(readme);
  const drifted = [...computed].filter(([name, json]) => written.get(name) !== json).map(([name]) => name);
  if (drifted.length) {
    process.stderr.write(`samples: README.md differs from the service's answers for ${drifted.join(', ')}; run npm run samples -- --write\n`);
    return 1;
  }
  process.stdout.write(`samples: README.md holds the ${computed.size} answers the service gives\n`);
  return 0;
}

process.exitCode = await main();
