// Page markup read as elements, where a parser must read the body rather than the `<head>`'s tags or
// a state script: parse5, the design's HTML parser, on a located fragment only. Building a tree of
// a whole platform page (hundreds of KB of inline scripts) costs far more than the head scan, so
// the fragment starts at the element a marker locates and leaves out script and style text, which
// is never markup.
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { indexOfEndTag, isTagName } from './tags.js';

export type Element = DefaultTreeAdapterTypes.Element;
export type Node = DefaultTreeAdapterTypes.Node;

/**
 * The page from the start tag holding `marker` (`class="Embed`) to its end, scripts and styles
 * emptied, parsed as a fragment; undefined when no start tag holds the marker.
 */
export function markupFrom(html: string, marker: string): Node | undefined {
  for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, at + marker.length)) {
    const start = html.lastIndexOf('<', at);
    if (start < 0 || html.lastIndexOf('>', at) > start || !/[a-z]/i.test(html.charAt(start + 1))) continue;
    return parseFragment(withoutRawText(html, start));
  }
  return undefined;
}

/** `html` from `start` with the text of every script and style cut out (their tags kept). */
function withoutRawText(html: string, start: number): string {
  const parts: string[] = [];
  const opening = /<(script|style)\b[^>]*>/gi;
  opening.lastIndex = start;
  let from = start;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const name = match[1]!.toLowerCase();
    const textStart = match.index + match[0].length;
    parts.push(html.slice(from, textStart));
    let end = indexOfEndTag(html, name, textStart);
    while (end >= 0 && !isTagName(html, end + 2, name)) end = indexOfEndTag(html, name, end + 2);
    if (end < 0) return parts.join('');
    from = end;
    opening.lastIndex = end;
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/** The first element under `root`, in document order, that `test` accepts. */
export function findElement(root: Node, test: (element: Element) => boolean): Element | undefined {
  for (const child of childrenOf(root)) {
    if (isElement(child) && test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every element under `root` that `test` accepts, in document order, without looking inside the
 * elements `skip` accepts (a reply's or a link preview's box, whose parts are not the post's).
 */
export function findElements(root: Node, test: (element: Element) => boolean, skip: (element: Element) => boolean = () => false): Element[] {
  const found: Element[] = [];
  const walk = (parent: Node): void => {
    for (const child of childrenOf(parent)) {
      if (!isElement(child) || skip(child)) continue;
      if (test(child)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** An attribute's value (decoded by the parser), or undefined when the element has none. */
export function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** Whether the element's class list holds `name`. */
export function hasClass(element: Element, name: string): boolean {
  return (attribute(element, 'class') ?? '').split(/\s+/).includes(name);
}

/**
 * The text under `node` as a reader sees it: `<br>` a line break, consecutive paragraphs a blank
 * line apart, spaces before a break dropped, trimmed. Elements `skip` accepts are left out.
 */
export function textOf(node: Node, skip: (element: Element) => boolean = () => false): string {
  const parts: string[] = [];
  const walk = (parent: Node): void => {
    let previous: Element | undefined;
    for (const child of childrenOf(parent)) {
      if (child.nodeName === '#text') parts.push((child as DefaultTreeAdapterTypes.TextNode).value);
      if (!isElement(child) || skip(child)) continue;
      if (child.tagName === 'br') parts.push('\n');
      else {
        if (child.tagName === 'p' && previous?.tagName === 'p') parts.push('\n\n');
        walk(child);
      }
      previous = child;
    }
  };
  walk(node);
  return parts.join('').replace(/[ \t]+\n/g, '\n').trim();
}

function childrenOf(node: Node): readonly Node[] {
  if ('content' in node && node.nodeName === 'template') return node.content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}
