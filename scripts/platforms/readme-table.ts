// README's platform table (between `<!-- platforms:start -->` and `<!-- platforms:end -->`), one
// row per spec in registry order: what the specs say, so the table cannot drift from the code.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { capabilitiesOf, type PlatformSpec } from '../../src/domain/platforms/platform-spec.js';
import { defaultsName, SPEC_DIR, type PlatformFolder } from './layout.js';

const START = '<!-- platforms:start -->\n';
const END = '<!-- platforms:end -->';

/** The spec of each platform, imported from the tree at `root` (not from its registry, which may be stale). */
export async function specsOf(root: string, platforms: readonly PlatformFolder[]): Promise<PlatformSpec[]> {
  return Promise.all(
    platforms.map(async (p) => {
      const module = (await import(pathToFileURL(join(root, SPEC_DIR, `${p.id}.ts`)).href)) as Record<string, unknown>;
      const spec = p.form === 'spec' ? module[p.id] : (module[`${p.id}Spec`] as (instances: unknown) => unknown)(module[defaultsName(p.id)]);
      if ((spec as PlatformSpec | undefined)?.id !== p.id) throw new Error(`${SPEC_DIR}/${p.id}.ts: its spec's id is not '${p.id}'`);
      return spec as PlatformSpec;
    }),
  );
}

function row(spec: PlatformSpec): string {
  const cards = [...spec.kinds, ...(spec.audio ? ['audio'] : [])].join(', ');
  const yes = (value: boolean): string => (value ? 'yes' : '—');
  return `| ${spec.name} | \`${spec.id}\` | ${cards} | ${yes(capabilitiesOf(spec).shortLinks)} | ${yes(spec.mediaNeedProxy)} |\n`;
}

export function withPlatformTable(readme: string, specs: readonly PlatformSpec[]): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`README.md has no ${START.trim()} … ${END} block`);
  const table = '| platform | id | cards | short links | needs proxy |\n|---|---|---|---|---|\n' + specs.map(row).join('');
  return readme.slice(0, start + START.length) + table + readme.slice(end);
}
