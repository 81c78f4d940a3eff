// Mastodon adapter: reads the status from the public API of the instance named in the post URL,
// on the known instances only (the default list plus MASTODON_INSTANCES).
import { inject, injectable } from 'tsyringe';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import { PLATFORM_RULES, type PlatformRules } from '../../../application/settings.js';
import { mastodonRespelledUrl } from '../../../domain/platforms/mastodon.js';
import type { Reason } from '../../../domain/reasons.js';
import { parseStatus, statusAcct } from './status.js';
import { parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { UpstreamAdapter } from '../kit/upstream.js';

@injectable()
export class MastodonAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(
    @inject(HTTP_CLIENT) http: HttpClient,
    @inject(PLATFORM_RULES) specs: PlatformRules,
  ) {
    // The configured instances (MASTODON_INSTANCES beside the defaults): the spec in force, not the default one.
    super(http, specs.find((spec) => spec.id === 'mastodon')?.upstreamHosts ?? []);
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const { instance, id } = post.ids;
    if (!instance || !id) return { ok: false, reason: 'unsupported' };
    // An instance outside upstreamHosts is refused by the HTTP port before any request is made.
    const response = await this.upstream.getJson(`https://${instance}/api/v1/statuses/${encodeURIComponent(id)}`, signal);
    if (response.status >= 200 && response.status < 300) {
      const body = response.json();
      const result = parseStatus(body, instance);
      // The URL's username spelled as the instance spells it, when that differs only in case (DESIGN §3).
      const acct = statusAcct(body, id);
      const canonicalUrl = result.ok && acct !== undefined ? mastodonRespelledUrl(post.ids, acct) : undefined;
      return result.ok && canonicalUrl ? { ...result, canonicalUrl } : result;
    }
    return { ok: false, reason: reasonForResponse(response.status, response.text()) };
  }
}

/** What a refusal of the statuses endpoint says about the post (pure; the conformance suite uses it). */
export function reasonForResponse(status: number, body: string): Reason {
  // 401 is an instance that turned off anonymous API access ("This API requires an authenticated user").
  if (status === 401) return 'blocked';
  if (status === 403) return reasonFor403(body);
  return reasonForStatus(status) ?? 'upstream-error';
}

/**
 * Mastodon answers 404, not 403, for a post the viewer may not see (followers-only, direct, a
 * suspended account), so a 403 is rare. When it is Mastodon's own JSON error from its permission
 * policy ("This action is not allowed"), it is about this post: private. When it talks about
 * logging in, or is not JSON at all (a CDN or WAF challenge page), it is about our anonymous
 * client: blocked.
 */
function reasonFor403(body: string): Reason {
  const error = (parseJson(body) as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'string') return 'blocked';
  return /authenticat|log ?in|sign ?in|token/i.test(error) ? 'blocked' : 'private';
}
