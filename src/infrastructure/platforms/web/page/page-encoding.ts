/// <reference path="./html-encoding-sniffer.d.ts" />
// The encoding of a page's bytes, found as browsers find it (WHATWG encoding sniffing, docs/design.md §3):
// a BOM, else the Content-Type charset, else a `<meta charset>`/`http-equiv` in the first 1,024
// bytes, else UTF-8. html-encoding-sniffer implements the standard's prescan (comments, attribute
// quoting, `http-equiv` pragmas) exactly; @exodus/bytes (its companion) decodes every WHATWG
// encoding as the standard says — Node 20's own TextDecoder reads windows-1252 as ISO-8859-1, so
// “ and € of a Western page would come out as C1 controls.
import { TextDecoder } from '@exodus/bytes/encoding.js';
import sniffHtmlEncoding from 'html-encoding-sniffer';

/** Bytes the standard's prescan looks at for a `<meta>` naming the charset. */
export const PRESCAN_BYTES = 1024;

/** The `charset` parameter of a Content-Type header, if it names one. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(contentType ?? '');
  return (match?.[1] ?? match?.[2])?.trim() || undefined;
}

/**
 * The WHATWG name of the encoding `prefix` (the page's first bytes, at least PRESCAN_BYTES of them
 * unless the page is shorter) is in. An unknown label anywhere is passed over, never an error.
 */
export function sniffEncoding(prefix: Uint8Array, contentType: string | undefined): string {
  const transportLayerEncodingLabel = charsetOf(contentType);
  return sniffHtmlEncoding(prefix, { defaultEncoding: 'UTF-8', ...(transportLayerEncodingLabel ? { transportLayerEncodingLabel } : {}) });
}

/** A streaming text decoder (`decode(bytes, { stream })`). */
export interface PageDecoder {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * A streaming decoder for `encoding`. `replacement` (ISO-2022-KR and friends, which the standard
 * reads as one U+FFFD) reads as UTF-8 instead: a page in it gets what its ASCII says.
 */
export function decoderFor(encoding: string): PageDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    return new TextDecoder('utf-8');
  }
}
