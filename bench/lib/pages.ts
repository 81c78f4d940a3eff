// P6's pages: the real captures in ../shared/fixtures/upstream/<platform>/*.html, read in place at
// bench time (never copied), each with what postlens runs on such a page — the platform's page
// parser where an adapter reads that page (named in its test cases), else the shared page readers.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPSTREAM_CAPTURES, capturesAvailable } from '../../test/support/shared-fixtures.js';
import { PLATFORM_CASES } from '../../test/platforms/cases.js';
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import { canonicalLink, pageTitle, readMetaTags } from '../../src/infrastructure/platforms/kit/head.js';
import { jsonLdBlocks } from '../../src/infrastructure/platforms/kit/json-ld.js';

export interface Page {
  platform: string;
  file: string;
  html: string;
  /** The page's URL, for metascraper (it resolves relative links against it). */
  url: string;
  /** Whether an adapter of postlens reads this page (P6 proper) or only the shared readers apply. */
  adapter: boolean;
  extract(): unknown;
}

function generic(html: string): unknown {
  const meta = readMetaTags(html);
  return { title: meta.get('og:title') ?? pageTitle(html), description: meta.get('og:description'), image: meta.get('og:image'), canonical: canonicalLink(html), ld: jsonLdBlocks(html).length };
}

/**
 * What postlens runs on the page: the parser the platform's cases name for its captures
 * (test/platforms/<id>/cases.ts, `capturedPage`), else the shared head readers. A parser's refusal
 * (a page without the post) is an outcome like any other.
 */
function extractor(platform: string, file: string, html: string): { adapter: boolean; extract: () => unknown } {
  const parse = Object.hasOwn(PLATFORM_CASES, platform) ? PLATFORM_CASES[platform as keyof typeof PLATFORM_CASES].capturedPage : undefined;
  if (!parse) return { adapter: false, extract: () => generic(html) };
  return {
    adapter: true,
    extract: () => {
      try {
        return parse(html, file);
      } catch (error) {
        return error;
      }
    },
  };
}

/** The page's address for metascraper (it resolves relative links against it): the platform's own origin. */
function siteOf(platform: string): string {
  const spec = Object.hasOwn(PLATFORM_SPECS, platform) ? PLATFORM_SPECS[platform as keyof typeof PLATFORM_SPECS] : undefined;
  return `https://${spec?.canonicalHost ?? spec?.hosts[0] ?? `www.${platform}.com`}/`;
}

export function loadPages(): Page[] {
  if (!capturesAvailable()) return [];
  const pages: Page[] = [];
  for (const platform of readdirSync(UPSTREAM_CAPTURES).sort()) {
    let files: string[];
    try {
      files = readdirSync(join(UPSTREAM_CAPTURES, platform)).filter((f) => f.endsWith('.html')).sort();
    } catch {
      continue;
    }
    for (const file of files) {
      const html = readFileSync(join(UPSTREAM_CAPTURES, platform, file), 'utf8');
      // Redirect stubs of a few hundred bytes carry no card.
      if (html.length < 1024) continue;
      pages.push({ platform, file, html, url: siteOf(platform), ...extractor(platform, file, html) });
    }
  }
  return pages;
}
