// The oEmbed answer (oembed.com §2.3.4) as the field rules read it: the web platform asks the
// registry's endpoint or the page's discovery link and hands the JSON here; each field is kept only
// when it has the type the spec gives it.
import { asObject } from '../../kit/json.js';
import { nonEmpty, positiveInt } from '../../kit/text.js';

export interface OembedFacts {
  /** `photo`, `video`, `link` or `rich`. */
  type?: string;
  title?: string;
  authorName?: string;
  authorUrl?: string;
  providerName?: string;
  /** The picture of a `photo` answer. */
  url?: string;
  thumbnailUrl?: string;
  thumbnailWidth?: number;
  thumbnailHeight?: number;
  /** The embed markup of a `video` or `rich` answer. */
  html?: string;
  width?: number;
  height?: number;
}

/** An oEmbed JSON answer's fields, or undefined when the answer is not a JSON object. */
export function oembedFacts(answer: unknown): OembedFacts | undefined {
  const fields = asObject(answer);
  if (!fields) return undefined;
  const facts: OembedFacts = {};
  const text = (key: string) => nonEmpty(fields[key]);
  // Sizes are integers by the spec, but some providers send digit strings ("480").
  const size = (key: string) => positiveInt(typeof fields[key] === 'string' && /^\d{1,6}$/.test(fields[key]) ? Number(fields[key]) : fields[key]);
  const type = text('type')?.toLowerCase();
  if (type) facts.type = type;
  assign(facts, 'title', text('title'));
  assign(facts, 'authorName', text('author_name'));
  assign(facts, 'authorUrl', text('author_url'));
  assign(facts, 'providerName', text('provider_name'));
  assign(facts, 'url', text('url'));
  assign(facts, 'thumbnailUrl', text('thumbnail_url'));
  assign(facts, 'thumbnailWidth', size('thumbnail_width'));
  assign(facts, 'thumbnailHeight', size('thumbnail_height'));
  if (typeof fields['html'] === 'string' && fields['html'].trim() !== '') facts.html = fields['html'];
  assign(facts, 'width', size('width'));
  assign(facts, 'height', size('height'));
  return facts;
}

function assign<K extends keyof OembedFacts>(facts: OembedFacts, key: K, value: OembedFacts[K] | undefined): void {
  if (value !== undefined) facts[key] = value;
}
