// Which platforms the tree holds, read from their folders (the rule `npm run platforms` generates
// the registries from): a platform is a spec file, an adapter folder and a test folder of one id.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One platform as its files declare it. */
export interface PlatformFolder {
  id: string;
  /** `const <id>`: a spec; `family`: a fediverse family, `<id>Spec(DEFAULT_<ID>_INSTANCES)`. */
  form: 'spec' | 'family';
  /** The adapter's export in `src/infrastructure/platforms/<id>/index.ts`: `<Id>Adapter`. */
  adapter: string;
  /** Whether `test/platforms/<id>/cases.ts` gives its rows for the shared suites. */
  hasCases: boolean;
}

export const SPEC_DIR = 'src/domain/platforms';
export const ADAPTER_DIR = 'src/infrastructure/platforms';
export const TEST_DIR = 'test/platforms';

const ID = /^[a-z][a-z0-9]*$/;

export function adapterName(id: string): string {
  return `${id[0]!.toUpperCase()}${id.slice(1)}Adapter`;
}

export function defaultsName(id: string): string {
  return `DEFAULT_${id.toUpperCase()}_INSTANCES`;
}

function exportsName(source: string, keyword: 'const' | 'function' | 'class', name: string): boolean {
  return new RegExp(`^export ${keyword} ${name}\\b`, 'm').test(source);
}

/** The form of `src/domain/platforms/<id>.ts`, or undefined for a helper file (it exports neither). */
function formOf(id: string, source: string): PlatformFolder['form'] | undefined {
  if (exportsName(source, 'const', id)) return 'spec';
  if (exportsName(source, 'function', `${id}Spec`)) {
    if (!exportsName(source, 'const', defaultsName(id))) throw new Error(`${SPEC_DIR}/${id}.ts exports ${id}Spec but not ${defaultsName(id)}`);
    return 'family';
  }
  return undefined;
}

/**
 * The platforms of the tree at `root`: plain specs by id, then fediverse families by id (the order
 * `/platforms`, openapi.yaml and README list them in; no two specs claim one host, so URL matching
 * does not depend on it). Throws where a platform lacks its adapter or test folder, or an adapter
 * folder has no spec.
 */
export function platformFolders(root: string): PlatformFolder[] {
  const found: PlatformFolder[] = [];
  for (const file of readdirSync(join(root, SPEC_DIR)).sort()) {
    const id = file.replace(/\.ts$/, '');
    if (!file.endsWith('.ts') || !ID.test(id)) continue;
    const form = formOf(id, readFileSync(join(root, SPEC_DIR, file), 'utf8'));
    if (!form) continue;
    const adapterFile = join(root, ADAPTER_DIR, id, 'index.ts');
    const adapter = adapterName(id);
    if (!existsSync(adapterFile)) throw new Error(`platform ${id}: ${ADAPTER_DIR}/${id}/index.ts is missing`);
    const adapterSource = readFileSync(adapterFile, 'utf8');
    if (!exportsName(adapterSource, 'const', adapter) && !exportsName(adapterSource, 'class', adapter)) {
      throw new Error(`platform ${id}: ${ADAPTER_DIR}/${id}/index.ts does not export ${adapter}`);
    }
    if (!existsSync(join(root, TEST_DIR, id))) throw new Error(`platform ${id}: ${TEST_DIR}/${id}/ is missing`);
    found.push({ id, form, adapter, hasCases: existsSync(join(root, TEST_DIR, id, 'cases.ts')) });
  }
  const ids = new Set(found.map((p) => p.id));
  for (const dir of readdirSync(join(root, ADAPTER_DIR), { withFileTypes: true })) {
    const index = join(root, ADAPTER_DIR, dir.name, 'index.ts');
    if (!dir.isDirectory() || ids.has(dir.name) || !existsSync(index)) continue;
    const source = readFileSync(index, 'utf8');
    if (exportsName(source, 'const', adapterName(dir.name)) || exportsName(source, 'class', adapterName(dir.name))) {
      throw new Error(`${ADAPTER_DIR}/${dir.name}/ exports ${adapterName(dir.name)} but ${SPEC_DIR}/${dir.name}.ts exports no spec`);
    }
  }
  return [...found.filter((p) => p.form === 'spec'), ...found.filter((p) => p.form === 'family')];
}
