// `/v/{token}`: opens a media-proxy token and fetches its media for streaming (docs/design.md §7). The
// answer is decided here — which statuses and headers pass, the one re-resolve when the media host
// refuses, HLS playlists rewritten so their parts stay behind the proxy — and streamed by the route.
import { Readable } from 'node:stream';
import { inject, injectable } from 'tsyringe';
import { extensionOf, hlsPartType, isHlsPlaylist, rewriteHlsPlaylist, type HlsUri } from '../../domain/hls-playlist.js';
import { essence, isHlsType, proxiedContentType } from '../../domain/media-content.js';
import { fitsTokenCap, isAllowedMediaUrl } from '../../domain/media-token-policy.js';
import { isUpstreamError } from '../errors.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import { CLOCK, type Clock } from '../ports/clock.port.js';
import { LOGGER, type Logger } from '../ports/logger.port.js';
import { forRequest } from '../request-log.js';
import { MEDIA_FETCHER, type MediaFetcher, type MediaResponse } from '../ports/media-fetcher.port.js';
import { SIGNER, type MediaTicket, type Signer } from '../ports/signer.port.js';
import { ResolveUseCase } from './resolve.js';
import { ACCESS_REGISTRY, type AccessRegistry } from '../access/access-registry.js';

/** What the client asked: its method and the few request headers that reach the media host. */
export interface MediaClientRequest {
  method: 'GET' | 'HEAD';
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Aborts when the client goes away: the upstream request is closed with it. */
  signal: AbortSignal;
  /** The request's id, for the lines logged for it. */
  requestId?: string;
}

export type MediaReply =
  | {
      ok: true;
      /** The media host's own status (200, 206, 304, 416): never relabelled. */
      status: number;
      /** Only the allowlisted media headers, lower-case names. */
      headers: Record<string, string>;
      /** Absent for HEAD, 304 and 416; the caller must consume or destroy it. */
      body?: Readable;
      /** Seconds the token has left: how long the client may keep the answer. */
      maxAgeSeconds: number;
    }
  | { ok: false; status: 404 | 410 | 502 | 504; failure: MediaFailure; error: string };

/** The ways opening a media token fails, each with its status. */
export type MediaFailure = 'token-invalid' | 'token-expired' | 'host-refused' | 'not-media' | 'host-unreachable' | 'host-timeout';

/** Statuses that mean "this media URL no longer works for us": worth one fresh resolve of the post. */
const REFUSALS = new Set([401, 403, 404, 410]);
/** Headers of the media host's answer that reach the client (type is checked separately). */
const PASSED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;
/** A playlist is read whole to be rewritten; real ones are a few KB. */
export const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

const NOT_FOUND = { ok: false, status: 404, failure: 'token-invalid', error: 'Unknown or invalid media token.' } as const;
const GONE = { ok: false, status: 410, failure: 'token-expired', error: 'This media link has expired; resolve the post again.' } as const;
const EGRESS_GONE = { ok: false, status: 410, failure: 'token-expired', error: 'This media link’s egress is no longer configured; resolve the post again.' } as const;
const REFUSED = { ok: false, status: 502, failure: 'host-refused', error: 'The media host refused the request.' } as const;
const NOT_MEDIA = { ok: false, status: 502, failure: 'not-media', error: 'The media host did not answer with media.' } as const;
const FAILED = { ok: false, status: 502, failure: 'host-unreachable', error: 'The media host could not be reached.' } as const;
const TIMEOUT = { ok: false, status: 504, failure: 'host-timeout', error: 'The media host did not answer in time.' } as const;

/** Thrown inside to end the request with a failure reply. */
class Refusal {
  constructor(readonly reply: MediaReply & { ok: false }) {}
}

@injectable()
export class OpenMediaUseCase {
  constructor(
    @inject(SIGNER) private readonly signer: Signer,
    @inject(MEDIA_FETCHER) private readonly fetcher: MediaFetcher,
    @inject(ResolveUseCase) private readonly resolve: ResolveUseCase,
    @inject(PLATFORMS) private readonly platforms: Platforms,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
    // Optional for tests that build this by hand (media then leave directly); the composition always gives one.
    @inject(ACCESS_REGISTRY) private readonly access?: AccessRegistry,
  ) {}

