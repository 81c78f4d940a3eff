// The web adapter's page reader until the full one (page/, docs/design.md §3 "Fields") is wired in: the
// page's `<head>` only — Open Graph, Twitter card, `<title>`, `<meta name>`, `<link rel>` — read
// with the kit's head scan once the head has arrived, in the charset the Content-Type or an early
// `<meta charset>` names (UTF-8 otherwise, and for any label it does not know). Files (image,
// video, audio) become a card of the file; anything else a link titled by its file name.
import { decodeHTML } from 'entities';
import type { Card, MediaImage, Video } from '../../../domain/card.js';
import { kindFor } from '../../../domain/card.js';
import { readHead, type PageHead } from '../kit/head.js';
import { tagAttributes } from '../kit/tags.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import type { AnswerToRead, BodyReading, PageFields, PageReading, ReadPage } from './page-reading.js';

const DEFAULT_THEME_COLOR = '#5f6368';
/** Titles of the walls that stand in for a page: bot checks and edge refusals (docs/design.md §3 "Outcomes"). */
const WALL_TITLES = [/^just a moment\.*…?$/i, /^attention required! \| cloudflare$/i, /^access denied$/i];
const CONSENT_HOST = /^(?:consent|guce)\./;

export const headReading: PageReading = {
  reader(answer: AnswerToRead): BodyReading {
    const type = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (/^(?:image|video|audio)\//.test(type)) return fileReading(answer, type);
    if (type !== '' && type !== 'text/html' && type !== 'application/xhtml+xml') return fileReading(answer, type);
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    return {
      push(chunk) {
        chunks.push(chunk);
        bytes += chunk.byteLength;
        // Enough once the head has ended: its closing tag or the body's start is in what arrived.
        const tail = Buffer.concat(chunks.slice(-2)).toString('latin1').toLowerCase();
        return bytes >= answer.maxBytes || tail.includes('</head') || tail.includes('<body') ? 'enough' : 'more';
      },
      finish: () => pageOf(answer, decode(Buffer.concat(chunks, bytes), answer.contentType)),
    };
  },
};

function decode(bytes: Buffer, contentType: string | undefined): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(bytes.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function pageOf(answer: AnswerToRead, html: string): ReadPage {
  const head = readHead(html);
  const metas = new Map<string, string[]>();
  for (const tag of head.metas) {
    const attributes = tagAttributes(tag);
    const key = (attributes['property'] ?? attributes['name'] ?? attributes['itemprop'])?.toLowerCase();
    const content = nonEmpty(attributes['content']);
    if (key && content) metas.set(key, [...(metas.get(key) ?? []), content]);
  }
  const meta = (key: string) => metas.get(key)?.[0];
  const title = head.title === undefined ? undefined : nonEmpty(decodeHTML(head.title).replace(/\s+/g, ' '));
  const absolute = (href: string | undefined) => absoluteWebUrl(href, answer.url);
  const links = head.links.map(tagAttributes);
  const wall = (title !== undefined && WALL_TITLES.some((pattern) => pattern.test(title))) || CONSENT_HOST.test(new URL(answer.url).hostname);
  const discovery = links.find((link) => rels(link).includes('alternate') && link['type']?.toLowerCase() === 'application/json+oembed')?.['href'];
  return {
    interstitial: wall,
    ...optional('oembedDiscovery', absolute(discovery) ?? linkHeaderOembed(answer.link, answer.url)),
    fields: (oembed) => fieldsOf(answer.url, { meta, metas, title, links, head }, oembedAnswer(oembed), absolute),
  };
}

interface HeadFacts {
  meta: (key: string) => string | undefined;
  metas: Map<string, string[]>;
  title?: string;
  links: Record<string, string>[];
  head: PageHead;
}

interface OembedAnswer {
  type?: string;
  title?: string;
  providerName?: string;
  url?: string;
  thumbnail?: string;
  width?: number;
  height?: number;
}

function fieldsOf(url: string, page: HeadFacts, oembed: OembedAnswer, absolute: (href: string | undefined) => string | undefined): PageFields {
  const { meta } = page;
  // An oEmbed photo is the card's one picture (docs/design.md §3 "The open web": an oEmbed photo makes kind image).
  const photo = oembed.type === 'photo' ? absolute(oembed.url) : undefined;
  const images = photo ? [photo] : distinct((page.metas.get('og:image:secure_url') ?? page.metas.get('og:image') ?? []).map(absolute));
  const single = absolute(meta('twitter:image') ?? meta('twitter:image:src') ?? oembed.thumbnail);
  const firstSize = photo ? sizePair(oembed.width, oembed.height) : sizePair(Number(meta('og:image:width')), Number(meta('og:image:height')));
  const pictures: MediaImage[] = images.length ? images.map((href, i) => ({ url: href, ...(i === 0 ? firstSize : {}) })) : single ? [{ url: single }] : [];
  const video = videoOf(page, absolute);
  const card: Card = { kind: kindFor({ ...(video ? { video } : {}), images: pictures }), nsfw: isAdult(page) };
  const title = oembed.title ?? meta('og:title') ?? meta('twitter:title') ?? page.title;
  const description = meta('og:description') ?? meta('twitter:description') ?? meta('description');
  if (title) card.title = title;
  if (description) card.description = description;
  if (pictures[0]) card.image = pictures[0];
  if (card.kind === 'gallery') card.images = pictures;
  if (video) card.video = video;
  card.siteName = oembed.providerName ?? meta('og:site_name') ?? meta('application-name') ?? new URL(url).hostname.replace(/^www\./, '');
  const color = meta('theme-color')?.toLowerCase();
  card.themeColor = color && /^#[0-9a-f]{6}$/.test(color) ? color : color && /^#[0-9a-f]{3}$/.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : DEFAULT_THEME_COLOR;
  const icon = iconOf(page.links, absolute);
  if (icon) card.icon = icon;
  const lang = meta('og:locale')?.replace('_', '-');
  if (lang && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(lang)) card.lang = lang;
  const canonical = absolute(page.links.find((link) => rels(link).includes('canonical'))?.['href']) ?? absolute(meta('og:url'));
  return { card, ...optional('declaredCanonical', canonical) };
}

/** A video file (`og:video` of a `video/*` type), else a player page (`twitter:player`, `og:video` of type text/html). */
function videoOf({ meta }: HeadFacts, absolute: (href: string | undefined) => string | undefined): Video | undefined {
  const type = meta('og:video:type')?.toLowerCase();
  const og = absolute(meta('og:video:secure_url') ?? meta('og:video:url') ?? meta('og:video'));
  const size = sizePair(Number(meta('og:video:width')), Number(meta('og:video:height')));
  if (og && type?.startsWith('video/')) return { url: og, mimeType: type, ...size };
  const player = absolute(meta('twitter:player')) ?? (og && type === 'text/html' ? og : undefined);
  return player ? { url: player, mimeType: 'text/html', ...sizePair(Number(meta('twitter:player:width')), Number(meta('twitter:player:height'))) } : undefined;
}

function isAdult({ meta }: HeadFacts): boolean {
  const rating = meta('rating')?.toLowerCase();
  const age = Number(/\d+/.exec(meta('og:restrictions:age') ?? '')?.[0]);
  return rating === 'adult' || rating === 'mature' || rating === 'rta-5042-1996-1400-1577-rta' || age >= 18;
}

/** The largest apple-touch-icon, else the largest sized icon, else any icon; never a guessed /favicon.ico. */
function iconOf(links: Record<string, string>[], absolute: (href: string | undefined) => string | undefined): Card['icon'] {
  const sized = (link: Record<string, string>) => {
    const m = /^(\d+)x(\d+)$/i.exec((link['sizes'] ?? '').split(/\s+/)[0] ?? '');
    return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
  };
  const largest = (list: Record<string, string>[]) => [...list].sort((a, b) => (sized(b)?.width ?? 0) - (sized(a)?.width ?? 0))[0];
  const touch = links.filter((link) => rels(link).some((rel) => rel.startsWith('apple-touch-icon')));
  const icons = links.filter((link) => rels(link).includes('icon'));
  const chosen = largest(touch) ?? largest(icons.filter(sized)) ?? icons[0];
  const url = absolute(chosen?.['href']);
  if (!chosen || !url) return undefined;
  const size = sized(chosen);
  return { url, ...(size ? { width: size.width, height: size.height } : {}) };
}

function fileReading(answer: AnswerToRead, type: string): BodyReading {
  return {
    push: () => 'enough',
    finish: () => ({
      interstitial: false,
      fields: () => {
        const url = answer.url;
        const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || new URL(url).hostname;
        const card: Card = { kind: 'link', nsfw: false, title: name, siteName: new URL(url).hostname.replace(/^www\./, ''), themeColor: DEFAULT_THEME_COLOR };
        if (type.startsWith('image/')) Object.assign(card, { kind: 'image', image: { url } });
        if (type.startsWith('video/')) Object.assign(card, { kind: 'video', video: { url, mimeType: type } });
        if (type.startsWith('audio/')) card.audio = { url, mimeType: type };
        return { card };
      },
    }),
  };
}

function oembedAnswer(value: unknown): OembedAnswer {
  if (typeof value !== 'object' || value === null) return {};
  const fields = value as Record<string, unknown>;
  return {
    ...optional('type', nonEmpty(fields['type'])?.toLowerCase()),
    ...optional('title', nonEmpty(fields['title'])),
    ...optional('providerName', nonEmpty(fields['provider_name'])),
    ...optional('url', nonEmpty(fields['url'])),
    ...optional('thumbnail', nonEmpty(fields['thumbnail_url'])),
    ...optional('width', positiveInt(fields['width'])),
    ...optional('height', positiveInt(fields['height'])),
  };
}

/** The `Link` header's oEmbed JSON link: `<href>; rel="alternate"; type="application/json+oembed"`. */
function linkHeaderOembed(header: string | undefined, base: string): string | undefined {
  for (const part of header?.split(/,(?=\s*<)/) ?? []) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /type\s*=\s*"?application\/json\+oembed/i.test(m[2]!)) return absoluteWebUrl(m[1], base);
  }
  return undefined;
}

function rels(link: Record<string, string>): string[] {
  return (link['rel'] ?? '').toLowerCase().split(/\s+/);
}

/** `href` read against the page's URL, kept only when it is http(s). */
export function absoluteWebUrl(href: string | undefined, base: string): string | undefined {
  const value = nonEmpty(href);
  if (!value || !URL.canParse(value, base)) return undefined;
  const url = new URL(value, base);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

function distinct(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
