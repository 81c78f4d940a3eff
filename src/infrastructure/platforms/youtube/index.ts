// YouTube adapter: the card from oEmbed, the truth about availability (and the description and age
// flag oEmbed lacks) from the InnerTube player, and the watch page as a last witness.
import { inject, injectable } from 'tsyringe';
import { isUpstreamError } from '../../../application/errors.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { youtube, YOUTUBE_HOST } from '../../../domain/platforms/youtube.js';
import type { Card } from '../../../domain/card.js';
import { mostTelling, type Reason } from '../../../domain/reasons.js';
import { requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { isWallUrl } from '../kit/walls.js';
import { parseOembed, YOUTUBE_ORIGIN } from './oembed.js';
import { cardFromPlayer, isAboutVideo, parsePlayerResponse, withDuration, type PlayerVerdict } from './player.js';
import { parseWatchPage } from './watch-page.js';

const PLAYER_URL = `https://${YOUTUBE_HOST.innerTube}/youtubei/v1/player?prettyPrint=false`;
// The visionOS app client answers anonymous player requests without a PO token (SOURCES.md §3).
// `hl: en` makes the refusal texts English, which player.ts reads.
const PLAYER_CLIENT = {
  clientName: 'VISIONOS',
  clientVersion: '1.02',
  deviceMake: 'Apple',
  deviceModel: 'RealityDevice14,1',
  osName: 'visionOS',
  osVersion: '25.6.0.23O471',
  hl: 'en',
};
const PLAYER_USER_AGENT = 'com.google.visionos.youtube/1.02(RealityDevice14,1; U; CPU visionOS 25_6_0 like Mac OS X)';
// Once oEmbed has the card, a slow player answer may delay it by this much, no more: the player
// only adds the description and the age flag.
export const PLAYER_GRACE_MS = 1000;

type Refusal = { reason: Reason; text?: PlayerVerdict['text'] };

@injectable()
export class YoutubeAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, youtube.upstreamHosts);
  }

  /**
   * The player is asked on every resolve, in parallel with oEmbed, not only when oEmbed fails:
   * it costs no latency (bounded by PLAYER_GRACE_MS once the card is ready), and it is the only
   * anonymous source of the description and of the age gate (oEmbed carries neither), so a card
   * without it would have no text and could be wrong about `nsfw`.
   */
  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return { ok: false, reason: 'unsupported' };
    const playerAbort = new AbortController();
    const player = settle(this.player(id, AbortSignal.any([signal, playerAbort.signal])));
    player.catch(() => undefined); // awaited below; this only keeps a bug in it from going unhandled
    try {
      const oembed = await settle(this.oembed(id, signal));
      if (oembed.value && 'card' in oembed.value) {
        return { ok: true, card: withPlayer(oembed.value.card, await within(player, PLAYER_GRACE_MS)) };
      }
      const status = oembed.value && 'status' in oembed.value ? oembed.value.status : undefined;
      return await this.withoutOembed(id, status, oembed.error, (await player).value, signal);
    } finally {
      playerAbort.abort();
    }
  }

  /**
   * oEmbed gave no card: the player (then the watch page) may still show the video is watchable,
   * or say why not. The most telling reason wins; a transport error is thrown only when no
   * upstream said anything at all.
   */
  private async withoutOembed(
    id: string,
    oembedStatus: number | undefined,
    oembedError: unknown,
    player: PlayerVerdict | undefined,
    signal: AbortSignal,
  ): Promise<AdapterResult> {
    const refusals: Refusal[] = oembedStatus === undefined ? [] : [{ reason: oembedReason(oembedStatus) }];
    const verdicts = player ? [player] : [];
    if (!signal.aborted && this.pageMayTell(player, refusals)) {
      const page = (await settle(this.watchPage(id, signal))).value;
      if (page) verdicts.push(page);
    }
    // oEmbed refuses (401/403) videos whose owner disabled embedding: the player URL would not play.
    const embeddable = oembedStatus !== 401 && oembedStatus !== 403;
    for (const verdict of verdicts) {
      if (!verdict.reason) return { ok: true, card: cardFromPlayer(verdict, id, embeddable && verdict.embeddable) };
      refusals.push({ reason: verdict.reason, text: verdict.text });
    }
    if (refusals.length === 0) throw oembedError;
    const reason = refusals.map((r) => r.reason).reduce(mostTelling);
    const text = refusals.find((r) => r.text && Object.keys(r.text).length > 0)?.text;
    return text ? { ok: false, reason, partial: text } : { ok: false, reason };
  }

  /** The watch page is asked only when the player said nothing about the video, and never while throttled. */
  private pageMayTell(player: PlayerVerdict | undefined, refusals: readonly Refusal[]): boolean {
    if (player && isAboutVideo(player)) return false;
    return player?.reason !== 'rate-limited' && !refusals.some((r) => r.reason === 'rate-limited');
  }

  private async oembed(id: string, signal: AbortSignal): Promise<{ card: Card } | { status: number }> {
    const response = await requestOembed(this.upstream, `${YOUTUBE_ORIGIN}/oembed`, `${YOUTUBE_ORIGIN}/watch?v=${id}`, signal, { format: 'json' });
    if (response.status !== 200) return { status: response.status };
    return { card: parseOembed(response.json(), id) };
  }

  private async player(id: string, signal: AbortSignal): Promise<PlayerVerdict> {
    const response = await this.upstream.request({
      url: PLAYER_URL,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': PLAYER_USER_AGENT,
        'x-goog-api-format-version': '2',
        'accept-language': 'en',
      },
      // contentCheckOk/racyCheckOk skip the "may be inappropriate" interstitial, as the app does.
      body: JSON.stringify({ context: { client: PLAYER_CLIENT }, videoId: id, contentCheckOk: true, racyCheckOk: true }),
      signal,
    });
    // A 4xx from the API itself (400 when the client version is retired) says nothing of the video.
    if (response.status !== 200) return refusedBy(response.status === 429 ? 'rate-limited' : response.status === 403 ? 'blocked' : 'upstream-error');
    return parsePlayerResponse(response.json());
  }

  private async watchPage(id: string, signal: AbortSignal): Promise<PlayerVerdict> {
    // SOCS=CAI is the "reject all" answer to the EU consent wall (as yt-dlp sends it): without it,
    // EU fetches are redirected to consent.youtube.com. It identifies no one.
    const headers = { cookie: 'SOCS=CAI', 'accept-language': 'en' };
    const response = await this.upstream.page(`${YOUTUBE_ORIGIN}/watch?v=${id}&hl=en`, 'browser', signal, { headers, redirect: 'manual' });
    // The consent wall is a redirect to consent.youtube.com; any other redirect is not one we read.
    if (response.status >= 300 && response.status < 400) return refusedBy(isWallUrl(response.headers['location'] ?? '', YOUTUBE_ORIGIN) ? 'blocked' : 'upstream-error');
    const refused = reasonForStatus(response.status);
    if (refused) return refusedBy(refused);
    return parseWatchPage(response.text());
  }
}

