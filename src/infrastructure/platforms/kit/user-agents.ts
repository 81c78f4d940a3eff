// Who the service says it is to a platform, one string per role. A platform serves its post pages
// (and their embedded JSON) to browsers; its Open Graph tags it serves to link crawlers. Every
// adapter takes its User-Agent from here; the HTTP port's own default (postlens/…) goes on every
// other request.
export const USER_AGENTS = {
  /** A current desktop browser: what Threads' own requests were captured with (SOURCES.md), and what yt-dlp/cobalt send to TikTok. */
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  /** Facebook's link crawler: Meta's sites (Facebook, Instagram) still serve it their pages' Open Graph tags. */
  facebookCrawler: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  /** A link-preview bot that names itself: Threads serves such bots its server-rendered head (SOURCES.md). */
  linkPreview: 'Mozilla/5.0 (compatible; postlens/0.1; +link preview)',
} as const;

/** How a page is asked for: as a browser, or as one of the link crawlers. */
export type Visitor = keyof typeof USER_AGENTS;
