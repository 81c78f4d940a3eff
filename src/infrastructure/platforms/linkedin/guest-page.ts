// LinkedIn's guest pages as a logged-out reader gets them: the page's HTML, or the refusal in its
// place (HTTP 999, LinkedIn's answer to clients it takes for bots; a redirect to the authwall or
// login; any refusing status), and when the signed media the card names stop working.
import type { Reason } from '../../../domain/reasons.js';
import type { Upstream } from '../kit/upstream.js';
import type { Visitor } from '../kit/user-agents.js';
import { pageRefusal } from '../kit/walls.js';

/** LinkedIn's own status for a request it refuses as automated. */
const REFUSED_AS_BOT = 999;

export async function guestPage(upstream: Upstream, url: string, visitor: Visitor, signal: AbortSignal): Promise<{ html: string } | { reason: Reason }> {
  const response = await upstream.page(url, visitor, signal);
  if (response.status === REFUSED_AS_BOT) return { reason: 'blocked' };
  const refused = pageRefusal(response);
  return refused ? { reason: refused } : { html: response.text() };
}

/**
 * The earliest expiry (epoch ms) of the signed media.licdn.com URLs given: `e=` is epoch seconds
 * (2147483647, the end of 32-bit time, on images LinkedIn does not expire); undefined when none is signed.
 */
export function mediaExpiry(urls: readonly (string | undefined)[]): number | undefined {
  const expiries = urls.flatMap((url) => {
    const seconds = url ? /[?&]e=(\d{9,10})(?:&|$)/.exec(url)?.[1] : undefined;
    return seconds ? [Number(seconds) * 1000] : [];
  });
  return expiries.length ? Math.min(...expiries) : undefined;
}
