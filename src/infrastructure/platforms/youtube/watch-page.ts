// YouTube watch page → its `ytInitialPlayerResponse`, found by string search and JSON.parse of that
// slice alone: a full DOM parse of a 0.4–1.5 MB page costs tens of ms (docs/design.md §13). Pure.
import { parsePlayerResponse, type PlayerVerdict } from './player.js';
import { pageWithoutPost } from '../kit/walls.js';
import { jsonObjectAfter } from '../kit/state-scripts.js';

const MARKER = 'ytInitialPlayerResponse = {';

/** The player answer embedded in a watch page, or undefined when the page has none. */
export function playerResponseFromPage(html: string): unknown {
  return jsonObjectAfter(html, MARKER);
}

/**
 * The verdict of a watch page. A page without a player answer is not the watch page: the EU
 * cookie-consent wall (consent.youtube.com) or a bot check stood in front of it, so `blocked`; a
 * body that is no page at all is unreadable: `upstream-error`.
 */
export function parseWatchPage(html: string): PlayerVerdict {
  const answer = playerResponseFromPage(html);
  if (answer === undefined) return { reason: pageWithoutPost(html), nsfw: false, embeddable: false, text: {}, details: {} };
  return parsePlayerResponse(answer);
}
