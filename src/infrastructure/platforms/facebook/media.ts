// fbcdn media URLs: which ones are not the post's own (profile pictures, static assets), and when
// the signed ones stop working. Pure.
import type { Card } from '../../../domain/card.js';
import { earliestExpiry, metaExpiry } from '../kit/url-expiry.js';

// The fbcdn path names the asset type: `t39.30808-1`, `t1.6435-1`, `t1.30497-1` are profile
// pictures (a Page's og:image on its tabs, a text post's og:image), `-6`/`-9` post photos,
// `t15.5256-10` video frames.
const PROFILE_PICTURE_PATH = /\/t\d+\.\d+-1\//;

/** False for a profile picture or a static site asset: never a card's image (docs/design.md §4). */
export function isPostImage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  if (parsed.hostname.startsWith('static.') || parsed.pathname.includes('/rsrc.php/')) return false;
  return !PROFILE_PICTURE_PATH.test(parsed.pathname);
}

/** The earliest expiry of the card's media (video, image, gallery), or undefined when none expires. */
export function mediaExpiry(card: Card): number | undefined {
  return earliestExpiry([card.video?.url, card.image?.url, ...(card.images ?? []).map((image) => image.url)], metaExpiry);
}
