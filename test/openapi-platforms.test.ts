// npm run platforms rewrites openapi.yaml's PlatformId enum from the platform folders: the rewrite
// replaces exactly that list, and the committed document is already what it makes.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { PLATFORM_IDS } from '../src/domain/platforms/platform-id.js';
import { withPlatformEnum } from '../scripts/platforms/openapi-enum.js';

const DOCUMENT = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');

describe('npm run platforms: the PlatformId enum generated from the registry', () => {
  it('the committed openapi.yaml is what the generator makes of the registry', () => {
    expect(withPlatformEnum(DOCUMENT, PLATFORM_IDS) === DOCUMENT, 'run npm run platforms').to.equal(true);
  });

  it('a registry with one more platform changes that list and no other line', () => {
    const grown = withPlatformEnum(DOCUMENT, [...PLATFORM_IDS, 'newsite']);
    const before = DOCUMENT.split('\n');
    const after = grown.split('\n');
    expect(after.length).to.equal(before.length + 1);
    const at = after.indexOf('        - newsite');
    expect(after[at - 1]).to.equal(`        - ${PLATFORM_IDS.at(-1)}`);
    expect([...after.slice(0, at), ...after.slice(at + 1)]).to.deep.equal(before);
  });

  it('a document without the PlatformId enum is refused, not silently left as it is', () => {
    expect(() => withPlatformEnum('openapi: 3.1.0\n', PLATFORM_IDS)).to.throw(/PlatformId/);
  });
});
