// A strict XML 1.0 reading for the tests: saxes checks well-formedness as the specification words
// it (characters outside XML's Char production, malformed references, attributes without a value,
// unclosed tags) and throws at the first fault instead of recovering, as a lenient parser would.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** The element's own character data, references decoded. */
  text: string;
  children: XmlElement[];
}

/** The document's root element; throws (saxes's own error) when the text is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser();
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, text: '', children: [] };
    open.at(-1)?.children.push(element);
    root ??= element;
    open.push(element);
  });
  parser.on('closetag', () => void open.pop());
  parser.on('text', (data) => {
    const current = open.at(-1);
    if (current) current.text += data;
  });
  // No 'error' handler: saxes then throws on the first well-formedness error.
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** An element's children as name → text (the flat shape of an oEmbed XML answer). */
export function childTexts(element: XmlElement): Record<string, string> {
  return Object.fromEntries(element.children.map((child) => [child.name, child.text]));
}
