// The JSON-LD blocks of a page's body, read as the body arrives: many sites put their JSON-LD at the
// end of the page, so the body is searched for `ld+json` and only those scripts are sliced out.
// Nothing else of the body is kept — between chunks, only a start tag cut off at the end.
import { endOfStartTag, indexOfEndTag, isTagName, tagAttributes } from '../../kit/tags.js';
import { isJsonLdType } from './json-ld-text.js';

const MARKER = /ld\+json/gi;
const MARKER_LENGTH = 'ld+json'.length;

export class BodyJsonLdScanner {
  /** The raw text of every `application/ld+json` script found, in page order. */
  readonly texts: string[] = [];
  private buffer = '';
  private from = 0;

  /** Scans the next piece of the body's text; `final`: no more comes. */
  scan(piece: string, final: boolean): void {
    this.buffer = this.buffer === '' ? piece : this.buffer + piece;
    for (;;) {
      MARKER.lastIndex = this.from;
      const found = MARKER.exec(this.buffer);
      if (!found) return this.keepTail();
      const start = this.buffer.lastIndexOf('<', found.index);
      if (start < 0 || !isTagName(this.buffer, start + 1, 'script')) {
        this.from = found.index + MARKER_LENGTH;
        continue;
      }
      const gt = endOfStartTag(this.buffer, start + 7);
      if (gt < 0) return final ? undefined : this.keepFrom(start);
      if (gt < found.index || !isJsonLdType(tagAttributes(this.buffer.slice(start, gt + 1))['type'])) {
        this.from = Math.max(gt + 1, found.index + MARKER_LENGTH);
        continue;
      }
      const end = indexOfEndTag(this.buffer, 'script', gt + 1);
      if (end < 0) {
        if (final) this.texts.push(this.buffer.slice(gt + 1));
        return final ? undefined : this.keepFrom(start);
      }
      this.texts.push(this.buffer.slice(gt + 1, end));
      this.from = end + 2;
    }
  }

  /** No marker ahead: keep only a start tag still open at the end, or what could begin a marker. */
  private keepTail(): void {
    const lt = this.buffer.lastIndexOf('<');
    const open = lt >= 0 && this.buffer.indexOf('>', lt) < 0;
    this.keepFrom(open ? lt : Math.max(this.from, this.buffer.length - MARKER_LENGTH + 1));
  }

  private keepFrom(offset: number): void {
    this.buffer = this.buffer.slice(offset);
    this.from = Math.max(0, this.from - offset);
  }
}
