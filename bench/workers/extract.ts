// P6 in a process of its own: card extraction from the same pages by postlens's page readers,
// metascraper and open-graph-scraper, alternately page by page, after one warm-up pass; and P9,
// the open web's page reader and field rules on the same pages.
import metascraperFactory from 'metascraper';
import author from 'metascraper-author';
import date from 'metascraper-date';
import description from 'metascraper-description';
import image from 'metascraper-image';
import publisher from 'metascraper-publisher';
import title from 'metascraper-title';
import url from 'metascraper-url';
import video from 'metascraper-video';
import ogs from 'open-graph-scraper';
import { readHead } from '../../src/infrastructure/platforms/kit/head.js';
import { extractWebFields } from '../../src/infrastructure/platforms/web/page/extract-web-fields.js';
import { createPageReader } from '../../src/infrastructure/platforms/web/page/page-reader.js';
import { jsonScriptById } from '../../src/infrastructure/platforms/kit/state-scripts.js';
import { domHead, oldHead, oldScriptById, saxHead } from '../lib/head-readers.js';
import { loadPages, type Page } from '../lib/pages.js';
import { serveCommands } from '../lib/worker-side.js';

// The rules a link card needs: what postlens's card carries. metascraper-video would load a page's
// player iframes (a network fetch, in a worker thread): here, as in postlens, no second page is
// fetched, so the iframe is an empty document and only the page's own tags count.
const noIframe = async (_url: string, $: { load(html: string): unknown }) => $.load('');
const metascraper = metascraperFactory([title(), description(), image(), video({ getIframe: noIframe as never }), author(), publisher(), date(), url()]);

export interface PageTiming {
  platform: string;
  file: string;
  kb: number;
  adapter: boolean;
  postlens: number[];
  metascraper: number[];
  ogs: number[];
}

/** ms per call, averaged over enough calls to be well above the timer's resolution. */
function timeSync(f: () => unknown): number {
  let calls = 0;
  const started = performance.now();
  do {
    f();
    calls++;
  } while (performance.now() - started < 20 && calls < 200);
  return (performance.now() - started) / calls;
}

async function timeAsync(f: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await f();
  return performance.now() - started;
}

async function run(args: { rounds: number }): Promise<PageTiming[]> {
  const pages: Page[] = loadPages();
  const timings: PageTiming[] = pages.map((p) => ({ platform: p.platform, file: p.file, kb: Math.round(p.html.length / 1024), adapter: p.adapter, postlens: [], metascraper: [], ogs: [] }));
  for (let round = -1; round < args.rounds; round++) {
    for (const [i, page] of pages.entries()) {
      const ms = await timeAsync(() => metascraper({ html: page.html, url: page.url }));
      const pl = timeSync(page.extract);
      const og = await timeAsync(() => ogs({ html: page.html }));
      if (round < 0) continue; // warm-up
      timings[i]!.metascraper.push(ms);
      timings[i]!.postlens.push(pl);
      timings[i]!.ogs.push(og);
    }
  }
  return timings;
}

export interface HeadTiming {
  file: string;
  kb: number;
  headKb: number;
  scanner: number[];
  sax: number[];
  old: number[];
  dom: number[];
}

/** "H": the head readers on the pages an adapter reads, alternately, ms per page. */
function head(args: { rounds: number }): HeadTiming[] {
  const pages = loadPages().filter((p) => p.adapter);
  const out: HeadTiming[] = pages.map((p) => ({ file: `${p.platform}/${p.file}`, kb: Math.round(p.html.length / 1024), headKb: Math.round(readHead(p.html).end / 1024), scanner: [], sax: [], old: [], dom: [] }));
  for (let round = -1; round < args.rounds; round++) {
    for (const [i, page] of pages.entries()) {
      const times = { sax: timeSync(() => saxHead(page.html)), scanner: timeSync(() => readHead(page.html)), old: timeSync(() => oldHead(page.html)), dom: timeSync(() => domHead(page.html)) };
      if (round < 0) continue;
      for (const key of ['sax', 'scanner', 'old', 'dom'] as const) out[i]![key].push(times[key]);
    }
  }
  return out;
}

/** The state-script lookup on the TikTok pages: by string search now, by listing every script before. */
function stateScript(args: { rounds: number }): { file: string; now: number[]; before: number[] }[] {
  const pages = loadPages().filter((p) => p.platform === 'tiktok');
  const id = (html: string) => (html.includes('__UNIVERSAL_DATA_FOR_REHYDRATION__') ? '__UNIVERSAL_DATA_FOR_REHYDRATION__' : 'SIGI_STATE');
  const out = pages.map((p) => ({ file: p.file, now: [] as number[], before: [] as number[] }));
  for (let round = -1; round < args.rounds; round++) {
    for (const [i, page] of pages.entries()) {
      const key = id(page.html);
      const before = timeSync(() => oldScriptById(page.html, key));
      const now = timeSync(() => jsonScriptById(page.html, key));
      if (round < 0) continue;
      out[i]!.before.push(before);
      out[i]!.now.push(now);
    }
  }
  return out;
}

export interface WebTiming {
  file: string;
  kb: number;
  /** KB the page reader read before it said enough. */
  readKb: number;
  postlens: number[];
  metascraper: number[];
}

/** The web platform's reading of a page: its bytes pushed in 64 KiB chunks until 'enough', then the field rules. */
function webCard(bytes: Uint8Array, url: string): { fields: unknown; bytesRead: number } {
  const reader = createPageReader({ contentType: 'text/html', url, maxBytes: 1 << 20 });
  for (let at = 0; at < bytes.byteLength; at += 65_536) if (reader.push(bytes.subarray(at, at + 65_536)) === 'enough') break;
  const facts = reader.finish();
  return { fields: extractWebFields(facts), bytesRead: facts.bytesRead };
}

/** "P9": web extraction on every capture page, postlens's page reader and field rules against metascraper, alternately. */
async function web(args: { rounds: number }): Promise<WebTiming[]> {
  const pages = loadPages().map((page) => ({ ...page, bytes: new TextEncoder().encode(page.html) }));
  const out: WebTiming[] = pages.map((p) => ({ file: `${p.platform}/${p.file}`, kb: Math.round(p.bytes.byteLength / 1024), readKb: Math.round(webCard(p.bytes, p.url).bytesRead / 1024), postlens: [], metascraper: [] }));
  for (let round = -1; round < args.rounds; round++) {
    for (const [i, page] of pages.entries()) {
      const ms = await timeAsync(() => metascraper({ html: page.html, url: page.url }));
      const pl = timeSync(() => webCard(page.bytes, page.url));
      if (round < 0) continue;
      out[i]!.metascraper.push(ms);
      out[i]!.postlens.push(pl);
    }
  }
  return out;
}

serveCommands(0, { run, head, stateScript, web });
