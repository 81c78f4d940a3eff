// SoundCloud adapter: the web app's API resolves the permalink into the card (title, artist,
// artwork, post details) and, for a track, its stream (the signed MP3/Opus file, else HLS) or the
// policy that withholds it; oEmbed's card, without sound, stands in when the API cannot be asked.
// on.soundcloud.com short links are read one redirect at a time.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { soundcloud } from '../../../domain/platforms/soundcloud.js';
import type { Reason } from '../../../domain/reasons.js';
import { readShortLink } from '../kit/short-link.js';
import { firstCard } from '../kit/strategies.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { SoundcloudApi } from './api.js';
import { oembedCard } from './oembed.js';
import { requestResolve } from './resolve.js';
import { requestStream } from './stream.js';

/** What the API says of the sound itself ends the chain: oEmbed would not find it either, or would hide that it is withheld. */
const FINAL_REASONS: readonly Reason[] = ['not-found', 'region-locked', 'unsupported'];

@injectable()
export class SoundcloudAdapter extends UpstreamAdapter implements PlatformAdapter {
  /** The API client, with the client id this instance has read. */
  private readonly api: SoundcloudApi;

  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, soundcloud.upstreamHosts);
    this.api = new SoundcloudApi(this.upstream);
  }

  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    return readShortLink(this.upstream, url, signal, { 'user-agent': USER_AGENTS.browser });
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    if (!post.ids['user'] || !(post.ids['track'] || post.ids['set'])) return Promise.resolve({ ok: false, reason: 'unsupported' });
    const strategies = [
      { name: 'api', run: (s: AbortSignal) => this.apiCard(post, s) },
      { name: 'oembed', run: (s: AbortSignal) => oembedCard(this.upstream, post.canonicalUrl, s) },
    ];
    return firstCard(strategies, signal, { finalReasons: FINAL_REASONS });
  }

  /** The resolved card, with the track's sound when a transcoding answers one. */
  private async apiCard(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const resolved = await requestResolve(this.api, post.canonicalUrl, signal);
    if (!resolved.ok) return resolved;
    const result: AdapterResult = { ok: true, card: resolved.card, ...platformSpelling(post, resolved.permalinkUrl) };
    if (!resolved.stream) return result;
    const stream = await requestStream(this.api, resolved.stream.transcodings, resolved.stream, signal);
    if (!stream) return result;
    result.card.audio = stream.audio;
    return stream.expiresAt === undefined ? result : { ...result, mediaExpiresAt: stream.expiresAt };
  }
}

/**
 * The canonical URL as SoundCloud spells the permalink, when it names the same post in another
 * case (docs/design.md §3); a private link keeps its secret token, which `permalink_url` leaves out.
 */
function platformSpelling(post: PostRef, permalinkUrl: string | undefined): { canonicalUrl?: string } {
  if (!permalinkUrl) return {};
  const secret = post.ids['secret'];
  const spelled = secret ? `${permalinkUrl}/${secret}` : permalinkUrl;
  return spelled !== post.canonicalUrl && spelled.toLowerCase() === post.canonicalUrl.toLowerCase() ? { canonicalUrl: spelled } : {};
}
