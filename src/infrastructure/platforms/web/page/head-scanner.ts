// The page's `<head>` read from text that arrives piece by piece: the kit's head scan (one forward
// pass from `<` to `<` by indexOf, stepping over scripts, styles and comments whole; bench H1: 50×
// faster than parse5-sax-parser on the platform pages) made resumable. Where a construct is cut
// off at the end of the text so far, it waits for more instead of guessing; what is scanned is
// dropped, so a head of megabytes of inline script is never copied again for each piece.
import { decodeHTML } from 'entities';
import { endOfStartTag, indexOfEndTag, isTagName, tagAttributes, tagNameAt } from '../../kit/tags.js';
import { isJsonLdType } from './json-ld-text.js';
import type { TagAttributes } from './page-facts.js';

// Elements whose text is not markup; as in the kit, not <noscript>: a crawler runs no scripts.
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'template', 'xmp', 'iframe', 'noembed', 'noframes']);
// Enough characters after a `<` to tell `<!--` and `</head>` from anything else.
const LOOKAHEAD = 8;

export class HeadScanner {
  readonly html: TagAttributes = {};
  readonly metas: TagAttributes[] = [];
  readonly links: TagAttributes[] = [];
  /** The raw text of every `application/ld+json` script of the head. */
  readonly jsonLdTexts: string[] = [];
  title?: string;
  /** Whether a meta of the head is Open Graph (`og:…`) or Twitter-card (`twitter:…`) data. */
  hasSocialMeta = false;
  /** Whether the head is read: its end seen, or the text ended. */
  ended = false;
  /** Whether the head's end (`</head>` or `<body`) was seen. */
  complete = false;
  /** The text after the head's end (from `</head>` or `<body`), once `ended`: where the body's reading starts. */
  rest = '';
  /** The text not yet scanned (what came before is dropped: a large head is never copied again and again). */
  private text = '';
  private at = 0;
  /**
   * A raw-text element whose end tag has not come yet: only the last characters (where `</name`
   * may start) stay in `text`; the element's text is kept aside only when it is wanted.
   */
  private raw?: { name: string; tag: string; parts?: string[] };

  /** Scans the next piece of the page's text; `final`: no more text comes, so whatever is cut off ends the head. */
  feed(piece: string, final: boolean): void {
    if (this.ended) return;
    this.text = this.at >= this.text.length ? piece : this.text.slice(this.at) + piece;
    this.at = 0;
    if (this.raw && !this.closeRaw(final)) return;
    this.scan(final);
  }

  private scan(final: boolean): void {
    const text = this.text;
    while (!this.ended) {
      const lt = text.indexOf('<', this.at);
      if (lt < 0) {
        this.at = text.length;
        return final ? this.endAt(text.length, false) : undefined;
      }
      if (!final && text.length - lt < LOOKAHEAD) {
        this.at = lt;
        return;
      }
      const next = text.charCodeAt(lt + 1);
      if (next === 0x21 /* ! */) {
        // A comment runs to `-->`; a doctype or bogus comment to the next `>`.
        const comment = text.startsWith('<!--', lt);
        const close = comment ? text.indexOf('-->', lt + 4) : text.indexOf('>', lt + 2);
        if (close < 0) return this.waitAt(lt, final);
        this.at = close + (comment ? 3 : 1);
        continue;
      }
      if (next === 0x2f /* / */) {
        if (isTagName(text, lt + 2, 'head')) return this.endAt(lt, true);
        this.at = lt + 2;
        continue;
      }
      const name = tagNameAt(text, lt + 1);
      if (!name) {
        this.at = lt + 1;
        continue;
      }
      if (name === 'body') return this.endAt(lt, true);
      const gt = endOfStartTag(text, lt + 1 + name.length);
      if (gt < 0) return this.waitAt(lt, final);
      const tag = text.slice(lt, gt + 1);
      this.take(name, tag);
      this.at = gt + 1;
      if (!RAW_TEXT.has(name) || tag.endsWith('/>')) continue;
      const wanted = name === 'title' || (name === 'script' && isJsonLdType(tagAttributes(tag)['type']));
      this.raw = { name, tag, ...(wanted ? { parts: [] } : {}) };
      if (!this.closeRaw(final)) return;
    }
  }

  /** Looks for the pending raw-text element's end tag from `at`; false while it has not come. */
  private closeRaw(final: boolean): boolean {
    const raw = this.raw!;
    const text = this.text;
    const close = indexOfEndTag(text, raw.name, this.at);
    if (close < 0 && !final) {
      // Keep only where a `</name` cut in two could start; the element's text aside if wanted.
      const keep = Math.max(this.at, text.length - raw.name.length - 2);
      raw.parts?.push(text.slice(this.at, keep));
      this.at = keep;
      return false;
    }
    this.raw = undefined;
    if (raw.parts) this.takeText(raw.name, raw.tag, raw.parts.join('') + text.slice(this.at, close < 0 ? text.length : close));
    if (close < 0) {
      this.endAt(text.length, false);
      return false;
    }
    this.at = close + 2;
    return true;
  }

  private take(name: string, tag: string): void {
    if (name === 'meta') {
      const attributes = tagAttributes(tag);
      this.metas.push(attributes);
      const key = attributes['property'] ?? attributes['name'] ?? '';
      if (/^(?:og|twitter):/i.test(key)) this.hasSocialMeta = true;
    } else if (name === 'link') this.links.push(tagAttributes(tag));
    else if (name === 'html' && Object.keys(this.html).length === 0) Object.assign(this.html, tagAttributes(tag));
  }

  private takeText(name: string, tag: string, raw: string): void {
    if (name === 'title' && this.title === undefined) {
      this.title = decodeHTML(raw).replace(/\s+/g, ' ').trim();
    } else if (name === 'script' && isJsonLdType(tagAttributes(tag)['type'])) this.jsonLdTexts.push(raw);
  }

  private waitAt(lt: number, final: boolean): void {
    if (final) return this.endAt(lt, false);
    this.at = lt;
  }

  private endAt(offset: number, complete: boolean): void {
    this.ended = true;
    this.complete = complete;
    this.rest = complete ? this.text.slice(offset) : '';
    this.text = '';
    this.at = 0;
  }
}