  /** `token` is the path segment without its optional file extension. */
  async execute(token: string, client: MediaClientRequest): Promise<MediaReply> {
    const opened = this.signer.open(token, this.clock.now());
    if (!opened.ok) return opened.error === 'expired' ? GONE : NOT_FOUND;
    const { ticket, expiresAt } = opened;
    try {
      let answer = await this.fetch(ticket, client);
      let served = ticket;
      if (REFUSALS.has(answer.status)) {
        answer.body.destroy();
        const fresh = await this.freshTicket(ticket, answer.status, client.requestId);
        answer = await this.fetch(fresh, client);
        served = fresh;
        if (REFUSALS.has(answer.status)) {
          answer.body.destroy();
          this.logger.info(forRequest(client.requestId, { platform: ticket.platform, host: hostOf(fresh.url), status: answer.status }), 'media host refused the fresh media URL too');
          return REFUSED;
        }
      }
      return await this.reply(answer, served, expiresAt, client);
    } catch (error) {
      if (error instanceof Refusal) return error.reply;
      return this.failure(ticket, error, client.requestId);
    }
  }

  private async fetch(ticket: MediaTicket, client: MediaClientRequest): Promise<MediaResponse> {
    const hosts = this.platforms.spec(ticket.platform).mediaHosts;
    // Checked again although the token was minted for it: the allowlist may have shrunk since.
    if (!isAllowedMediaUrl(ticket.url, hosts)) throw new Refusal(REFUSED);
    // The egress the token sealed, and no other (docs/design.md §9): gone since a reload, the link is too.
    const egress = this.access?.mediaEgress(ticket.platform, ticket.egress);
    if (this.access && !egress) throw new Refusal(await this.egressGone(ticket, client.requestId));
    const playlist = isHlsType(ticket.mimeType);
    return this.fetcher.fetch({
      url: ticket.url,
      // A playlist is rewritten whole, so it is always fetched whole (HEAD included: its length is
      // the rewritten one), and never conditionally: its validators describe the upstream text.
      method: playlist ? 'GET' : client.method,
      headers: { ...ticket.headers, ...(playlist ? {} : forwardedHeaders(client)) },
      allowedHosts: hosts,
      signal: client.signal,
      ...(egress ? { egress } : {}),
    });
  }

  /**
   * A token sealed with an egress no longer configured answers 410. Its post is resolved again
   * first (its cached answer still names that egress): the client's own re-resolve then gets a
   * link through an egress configured now, instead of the same 410 again.
   */
  private async egressGone(ticket: MediaTicket, requestId: string | undefined): Promise<MediaReply & { ok: false }> {
    const refreshed = ticket.canonicalUrl ? (await this.resolve.freshMediaTicket(ticket.canonicalUrl, requestId).catch(() => undefined)) !== undefined : false;
    this.logger.info(forRequest(requestId, { platform: ticket.platform, egress: ticket.egress, refreshed }), 'media token names an egress no longer configured; answered 410');
    return EGRESS_GONE;
  }

  /**
   * One re-resolve of the post: its fresh video URL (with the fresh cookies) replaces the refused
   * one. Parts of a playlist carry no post (their fresh video would be the master playlist, not
   * this segment), and a picture is not the post's playable file (a fresh resolve names the same
   * picture, or a video in its place), so for them a refusal is final.
   */
  private async freshTicket(ticket: MediaTicket, status: number, requestId: string | undefined): Promise<MediaTicket> {
    const fields = forRequest(requestId, { platform: ticket.platform, host: hostOf(ticket.url), status });
    if (!ticket.canonicalUrl || essence(ticket.mimeType).startsWith('image/')) {
      this.logger.info(fields, ticket.canonicalUrl ? 'media host refused a picture' : 'media host refused a playlist part');
      throw new Refusal(REFUSED);
    }
    const fresh = await this.resolve.freshMediaTicket(ticket.canonicalUrl, requestId).catch(() => undefined);
    this.logger.info({ ...fields, refreshed: fresh !== undefined }, 'media host refused; resolved the post again');
    if (!fresh) throw new Refusal(REFUSED);
    return fresh;
  }

