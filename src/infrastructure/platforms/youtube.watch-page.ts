// YouTube watch page → its `ytInitialPlayerResponse`, found by string search and JSON.parse of that
// slice alone: a full DOM parse of a 0.4–1.5 MB page costs tens of ms (DESIGN.md §13). Pure.
import { parsePlayerResponse, type PlayerVerdict } from './youtube.player.js';
import { pageWithoutPost } from './kit/walls.js';
import { endOfJsonObject } from './kit/json.js';

const MARKER = 'ytInitialPlayerResponse = {';

/** The player answer embedded in a watch page, or undefined when the page has none. */
export function playerResponseFromPage(html: string): unknown {
  const at = html.indexOf(MARKER);
  if (at < 0) return undefined;
  const start = at + MARKER.length - 1;
  const end = endOfJsonObject(html, start);
  if (end < 0) return undefined;
  try {
    return JSON.parse(html.slice(start, end)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The verdict of a watch page. A page without a player answer is not the watch page: the EU
 * cookie-consent wall (consent.youtube.com) or a bot check stood in front of it, so `blocked`; a
 * body that is no page at all is unreadable: `upstream-error`.
 */
export function parseWatchPage(html: string): PlayerVerdict {
  const answer = playerResponseFromPage(html);
  if (answer === undefined) return { reason: pageWithoutPost(html), nsfw: false, embeddable: false, text: {} };
  return parsePlayerResponse(answer);
}
