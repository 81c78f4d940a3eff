// The code cites its design document as `docs/design.md §n`, with a subsection's name (or its
// first words) in quotes where one is meant (`docs/design.md §9 "Choosing"`, several sections as
// `§8, §11`). Every such
// citation in src/, test/, scripts/, bench/ and the documentation must name a section, and a
// subsection of that section, that docs/design.md has; and no citation of the documents the project
// used to read from outside the repository (`DESIGN §n`, `DESIGN.md §n`, `spec/api.md`) may remain.
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DESIGN = 'docs/design.md';

/** Folders and files whose text may cite the design (fixtures and dependencies excluded). */
const SCANNED = ['src', 'test', 'scripts', 'bench', 'docs', 'README.md', '.dependency-cruiser.cjs'];
const TEXT_FILE = /\.(ts|mts|cts|js|mjs|cjs|md)$/;
const SKIPPED_DIR = /^(node_modules|fixtures|profiles|dist)$/;

interface Section {
  title: string;
  subsections: Set<string>;
}

/** The design's numbered sections (`## n. Title`) and, for each, the names of its headings below. */
function designSections(markdown: string): Map<number, Section> {
  const sections = new Map<number, Section>();
  let current: Section | undefined;
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const numbered = /^## (\d+)\. (.+)$/.exec(line);
    if (numbered) {
      current = { title: numbered[2]!, subsections: new Set() };
      sections.set(Number(numbered[1]), current);
      continue;
    }
    if (/^## /.test(line)) current = undefined;
    const sub = /^#{3,6} (.+)$/.exec(line);
    if (sub && current) current.subsections.add(sub[1]!.trim());
  }
  return sections;
}

/** A quoted name names a heading of the section: the whole heading, or its first words (`"Politeness"`). */
function namesHeading(section: Section, name: string): boolean {
  return [...section.subsections].some((heading) => heading === name || heading.startsWith(`${name}:`) || heading.startsWith(`${name} `));
}

interface Citation {
  section: number;
  subsection?: string;
}

/**
 * The citations in a file's text. A quoted name may wrap onto the next comment line, so line breaks
 * with their comment markers read as one space first.
 */
function citationsIn(text: string): Citation[] {
  const flat = text.replace(/\s*\n\s*(?:\/\/+|\*|#)?\s*/g, ' ');
  const out: Citation[] = [];
  for (const match of flat.matchAll(/docs\/design\.md((?:,? §\d+(?: "[^"]+")?)+)/g)) {
    for (const [, section, subsection] of match[1]!.matchAll(/§(\d+)(?: "([^"]+)")?/g)) {
      out.push({ section: Number(section), ...(subsection === undefined ? {} : { subsection }) });
    }
  }
  return out;
}

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIR.test(entry.name) ? [] : filesUnder(join(path, entry.name));
    return TEXT_FILE.test(entry.name) ? [join(path, entry.name)] : [];
  });
}

const files = SCANNED.flatMap(filesUnder).filter((path) => path !== DESIGN && path !== relative(ROOT, fileURLToPath(import.meta.url)));
const sections = designSections(readFileSync(join(ROOT, DESIGN), 'utf8'));

describe('design citations (docs/design.md)', () => {
  it('the design has sections §1 to §13, numbered in order', () => {
    expect([...sections.keys()]).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('every citation in src/, test/, scripts/, bench/ and the docs names a section, and a subsection of it, that the design has', () => {
    const wrong: string[] = [];
    let count = 0;
    for (const path of files) {
      for (const { section, subsection } of citationsIn(readFileSync(join(ROOT, path), 'utf8'))) {
        count += 1;
        const found = sections.get(section);
        if (!found) wrong.push(`${path}: §${section} is not a section of ${DESIGN}`);
        else if (subsection !== undefined && !namesHeading(found, subsection)) wrong.push(`${path}: §${section} "${subsection}" is not a heading of §${section} ${found.title}`);
      }
    }
    expect(wrong).to.deep.equal([]);
    // The code cites the design in well over a hundred places: finding few would mean the pattern broke.
    expect(count, 'citations found').to.be.greaterThan(100);
  });

  it('no citation of the outside documents (DESIGN §n, DESIGN.md §n, DESIGN\'s …, spec/api.md) is left', () => {
    const left = files.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bDESIGN(?:\.md)?\b|\bspec\/api\.md\b/.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(left).to.deep.equal([]);
  });

  it('reads citations as written: several sections, quoted names, names wrapped onto the next comment line', () => {
    expect(citationsIn('// the store (docs/design.md §8, §11): two')).to.deep.equal([{ section: 8 }, { section: 11 }]);
    expect(citationsIn('// cookies (docs/design.md §9\n// "Refreshed"), as a browser')).to.deep.equal([{ section: 9, subsection: 'Refreshed' }]);
    expect(citationsIn('see docs/design.md §3 "The fediverse", §9 "Choosing" and DESIGN §2')).to.deep.equal([{ section: 3, subsection: 'The fediverse' }, { section: 9, subsection: 'Choosing' }]);
    const parsed = designSections('## 1. One\n### A\n## Not numbered\n### B\n## 2. Two\n#### Politeness and safety\n#### Chains\n');
    expect(parsed.get(1)!.subsections).to.deep.equal(new Set(['A']));
    expect(['Politeness', 'Politeness and safety', 'Chains'].map((name) => namesHeading(parsed.get(2)!, name))).to.deep.equal([true, true, true]);
    expect(['Polite', 'Chain', 'safety'].map((name) => namesHeading(parsed.get(2)!, name))).to.deep.equal([false, false, false]);
  });
});
