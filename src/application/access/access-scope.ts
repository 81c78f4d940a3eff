// The session and egress of the resolve under way, from the moment it chose them to its last
// upstream request. Adapters are shared by every resolve and their requests pass through layers
// that know nothing of sessions, so the choice travels with the resolve's async context
// (AsyncLocalStorage) instead of through every adapter's signature: what an adapter reads
// (SessionInUse) and what the HTTP client reads (the egress, the session to refresh) is always the
// choice of the resolve that made the request.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { PlatformCredential } from '../credentials.js';
import type { Egress } from './egress.js';
import type { LiveSession } from './live-session.js';
import type { SessionInUse } from './session-in-use.js';

/** What one resolve of `platform` runs with. */
export interface AccessGrant {
  platform: PlatformId;
  /** Absent: the resolve runs anonymously. */
  session?: LiveSession;
  egress: Egress;
}

/** The grant of the resolve under way, for the HTTP layer; undefined outside any resolve. */
export interface GrantInUse {
  grant(): AccessGrant | undefined;
}

export class AccessScope implements SessionInUse, GrantInUse {
  private readonly storage = new AsyncLocalStorage<AccessGrant>();

  /** `ambient`: the egress of requests made outside any grant (UPSTREAM_PROXY, else direct). */
  constructor(private readonly ambient: Egress) {}

  /**
   * Runs `work` with `grant` as the resolve's access, for every request it makes. A grant that
   * changes nothing (anonymous, through the ambient egress) is not entered: on Node 20 and 22 the
   * first AsyncLocalStorage.run turns on promise hooks for the whole process, a cost a deployment
   * without sessions or proxy pools should not pay.
   */
  run<T>(grant: AccessGrant, work: () => Promise<T>): Promise<T> {
    if (!grant.session && grant.egress.name === this.ambient.name && grant.egress.proxyUrl === this.ambient.proxyUrl) return work();
    return this.storage.run(grant, work);
  }

  grant(): AccessGrant | undefined {
    return this.storage.getStore();
  }

  credential(platform: PlatformId): PlatformCredential | undefined {
    const grant = this.storage.getStore();
    return grant?.platform === platform ? grant.session?.credential : undefined;
  }
}
