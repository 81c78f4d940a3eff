// Everything `npm run platforms` writes but the typed client, computed in memory from the tree at
// `root`: the CLI writes what differs, the freshness test compares it with what is committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withPlatformEnum } from './openapi-enum.js';
import { ADAPTER_DIR, platformFolders, SPEC_DIR, TEST_DIR } from './layout.js';
import { specsOf, withPlatformTable } from './readme-table.js';
import { adapterRegistry, casesIndex, fediverseIds, specRegistry } from './registries.js';

/** The generated files, by path from the root; also the only files the generator writes (with the client's). */
export const GENERATED_FILES = [
  `${SPEC_DIR}/index.ts`,
  `${SPEC_DIR}/fediverse-ids.ts`,
  `${ADAPTER_DIR}/index.ts`,
  `${TEST_DIR}/cases.ts`,
  'openapi.yaml',
  'README.md',
] as const;

export const CLIENT_FILE = 'clients/typescript/schema.d.ts';

export type GeneratedFile = (typeof GENERATED_FILES)[number];

/** The TypeScript registries: from the folders alone, so they can be written before any spec is imported. */
export function generatedRegistries(root: string): Map<GeneratedFile, string> {
  const platforms = platformFolders(root);
  return new Map([
    [GENERATED_FILES[0], specRegistry(platforms)],
    [GENERATED_FILES[1], fediverseIds(platforms)],
    [GENERATED_FILES[2], adapterRegistry(platforms)],
    [GENERATED_FILES[3], casesIndex(platforms)],
  ]);
}

/** openapi.yaml and README.md: these read the specs (which import the fediverse family list). */
export async function generatedDocuments(root: string): Promise<Map<GeneratedFile, string>> {
  const platforms = platformFolders(root);
  const read = (path: string): string => readFileSync(join(root, path), 'utf8');
  const specs = await specsOf(root, platforms);
  return new Map([
    [GENERATED_FILES[4], withPlatformEnum(read('openapi.yaml'), platforms.map((p) => p.id))],
    [GENERATED_FILES[5], withPlatformTable(read('README.md'), specs)],
  ]);
}

export async function generatedFiles(root: string): Promise<Map<GeneratedFile, string>> {
  return new Map([...generatedRegistries(root), ...(await generatedDocuments(root))]);
}
