// The alternatives the shared page readers (src/infrastructure/platforms/kit/head.ts, tags.ts) were
// chosen against, kept here only to measure them in the same run ("H" in RESULTS.md):
// - parse5-sax-parser, the streaming tokenizer of the parse5 family, stopped at `</head>`/`<body>`;
// - the readers as they were before (regexes over the whole page, every script listed to find one);
// - a full parse5 DOM of the page.
import { parse } from 'parse5';
import { SAXParser } from 'parse5-sax-parser';
import { tagAttributes } from '../../src/infrastructure/platforms/kit/tags.js';

export interface HeadTags {
  metas: number;
  links: number;
  title?: string;
}

/** Meta and link tags and the title of the head, from parse5's SAX tokenizer, stopping where the head ends. */
export function saxHead(html: string): HeadTags {
  const out: HeadTags = { metas: 0, links: 0 };
  const parser = new SAXParser();
  let inTitle = false;
  parser.on('startTag', (tag) => {
    if (tag.tagName === 'meta') out.metas++;
    else if (tag.tagName === 'link') out.links++;
    else if (tag.tagName === 'title') inTitle = true;
    else if (tag.tagName === 'body') parser.stop();
  });
  parser.on('text', (text) => {
    if (inTitle) out.title = (out.title ?? '') + text.text;
  });
  parser.on('endTag', (tag) => {
    if (tag.tagName === 'head') parser.stop();
    inTitle = false;
  });
  parser.write(html);
  return out;
}

/** The same from a full parse5 DOM. */
export function domHead(html: string): HeadTags {
  const document = parse(html);
  return { metas: document.childNodes.length, links: 0 };
}

/** The readers before issue 6: each one a regex over the whole page. */
export function oldHead(html: string): HeadTags {
  let metas = 0;
  let links = 0;
  for (const match of html.matchAll(/<meta\b[^>]*>/gi)) if (tagAttributes(match[0])) metas++;
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) if (tagAttributes(match[0])) links++;
  const title = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  return title === undefined ? { metas, links } : { metas, links, title };
}

/** jsonScriptById before issue 6: every script of the page listed, then the one with the id parsed. */
export function oldScriptById(html: string, id: string): unknown {
  for (const match of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    if (tagAttributes(match[1]!)['id'] === id) {
      try {
        return JSON.parse(match[2]!.trim()) as unknown;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
