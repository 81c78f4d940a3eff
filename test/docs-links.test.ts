// A clone holds only this repository: every relative link of the README and of docs/ must lead to
// a file inside it (nothing outside, such as a sibling ../shared folder), and a link to a heading
// (`page.md#heading`, `#heading`) to a heading that page has, as GitHub names its anchors.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('documentation links', () => {
  for (const doc of DOCS) {
    it(`every relative link of ${doc} leads to a file of this repository, and to a heading it has`, () => {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      const links = [...text.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]*))?\)/g)].map((m) => ({ href: m[1]!, anchor: m[2] })).filter(({ href }) => !/^[a-z]+:/i.test(href));
      // The README links to openapi.yaml and docs/ at least: finding none would mean the pattern broke.
      if (doc === 'README.md') expect(links.filter((l) => l.href !== '').length, 'links found').to.be.greaterThan(1);
      for (const { href, anchor } of links) {
        const target = href === '' ? join(ROOT, doc) : resolve(dirname(join(ROOT, doc)), href);
        expect(relative(ROOT, target).startsWith('..'), `${href} leaves the repository`).to.equal(false);
        expect(existsSync(target), `${href} exists`).to.equal(true);
        if (anchor !== undefined && target.endsWith('.md')) {
          expect([...headingAnchors(readFileSync(target, 'utf8'))], `${href}#${anchor} names a heading of ${relative(ROOT, target)}`).to.include(anchor);
        }
      }
    });
  }

  it('anchors are named as GitHub names them', () => {
    const anchors = headingAnchors('# postlens\n## 3. Platforms and canonical URLs\n## `GET /api/v1/platforms`\n## `GET /` — the playground\n```\n# not a heading\n```\n## Fuzz, URL normalisation, secrets and headers\n## postlens\n');
    expect([...anchors]).to.deep.equal(['postlens', '3-platforms-and-canonical-urls', 'get-apiv1platforms', 'get---the-playground', 'fuzz-url-normalisation-secrets-and-headers', 'postlens-1']);
  });
});
