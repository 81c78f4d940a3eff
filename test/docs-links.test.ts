// A clone holds only this repository: every relative link of the README and of docs/ must lead to
// a file inside it (nothing outside, such as a sibling ../shared folder).
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

describe('documentation links', () => {
  for (const doc of DOCS) {
    it(`every relative link of ${doc} leads to a file of this repository`, () => {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      const targets = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
      // The README links to openapi.yaml and docs/ at least: finding none would mean the pattern broke.
      if (doc === 'README.md') expect(targets.length, 'links found').to.be.greaterThan(1);
      for (const href of targets) {
        const target = resolve(dirname(join(ROOT, doc)), href);
        expect(relative(ROOT, target).startsWith('..'), `${href} leaves the repository`).to.equal(false);
        expect(existsSync(target), `${href} exists`).to.equal(true);
      }
    });
  }
});
