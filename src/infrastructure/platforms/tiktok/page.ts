// A TikTok post page → a card or a reason, from the state the page embeds for its scripts: the
// current `__UNIVERSAL_DATA_FOR_REHYDRATION__` (2023–) or the older `SIGI_STATE` (≤ 2022). Pure.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Reason } from '../../../domain/reasons.js';
import { jsonScriptById } from '../kit/state-scripts.js';
import { pageWithoutPost } from '../kit/walls.js';
import { asObject, type Json } from '../kit/json.js';
import { cardFromItem } from './item.js';

const UNIVERSAL_STATE = '__UNIVERSAL_DATA_FOR_REHYDRATION__';
const SIGI_STATE = 'SIGI_STATE';
const VIDEO_DETAIL = 'webapp.video-detail';

/** The page's verdict on the post `id`; a card carries no media headers yet (the adapter adds them). */
export function parsePage(html: string, id: string): AdapterResult {
  const universal = asObject(jsonScriptById(html, UNIVERSAL_STATE));
  if (universal) return fromUniversalState(universal);
  const sigi = asObject(jsonScriptById(html, SIGI_STATE));
  if (sigi) return fromSigiState(sigi, id);
  // No state at all: not the post page but TikTok's WAF / bot check, which answers 200 with a page
  // of its own (a challenge script, no app state) to clients it does not trust, data centres first
  // (a body that is no page at all is unreadable instead).
  return { ok: false, reason: pageWithoutPost(html) };
}

function fromUniversalState(state: Json): AdapterResult {
  const detail = asObject(asObject(state['__DEFAULT_SCOPE__'])?.[VIDEO_DETAIL]);
  // The app's state without the video-detail scope: TikTok served another page (login, captcha,
  // home) in place of the post.
  if (!detail) return { ok: false, reason: 'blocked' };
  const refused = reasonForStatusCode(detail['statusCode']);
  if (refused) return { ok: false, reason: refused };
  return withCard(cardFromItem(asObject(detail['itemInfo'])?.['itemStruct']));
}

function fromSigiState(state: Json, id: string): AdapterResult {
  const refused = reasonForStatusCode(asObject(state['VideoPage'])?.['statusCode']);
  if (refused) return { ok: false, reason: refused };
  const item = asObject(state['ItemModule'])?.[id];
  if (!item) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', `tiktok: SIGI_STATE has no item ${id}`);
  return withCard(cardFromItem(item, asObject(asObject(state['UserModule'])?.['users'])));
}

function withCard(item: ReturnType<typeof cardFromItem>): AdapterResult {
  return item.mediaExpiresAt === undefined ? { ok: true, card: item.card } : { ok: true, card: item.card, mediaExpiresAt: item.mediaExpiresAt };
}

/**
 * `statusCode` of the video-detail state: 0 (or absent) is the post. The others, as the extractors
 * that meet them read them (SOURCES.md): 10216 private (yt-dlp), 10222 private / login required,
 * 10204 no such post (also what a wrong id gets). A code nobody documents says only that the page
 * did not show the post.
 */
export function reasonForStatusCode(value: unknown): Reason | undefined {
  const code = Number(value ?? 0);
  if (code === 0) return undefined;
  if (code === 10216 || code === 10222) return 'private';
  if (code === 10204) return 'not-found';
  return 'upstream-error';
}