  private async reply(answer: MediaResponse, ticket: MediaTicket, expiresAt: number, client: MediaClientRequest): Promise<MediaReply> {
    const maxAgeSeconds = Math.max(0, Math.floor((expiresAt - this.clock.now()) / 1000));
    const { status } = answer;
    const passed = pick(answer.headers);
    if (status === 304 || status === 416) {
      answer.body.destroy();
      return { ok: true, status, headers: status === 416 ? only(passed, 'content-range') : passed, maxAgeSeconds };
    }
    if (status !== 200 && status !== 206) {
      answer.body.destroy();
      this.logger.info(forRequest(client.requestId, { platform: ticket.platform, host: hostOf(answer.url), status }), 'media host answered an unusable status');
      return REFUSED;
    }
    const type = proxiedContentType(answer.headers['content-type'], ticket.mimeType);
    const encoding = essence(answer.headers['content-encoding']);
    // A 206 without its range, or a body still encoded despite `identity`, cannot be passed on as is.
    if (!type || (encoding !== '' && encoding !== 'identity') || (status === 206 && !passed['content-range'])) {
      answer.body.destroy();
      const fields = { platform: ticket.platform, host: hostOf(answer.url), status, type: essence(answer.headers['content-type']) };
      this.logger.info(forRequest(client.requestId, fields), 'media host answered something that is not media');
      return NOT_MEDIA;
    }
    if (isHlsType(type)) {
      if (status === 206) {
        answer.body.destroy();
        return NOT_MEDIA;
      }
      const text = await readPlaylist(answer);
      const body = Buffer.from(rewriteHlsPlaylist(text, answer.url, (part) => this.partUri(part, ticket, expiresAt)), 'utf8');
      const headers: Record<string, string> = { 'content-type': type, 'content-length': String(body.length) };
      return { ok: true, status: 200, headers, ...(client.method === 'GET' ? { body: Readable.from([body]) } : {}), maxAgeSeconds };
    }
    const headers = { 'content-type': type, ...passed };
    if (client.method === 'HEAD') {
      answer.body.destroy();
      return { ok: true, status, headers, maxAgeSeconds };
    }
    return { ok: true, status, headers, body: answer.body, maxAgeSeconds };
  }

  /**
   * A playlist's part as a sibling `/v/` URL: relative (`{token}.ts` next to `/v/{playlist token}`),
   * so it resolves on whichever host the player reached. Sealed with the playlist's headers and
   * expiry. A part the proxy may not fetch keeps its own URI.
   */
  private partUri(part: HlsUri, playlist: MediaTicket, expiresAt: number): string | undefined {
    if (!isAllowedMediaUrl(part.url, this.platforms.spec(playlist.platform).mediaHosts)) return undefined;
    const ticket: MediaTicket = { url: part.url, headers: playlist.headers, mimeType: hlsPartType(part), platform: playlist.platform, canonicalUrl: '' };
    if (playlist.egress !== undefined) ticket.egress = playlist.egress;
    const token = this.signer.seal(ticket, expiresAt);
    if (!fitsTokenCap(token)) return undefined;
    const ext = extensionOf(part.url);
    return ext ? `${token}.${ext}` : token;
  }

  private failure(ticket: MediaTicket, error: unknown, requestId: string | undefined): MediaReply & { ok: false } {
    const code = isUpstreamError(error) ? error.code : undefined;
    const err = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const fields = forRequest(requestId, { platform: ticket.platform, host: hostOf(ticket.url), code, err });
    if (code) this.logger.info(fields, 'media request failed');
    else this.logger.error(fields, 'media request threw an unexpected error');
    return code === 'UPSTREAM_TIMEOUT' ? TIMEOUT : FAILED;
  }
}

function forwardedHeaders(client: MediaClientRequest): Record<string, string> {
  const out: Record<string, string> = {};
  if (client.range) out['range'] = client.range;
  if (client.ifRange) out['if-range'] = client.ifRange;
  if (client.ifNoneMatch) out['if-none-match'] = client.ifNoneMatch;
  if (client.ifModifiedSince) out['if-modified-since'] = client.ifModifiedSince;
  return out;
}

function pick(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_HEADERS) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}

function only(headers: Record<string, string>, name: string): Record<string, string> {
  return headers[name] === undefined ? {} : { [name]: headers[name] };
}

async function readPlaylist(answer: MediaResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > MAX_PLAYLIST_BYTES) throw new Refusal(NOT_MEDIA);
      chunks.push(chunk);
    }
  } catch (error) {
    answer.body.destroy();
    // The body broke off (reset, stalled, or the client left): nothing usable to rewrite.
    throw error instanceof Refusal ? error : new Refusal(FAILED);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!isHlsPlaylist(text)) throw new Refusal(NOT_MEDIA);
  return text;
}

/** Only the host reaches a log line: media URLs carry signatures. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
