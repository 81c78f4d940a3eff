// Types for html-encoding-sniffer (v6 ships none): the HTML Standard's encoding sniffing algorithm.
declare module 'html-encoding-sniffer' {
  /** The WHATWG name of the encoding of `bytes`: BOM › transport label › `<meta>` prescan of the first 1,024 bytes › the default. */
  export default function htmlEncodingSniffer(
    bytes: Uint8Array,
    options?: { xml?: boolean; transportLayerEncodingLabel?: string; defaultEncoding?: string },
  ): string;
}
