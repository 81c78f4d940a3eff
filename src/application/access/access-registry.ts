// Every platform's sessions and ways out, from the credentials file and UPSTREAM_PROXY. `replace`
// swaps in a freshly read file (SIGHUP): resolves under way keep the sessions they started with.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { PlatformCredentials } from '../credentials.js';
import type { Egress } from './egress.js';
import { PlatformAccess } from './platform-access.js';

export const ACCESS_REGISTRY = Symbol('AccessRegistry');

export class AccessRegistry {
  private platforms = new Map<PlatformId, PlatformAccess>();

  constructor(
    private credentials: PlatformCredentials,
    private readonly defaultProxy: string | undefined,
  ) {}

  /** The platform's access as configured now (a platform the file does not name: the default pool, no sessions). */
  of(platform: PlatformId): PlatformAccess {
    let access = this.platforms.get(platform);
    if (!access) this.platforms.set(platform, (access = new PlatformAccess(this.credentials[platform], this.defaultProxy)));
    return access;
  }

  /**
   * The way out of a platform's `/v/` media: the one of that name its post was resolved through,
   * else (a token from before a reload, or none named) the first of the platform's pool.
   */
  mediaEgress(platform: PlatformId, name: string | undefined): Egress {
    const access = this.of(platform);
    return (name !== undefined ? access.egressNamed(name) : undefined) ?? access.pool[0]!;
  }

  /** From now on, the sessions and proxies of `credentials` (already validated). */
  replace(credentials: PlatformCredentials): void {
    this.credentials = credentials;
    this.platforms = new Map();
  }

  /** Every proxy URL configured now (secret): the connection pools may let the others go. */
  proxyUrls(): Set<string> {
    const urls = new Set<string>(this.defaultProxy ? [this.defaultProxy] : []);
    for (const access of Object.values(this.credentials)) {
      for (const proxy of access?.proxies ?? []) urls.add(proxy);
      for (const session of access?.sessions ?? []) if (session.proxy) urls.add(session.proxy);
    }
    return urls;
  }
}
