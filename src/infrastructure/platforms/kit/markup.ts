// A page's body read as markup, where a parser must read elements rather than the `<head>`'s tags or
// a state script: parse5, the design's HTML parser, on the body alone (what follows the head).
// Tree-building costs far more than the head scan, so callers locate the need first (a marker in
// the page, a missing state script) and parse only then.
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { readHead } from './head.js';

export type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** The page's body (everything when the page has no head), parsed as a fragment. */
export function bodyMarkup(html: string): DefaultTreeAdapterTypes.DocumentFragment {
  const { end } = readHead(html);
  return parseFragment(end < html.length ? html.slice(end) : html);
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
