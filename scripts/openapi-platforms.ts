// npm run openapi:platforms
// openapi.yaml's PlatformId enum is generated from the platform registry: this rewrites it (in the
// registry's order) and then regenerates the typed client's types, so adding a platform never means
// editing the document by hand. test/openapi.test.ts holds the two equal.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLATFORM_IDS } from '../src/domain/platforms/platform-id.js';
import { withPlatformEnum } from './openapi-platforms.lib.js';

const DOCUMENT = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

const before = readFileSync(DOCUMENT, 'utf8');
const after = withPlatformEnum(before, PLATFORM_IDS);
if (after !== before) writeFileSync(DOCUMENT, after);
process.stdout.write(`openapi:platforms: PlatformId lists ${PLATFORM_IDS.length} platforms${after === before ? ' (unchanged)' : ''}\n`);
execFileSync('npm', ['run', '--silent', 'client:generate'], { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) });
