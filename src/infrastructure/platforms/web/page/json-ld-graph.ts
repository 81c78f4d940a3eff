// A page's JSON-LD blocks as one graph (docs/design.md §3): every block, `@graph` lists and arrays
// flattened, `@id`-only references followed to the node that carries the data. The page's subject —
// the article, video or product it is about — comes before the pages, sites and organisations
// around it, so a rule asking for `name` never gets the site's name for the page's title.
import { decodeHTMLStrict } from 'entities';
import { asObject, type Json } from '../../kit/json.js';

// Nodes that are never what a page is about: the site, its owners, its navigation.
const CONTEXT_TYPES = new Set([
  'WebSite', 'Organization', 'NewsMediaOrganization', 'Corporation', 'OnlineBusiness', 'LocalBusiness', 'Person', 'Brand',
  'BreadcrumbList', 'ListItem', 'ItemList', 'SearchAction', 'EntryPoint', 'SiteNavigationElement', 'WPHeader', 'WPFooter', 'WPSideBar',
  'ImageObject', 'Place', 'PostalAddress', 'ContactPoint', 'Offer', 'AggregateOffer', 'AggregateRating', 'Rating', 'Language', 'ReadAction',
]);
// The page itself: its name is the page's title, but an article on it says better.
const PAGE_TYPES = new Set(['WebPage', 'ItemPage', 'AboutPage', 'ContactPage', 'CollectionPage', 'ProfilePage', 'SearchResultsPage', 'FAQPage', 'QAPage', 'MedicalWebPage', 'RealEstateListing']);
// How deep nested nodes are indexed, and how many: enough for any real page, bounded for a hostile one.
const MAX_DEPTH = 8;
const MAX_NODES = 5000;

export class JsonLdGraph {
  /** The nodes the page is about, then the page nodes: where a field is looked for. */
  readonly subjects: Json[];
  /** Every node, nested ones too, in document order. */
  readonly nodes: Json[] = [];
  private readonly byId = new Map<string, Json>();
  private readonly seen = new Set<Json>();

  constructor(blocks: readonly unknown[]) {
    const top: Json[] = [];
    for (const block of blocks) this.collectTop(block, top, 0);
    for (const node of top) this.index(node, 0);
    const content = top.filter((node) => !typesOf(node).some((type) => CONTEXT_TYPES.has(type) || PAGE_TYPES.has(type)));
    const pages = top.filter((node) => typesOf(node).some((type) => PAGE_TYPES.has(type)));
    // A page's `mainEntity` is its subject even when it sits inside the page node only.
    const main = pages.flatMap((page) => listOf(page['mainEntity'])).map((value) => this.deref(value)).filter((node): node is Json => node !== undefined && !top.includes(node));
    this.subjects = [...content, ...main, ...pages];
  }

  /** The node an `@id`-only reference stands for (itself when it carries data or is unknown). */
  deref(value: unknown): Json | undefined {
    const node = asObject(value);
    if (!node) return undefined;
    const id = node['@id'];
    if (typeof id !== 'string' || Object.keys(node).some((key) => key !== '@id' && key !== '@type')) return node;
    return this.byId.get(id) ?? node;
  }

  /** The first subject's value of `key` that `read` accepts (references followed, arrays read in order). */
  first<T>(key: string, read: (value: unknown) => T | undefined, nodes: readonly Json[] = this.subjects): T | undefined {
    for (const node of nodes) {
      for (const value of listOf(node[key])) {
        const found = read(asObject(value) ? this.deref(value) : value);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  /** Every node (nested ones too) of one of `types`. */
  ofType(...types: string[]): Json[] {
    return this.nodes.filter((node) => typesOf(node).some((type) => types.includes(type)));
  }

  private collectTop(value: unknown, top: Json[], depth: number): void {
    if (depth > 2) return;
    if (Array.isArray(value)) {
      for (const item of value) this.collectTop(item, top, depth + 1);
      return;
    }
    const node = asObject(value);
    if (!node) return;
    if (Array.isArray(node['@graph'])) this.collectTop(node['@graph'], top, depth + 1);
    if (node['@type'] !== undefined) top.push(node);
  }

  private index(node: Json, depth: number): void {
    if (depth > MAX_DEPTH || this.nodes.length >= MAX_NODES || this.seen.has(node)) return;
    this.seen.add(node);
    this.nodes.push(node);
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).some((key) => key !== '@id' && key !== '@type') && !this.byId.has(id)) this.byId.set(id, node);
    for (const [key, value] of Object.entries(node)) {
      if (key === '@graph') continue;
      for (const item of listOf(value)) {
        const child = asObject(item);
        if (child) this.index(child, depth + 1);
      }
    }
  }
}

/** A node's `@type`s, without a `schema:` or `https://schema.org/` prefix. */
export function typesOf(node: Json): string[] {
  return listOf(node['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^(?:schema:|https?:\/\/schema\.org\/)/, ''));
}

/** A JSON-LD text value: a string (or `@value`) not blank, white space collapsed, entities decoded once (JSON-LD is raw script text). */
export function ldText(value: unknown): string | undefined {
  const raw = typeof value === 'string' ? value : asObject(value)?.['@value'];
  if (typeof raw !== 'string') return undefined;
  const text = (raw.includes('&') ? decodeHTMLStrict(raw) : raw).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}
