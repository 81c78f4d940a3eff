// The soak's web pages (docs/design.md §3 `web`): the hook for the generic page adapter's traffic. Empty
// until that adapter lands; then give here replay's recordings of a few pages (their HTML heads:
// Open Graph, oEmbed discovery, a page that answers 403, one that redirects) and their URLs, with
// made-up hosts too, and the soak sends them as `resolve web` (200), in its batches and on /oembed
// (200 or 404), as it does for discovered fediverse servers (soak-discovered.ts).
import type { RecordedExchange } from '../src/infrastructure/http/recorded-exchanges.js';

export interface WebPages {
  recordings: RecordedExchange[];
  /** Page URLs; none means the soak sends no web traffic. */
  pages: string[];
}

export function webPages(): WebPages {
  return { recordings: [], pages: [] };
}
