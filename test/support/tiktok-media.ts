// The TikTok video fixture for media-proxy tests: its page (through nock) with the signed media
// URLs moved an hour past now (the recorded ones expired long ago, and an expired media URL gets no
// playableUrl), and a local media host that, like TikTok's CDN, refuses without the page's cookie.
import type { IncomingMessage } from 'node:http';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { fixturePath, useExchanges } from './fixtures.js';
import { serveBytes, type BytesOptions, type Handler } from './media-upstream.js';

export const TIKTOK_POST = 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101';
/** The cookie test/platforms/tiktok/fixtures/video.json sets and the CDN wants. */
export const CHAIN_COOKIE = 'tt_chain_token=Q2hhaW5Ub2tlbk1hcnRh==';
export const TIKTOK_REFERER = 'https://www.tiktok.com/';
/** The card's video URL in that page (the unwatermarked H.264 rendition), without its query. */
export const TIKTOK_VIDEO = 'https://v16-webapp-prime.tiktok.com/video/tos/useast2a/tos-useast2a-ve-0068c001/oQmartaSourdoughH264/';

/** The fixture's exchanges with their media expiries an hour ahead. */
export function tiktokPageExchanges(): RecordedExchange[] {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  return loadRecordedExchanges(fixturePath('tiktok', 'video')).map(
    (def) => JSON.parse(JSON.stringify(def).replace(/(x-expires|expire)=\d{10}/g, `$1=${expires}`)) as RecordedExchange,
  );
}

/** Intercepts the post page with nock (call nock.cleanAll() after). */
export function useTikTokPage(): void {
  useExchanges(tiktokPageExchanges());
}

/** Whether a request carries what TikTok's CDN checks: the chain-token cookie and a TikTok Referer. */
export function hasTikTokCredentials(req: IncomingMessage): boolean {
  const cookies = (req.headers.cookie ?? '').split(/;\s*/);
  return cookies.includes(CHAIN_COOKIE) && req.headers.referer === TIKTOK_REFERER;
}

/** Serves `body` as TikTok's CDN would: 403 without the cookie and Referer, Range with them. */
export function serveLikeTikTok(body: Buffer, options: BytesOptions = {}): Handler {
  return serveBytes(body, { ...options, require: hasTikTokCredentials });
}
