// The web corpus: every page with its source, licence and the card read from it by hand (docs/design.md §3 "The open web").
import { BLOG_PAGES } from './blogs.pages.js';
import { CHARSET_PAGES } from './charsets.pages.js';
import { MEDIA_PAGES } from './media.pages.js';
import { NEWS_PAGES_1 } from './news-1.pages.js';
import { NEWS_PAGES_2 } from './news-2.pages.js';
import { NEWS_PAGES_3 } from './news-3.pages.js';
import { SERVICE_PAGES } from './services.pages.js';
import { SHARED_PAGES } from './shared.pages.js';
import type { CorpusPage } from './corpus-page.js';

export const CORPUS_PAGES: readonly CorpusPage[] = [
  ...NEWS_PAGES_1,
  ...NEWS_PAGES_2,
  ...NEWS_PAGES_3,
  ...BLOG_PAGES,
  ...SERVICE_PAGES,
  ...MEDIA_PAGES,
  ...CHARSET_PAGES,
  ...SHARED_PAGES,
];