/** oEmbed statuses: 401/403 mean private or not embeddable (the player tells which). */
function oembedReason(status: number): Reason {
  if (status === 401 || status === 403) return 'blocked';
  return reasonForStatus(status) ?? 'upstream-error';
}

function refusedBy(reason: Reason): PlayerVerdict {
  return { reason, nsfw: false, embeddable: false, text: {}, details: {} };
}

/**
 * Adds what only the player knows to oEmbed's card (the description, the age flag, the date, the
 * view count, the length, the handle where oEmbed's legacy channel URL has none); a failed player
 * answer leaves it as it is.
 */
function withPlayer(card: Card, verdict: PlayerVerdict | undefined): Card {
  if (!verdict) return card;
  const out: Card = { ...card, nsfw: card.nsfw || verdict.nsfw, ...verdict.details };
  if (verdict.text.description) out.description = verdict.text.description;
  if (out.video) out.video = withDuration(out.video, verdict.duration);
  const handle = verdict.text.author?.handle;
  if (out.author && !out.author.handle && handle) out.author = { ...out.author, handle };
  return out;
}

type Settled<T> = { value: T; error?: undefined } | { value?: undefined; error: unknown };

/** Upstream failures become values so two requests can be weighed; programming errors still throw. */
async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { value: await promise };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { error };
  }
}

/** The settled value if it arrives within `ms`, else undefined. */
async function within<T>(promise: Promise<Settled<T>>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return (await Promise.race([promise, late]))?.value;
  } finally {
    clearTimeout(timer);
  }
}
