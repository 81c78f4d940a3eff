// P6's pages: the real captures in ../shared/fixtures/upstream/<platform>/*.html, read in place at
// bench time (never copied), each with what postlens runs on such a page — the platform's page
// parser where an adapter reads that page, else the shared page readers a generic card needs.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPSTREAM_CAPTURES, capturesAvailable } from '../../test/support/shared-fixtures.js';
import { parsePostPage as facebookPage } from '../../src/infrastructure/platforms/facebook/page.js';
import { parsePostPage as instagramPage } from '../../src/infrastructure/platforms/instagram/page.js';
import { parsePage as tiktokPage } from '../../src/infrastructure/platforms/tiktok/page.js';
import { cardFromOpenGraph, postFromPage } from '../../src/infrastructure/platforms/threads/page.js';
import { parseWatchPage } from '../../src/infrastructure/platforms/youtube/watch-page.js';
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

/** Ids the adapters would pass for each capture (as in test/conformance). */
const FACEBOOK_IDS: Record<string, Record<string, string>> = {
  'page-post-LittleMix-pfbid-photo-2023-02.html': { type: 'post', id: 'pfbid0E7xrT6BDrv7r7Ry3kHUSdw2naE6BdFBgH2gTsEY9h1a64DdM3vqPyq8gXaFY5rqhl' },
  'page-post-ironmaiden-pfbid-photo-2022-08.html': { type: 'photo', id: '10157431603156407' },
  'page-profile-meedan-with-comet-json-2023-01.html': { type: 'video', id: '1522700938072473' },
};
const INSTAGRAM_CODES: Record<string, string> = {
  'page-post-photo-2024-12.html': 'CPeC-Eenc8l',
  'page-post-multi-photo-2024-12.html': 'COn3M4TnRi1',
  'page-post-video-2024-12.html': 'CPQjO5RIIO9',
  'page-post-clip-2024-12.html': 'CN2VQ1yI_MA',
  'page-post-Chm_-tPJqpd-carousel-2022-08.html': 'Chm_-tPJqpd',
  'page-post-BWUDBntl3_Z-sharedData-2021.html': 'BWUDBntl3_Z',
  'page-story-2024-12.html': '2591639087680304855',
};

function generic(html: string): unknown {
  const meta = readMetaTags(html);
  return { title: meta.get('og:title') ?? pageTitle(html), description: meta.get('og:description'), image: meta.get('og:image'), canonical: canonicalLink(html), ld: jsonLdBlocks(html).length };
}

function extractor(platform: string, file: string, html: string): { adapter: boolean; extract: () => unknown } {
  switch (platform) {
    case 'facebook':
      return { adapter: true, extract: () => facebookPage(html, FACEBOOK_IDS[file] ?? { type: 'post', id: '1' }) };
    case 'instagram':
      return { adapter: true, extract: () => instagramPage(html, INSTAGRAM_CODES[file] ?? 'x') };
    case 'tiktok': {
      const id = /-(\d{19})-/.exec(file)?.[1] ?? '7571863205253778710';
      return { adapter: true, extract: () => tiktokPage(html, id) };
    }
    case 'youtube':
      return { adapter: true, extract: () => parseWatchPage(html) };
    case 'threads': {
      const code = file.split('-')[3]!;
      // The page strategy looks for the embedded post first, then falls back to the Open Graph tags.
      return { adapter: true, extract: () => postFromPage(html, code) ?? cardFromOpenGraph(html, code) };
    }
    default:
      return { adapter: false, extract: () => generic(html) };
  }
}

const SITES: Record<string, string> = {
  facebook: 'https://www.facebook.com/post',
  instagram: 'https://www.instagram.com/p/post/',
  tiktok: 'https://www.tiktok.com/@user/video/1',
  youtube: 'https://www.youtube.com/watch?v=x',
  threads: 'https://www.threads.net/@user/post/x',
};

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
      pages.push({ platform, file, html, url: SITES[platform] ?? `https://www.${platform}.com/`, ...extractor(platform, file, html) });
    }
  }
  return pages;
}
