// Pinterest's own URLs for a pin and its people: the pin page (what the page strategy reads and
// oEmbed is asked about), a profile, and a board from its site-relative path.
import { pinterest } from '../../../domain/platforms/pinterest.js';
import { originOf } from '../kit/origin.js';

export const PINTEREST_ORIGIN = originOf(pinterest);

export function pinPageUrl(id: string): string {
  return `${PINTEREST_ORIGIN}/pin/${id}/`;
}

export function profileUrl(username: string): string {
  return `${PINTEREST_ORIGIN}/${encodeURIComponent(username)}/`;
}

/** A board's page from the path the pin data gives (`/thesearchguru/icons/`); undefined for anything else. */
export function boardUrl(path: string): string | undefined {
  return /^\/[^/?#\s]{1,100}\/[^/?#\s]{1,200}\/$/.test(path) ? `${PINTEREST_ORIGIN}${path}` : undefined;
}

/** The username of a profile URL on a Pinterest host (`https://www.pinterest.com/thesearchguru/`). */
export function usernameOf(href: string | undefined): string | undefined {
  if (!href || !URL.canParse(href)) return undefined;
  return /^\/([A-Za-z0-9_]{1,60})\/?$/.exec(new URL(href).pathname)?.[1];
}
