// npm run record -- <post url> [scenario] [--force] [--out <dir>]
// Resolves the URL live and writes test/platforms/<platform>/fixtures/<scenario>.json (src/record.ts).
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { recordFixture, RecordError } from '../src/record.js';

const PLATFORM_TESTS_DIR = fileURLToPath(new URL('../test/platforms/', import.meta.url));

const USAGE = `usage: npm run record -- <post url> [scenario] [--force] [--whole] [--out <fixtures dir>]

Resolves the URL live and writes its upstream exchanges to test/platforms/<platform>/fixtures/<scenario>.json
(or <fixtures dir>/<platform>/<scenario>.json with --out; default scenario: the outcome and the content id), cookies and tokens
stripped, HTML cut to what the parser reads.
  --force   replace an existing fixture (refused otherwise)
  --whole   strip secrets but cut nothing (to repair a parser that no longer reads the page)
  --out     a fixtures root instead of each platform's test/platforms/<platform>/fixtures
`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean', short: 'f' }, whole: { type: 'boolean' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`record: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [url, scenario, ...extra] = args.positionals;
  if (args.values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!url || extra.length) {
    process.stderr.write(USAGE);
    return 2;
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`record: ${error.message}\n`);
    return 1;
  }
  if (config.upstreamReplayDir) process.stderr.write('record: UPSTREAM_REPLAY_DIR is ignored; recording resolves live\n');

  try {
    const report = await recordFixture({
      url,
      scenario,
      force: args.values.force ?? false,
      trim: !args.values.whole,
      fixturesDir: args.values.out ?? ((platform: string) => join(PLATFORM_TESTS_DIR, platform, 'fixtures')),
      config,
      logDestination: process.stderr,
    });
    process.stdout.write(`${JSON.stringify(report.outcome, null, 2)}\n`);
    process.stderr.write(`\nwrote ${relative(process.cwd(), report.file)} (${report.exchanges} exchanges, ${report.bytes} bytes)\n`);
    for (const note of report.notes) process.stderr.write(`  - ${note}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    process.stderr.write(`record: ${error.message}\n`);
    return 1;
  }
}

process.exit(await main());
