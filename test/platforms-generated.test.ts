// npm run platforms: the committed registries, fediverse family list, openapi enum and README table
// are what the generator makes of the platform folders today, and the folder rule it reads is strict.
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles, GENERATED_FILES } from '../scripts/platforms/generate.js';
import { platformFolders } from '../scripts/platforms/layout.js';
import { casesIndex, GENERATED_LINE } from '../scripts/platforms/registries.js';
import { FEDIVERSE_IDS } from '../src/domain/platforms/fediverse-software.js';
import { PLATFORM_IDS } from '../src/domain/platforms/platform-id.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('npm run platforms (registries generated from the platform folders)', () => {
  it('every generated file is what the generator makes of the folders today', async () => {
    const files = await generatedFiles(ROOT);
    expect([...files.keys()]).to.deep.equal([...GENERATED_FILES]);
    const stale = [...files].filter(([path, text]) => readFileSync(join(ROOT, path), 'utf8') !== text).map(([path]) => path);
    expect(stale, 'run npm run platforms').to.deep.equal([]);
  });

  it('each generated TypeScript file says so on its first line', () => {
    for (const path of GENERATED_FILES.filter((p) => p.endsWith('.ts'))) {
      expect(readFileSync(join(ROOT, path), 'utf8').split('\n')[0], path).to.equal(GENERATED_LINE);
    }
  });

  it('the registry holds one platform per spec file, the fediverse families those exporting <id>Spec', () => {
    const folders = platformFolders(ROOT);
    expect([...PLATFORM_IDS]).to.deep.equal(folders.map((p) => p.id));
    expect([...FEDIVERSE_IDS]).to.deep.equal(folders.filter((p) => p.form === 'family').map((p) => p.id));
    expect(FEDIVERSE_IDS).to.include('mastodon');
    expect(PLATFORM_IDS).to.include('twitter');
  });

  describe('the folder rule', () => {
    let root: string;
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'postlens-platforms-'));
      write('src/domain/platforms/alpha.ts', "export const alpha = { id: 'alpha' };\n");
      write('src/domain/platforms/alpha-helper.ts', 'export const helper = 1;\n');
      write('src/domain/platforms/beta.ts', 'export const DEFAULT_BETA_INSTANCES = [];\nexport function betaSpec() {}\n');
      write('src/infrastructure/platforms/alpha/index.ts', 'export const AlphaAdapter = 1;\n');
      write('src/infrastructure/platforms/beta/index.ts', 'export class BetaAdapter {}\n');
      write('src/infrastructure/platforms/kit/index.ts', 'export const shared = 1;\n');
      write('test/platforms/alpha/cases.ts', 'export const cases = {};\n');
      write('test/platforms/beta/adapter.test.ts', '\n');
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('reads specs and families, skips helper files and shared folders, and marks a test folder without cases.ts', () => {
      expect(platformFolders(root)).to.deep.equal([
        { id: 'alpha', form: 'spec', adapter: 'AlphaAdapter', hasCases: true },
        { id: 'beta', form: 'family', adapter: 'BetaAdapter', hasCases: false },
      ]);
      expect(casesIndex(platformFolders(root))).to.include("export type CasedPlatformId = Exclude<PlatformId, 'beta'>;");
    });

    it('refuses a spec without its adapter, an adapter without its export, a platform without its test folder', () => {
      rmSync(join(root, 'src/infrastructure/platforms/alpha'), { recursive: true });
      expect(() => platformFolders(root)).to.throw(/platform alpha: src\/infrastructure\/platforms\/alpha\/index.ts is missing/);
      write('src/infrastructure/platforms/alpha/index.ts', 'export const Alpha = 1;\n');
      expect(() => platformFolders(root)).to.throw(/does not export AlphaAdapter/);
      write('src/infrastructure/platforms/alpha/index.ts', 'export const AlphaAdapter = 1;\n');
      rmSync(join(root, 'test/platforms/alpha'), { recursive: true });
      expect(() => platformFolders(root)).to.throw(/platform alpha: test\/platforms\/alpha\/ is missing/);
    });

    it('refuses an adapter folder whose spec is gone, and a family without its default servers', () => {
      rmSync(join(root, 'src/domain/platforms/alpha.ts'));
      expect(() => platformFolders(root)).to.throw(/exports AlphaAdapter but src\/domain\/platforms\/alpha.ts exports no spec/);
      write('src/domain/platforms/alpha.ts', "export const alpha = { id: 'alpha' };\n");
      write('src/domain/platforms/beta.ts', 'export function betaSpec() {}\n');
      expect(() => platformFolders(root)).to.throw(/exports betaSpec but not DEFAULT_BETA_INSTANCES/);
    });
  });
});
