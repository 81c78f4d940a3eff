// openapi.yaml's PlatformId enum as npm run platforms rewrites it: the `enum:` list under that
// schema, replaced line for line, the rest of the document (comments, order, quoting) left as it is.

const BLOCK = /(\n    PlatformId:\n(?: {6}[^\n]*\n)*? {6}enum:\n)((?: {8}- [^\n]*\n)+)/;

export function withPlatformEnum(document: string, ids: readonly string[]): string {
  if (!BLOCK.test(document)) throw new Error('openapi.yaml has no PlatformId schema with a block enum');
  return document.replace(BLOCK, (_, head: string) => head + ids.map((id) => `        - ${id}\n`).join(''));
}
