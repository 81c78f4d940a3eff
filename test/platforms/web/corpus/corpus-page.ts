// One row of the web corpus: a real page, where it came from, and the card fields a person read
// from it by hand following docs/design.md §3 "The open web" (field sources in order).

/** Where the page's bytes come from: a file committed beside this table, or a capture in ../shared read in place. */
export type CorpusSource =
  | { kind: 'repo'; repo: string; path: string; commit: string }
  | { kind: 'shared'; path: string };

export type CardField =
  | 'title'
  | 'description'
  | 'image'
  | 'images'
  | 'video'
  | 'siteName'
  | 'author'
  | 'publishedAt'
  | 'lang'
  | 'themeColor'
  | 'canonical'
  | 'icon'
  | 'oembed'
  | 'nsfw';

/**
 * What the page gives, read by hand. A field left out is not checked (the page is ambiguous for
 * it, or the rule needs something the corpus does not have, such as the oEmbed answer); a field
 * named in `absent` must be missing from the card, because the page truly lacks every source of it.
 */
export interface ExpectedCard {
  title?: string;
  /** The whole description, or a prefix of it (`{ startsWith }`) where it is long. */
  description?: string | { startsWith: string };
  image?: string;
  /** How many distinct `og:image` the page declares, when several (a gallery). */
  images?: number;
  /** A file (`video/*`) or a player (`text/html`); a part left out is not checked (a page naming two players). */
  video?: { url?: string; mimeType?: string };
  siteName?: string;
  /** The author's name. */
  author?: string;
  /** An instant; compared as an instant, so any ISO 8601 spelling of it matches. */
  publishedAt?: string;
  /** BCP 47, compared without regard to case. */
  lang?: string;
  kind?: 'link' | 'image' | 'gallery' | 'video';
  themeColor?: string;
  /** The declared canonical URL (`<link rel=canonical>` › `og:url`), resolved against the page URL. */
  canonical?: string;
  icon?: string;
  /** The oEmbed discovery link (`<link rel=alternate type=application/json+oembed>`). */
  oembed?: string;
  nsfw?: boolean;
  absent?: readonly CardField[];
}

export interface CorpusPage {
  /** Stable name; for a committed page, its file is `html/<name>.html`. */
  name: string;
  /** The URL the page was fetched from, as its source records it. */
  url: string;
  /** The Content-Type the test serves it with (no charset, so the page's own declaration counts). */
  contentType: string;
  /** The charset the page declares when it is not UTF-8 (the integrity test reads the bytes with it). */
  declaredCharset?: string;
  source: CorpusSource;
  licence: string;
  /** What was cut from the page, or 'nothing'. */
  trimmed: string;
  expected: ExpectedCard;
}

export const METASCRAPER = { repo: 'microlinkhq/metascraper', commit: '20423f52ef9b4a07d3b25e56e34d2756b3291250' } as const;
export const UNFURL = { repo: 'jacktuck/unfurl', commit: 'a1b5a97fe85f1e9fcbd2c741e3c9688a3d6cd0eb' } as const;

export const METASCRAPER_LICENCE = 'MIT (metascraper test fixture); the page text is its publisher\'s, kept as a test input';
export const UNFURL_LICENCE = 'MIT (unfurl.js test fixture); the page text is its publisher\'s, kept as a test input';

/** The trim every page over 40 KB of head got (see SOURCES.md). */
export const HEAD_AND_LD_ONLY = 'body cut to its JSON-LD blocks';
export const HEAD_SCRIPTS_EMPTIED = 'body cut to its JSON-LD blocks; inline scripts (not JSON-LD) and styles of the head emptied';

export function fromMetascraper(path: string): CorpusSource {
  return { kind: 'repo', repo: METASCRAPER.repo, path, commit: METASCRAPER.commit };
}

export function fromUnfurl(path: string): CorpusSource {
  return { kind: 'repo', repo: UNFURL.repo, path, commit: UNFURL.commit };
}
