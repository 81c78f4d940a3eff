// Telegram's own URLs as the adapter reads and writes them (a channel's page, a post named by a link
// in the widget) and the counts the widget shows.
import { matchPlatform } from '../../../domain/platforms/match-platform.js';
import { TELEGRAM_USERNAME, telegram } from '../../../domain/platforms/telegram.js';
import { originOf } from '../kit/origin.js';

export const TELEGRAM_ORIGIN = originOf(telegram);

/** A whole channel username, for what an upstream answer spells. */
export const CHANNEL = new RegExp(`^${TELEGRAM_USERNAME.source}$`);

export function channelUrl(channel: string): string {
  return `${TELEGRAM_ORIGIN}/${channel}`;
}

/** The canonical URL of the post a link names (a forward's source, a replied-to message), if it names one. */
export function postUrlOf(href: string | undefined): string | undefined {
  if (!href || !URL.canParse(href)) return undefined;
  const match = matchPlatform([telegram], new URL(href));
  return match?.denotes === 'post' ? match.canonicalUrl : undefined;
}

/** A count as the widget shows it: `94`, or `1.2K`, `3M` (thousands and millions, as Telegram rounds them). */
export function shownCount(text: string): number | undefined {
  const match = /^(?:(\d{1,12})|(\d{1,9}(?:\.\d{1,3})?)([KM]))$/i.exec(text.trim());
  if (match?.[1]) return Number(match[1]);
  if (match?.[2]) return Math.round(Number(match[2]) * (match[3]!.toUpperCase() === 'K' ? 1e3 : 1e6));
  return undefined;
}
