// Reddit app-only OAuth (client credentials grant): the bearer token for oauth.reddit.com, asked
// once and reused until shortly before it expires. The client id and secret go only into the
// token request's Authorization header.
import type { Clock } from '../../../application/ports/clock.port.js';
import { reddit } from '../../../domain/platforms/reddit.js';
import type { Reason } from '../../../domain/reasons.js';
import { asObject } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';

export const TOKEN_URL = `${originOf(reddit)}/api/v1/access_token`;
/** A token is renewed this long before its stated expiry, so no request carries a dying one. */
export const TOKEN_RENEW_MARGIN_MS = 60_000;
/** Reddit's app-only tokens last a day; used when an answer omits `expires_in`. */
const DEFAULT_LIFETIME_S = 86_400;

export type Bearer = { ok: true; token: string } | { ok: false; reason: Reason };

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export class AppOnlyToken {
  private current?: { token: string; renewAt: number };
  private pending?: Promise<Bearer>;

  constructor(
    private readonly upstream: Upstream,
    private readonly clock: Clock,
    private readonly client: OAuthClient,
  ) {}

  /**
   * The cached token while it is fresh, else a new one. Concurrent resolves share one token
   * request (it runs under the first caller's signal; a caller it fails for moves on to the
   * anonymous strategy).
   */
  get(signal: AbortSignal): Promise<Bearer> {
    if (this.current && this.clock.now() < this.current.renewAt) return Promise.resolve({ ok: true, token: this.current.token });
    this.pending ??= this.request(signal).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forgets `token` after oauth.reddit.com refused it; a newer one another request got stays. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async request(signal: AbortSignal): Promise<Bearer> {
    const basic = Buffer.from(`${this.client.clientId}:${this.client.clientSecret}`).toString('base64');
    const response = await this.upstream.request({
      url: TOKEN_URL,
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal,
    });
    // 401: Reddit does not know this client id and secret.
    if (response.status !== 200) return { ok: false, reason: reasonForStatus(response.status) ?? 'upstream-error' };
    const answer = asObject(response.json());
    const token = nonEmpty(answer?.access_token);
    // A grant Reddit will not give comes back as 200 {"error": "…"}.
    if (!token) return { ok: false, reason: 'blocked' };
    const lifetime = typeof answer?.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_LIFETIME_S;
    this.current = { token, renewAt: this.clock.now() + lifetime * 1000 - TOKEN_RENEW_MARGIN_MS };
    return { ok: true, token };
  }
}
