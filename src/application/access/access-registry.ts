// Every platform's sessions and egresses, from the credentials file and UPSTREAM_PROXY. `replace`
// swaps in a freshly read file (SIGHUP): resolves under way keep the sessions they started with.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { PlatformCredentials } from '../credentials.js';
import { DIRECT, EgressNames, type Egress } from './egress.js';
import { PlatformAccess } from './platform-access.js';

export const ACCESS_REGISTRY = Symbol('AccessRegistry');

export class AccessRegistry {
  private platforms = new Map<PlatformId, PlatformAccess>();
  private readonly names: EgressNames;
  /** The egress of requests made outside any resolve's grant: UPSTREAM_PROXY, else direct. */
  readonly defaultEgress: Egress;

  /** `ownHosts`: each platform's own upstream hosts (its spec's), whose cookies its sessions keep. */
  constructor(
    private credentials: PlatformCredentials,
    private readonly defaultProxy: string | undefined,
    private readonly ownHosts: (platform: PlatformId) => readonly string[] = () => [],
  ) {
    this.names = new EgressNames(this.proxyUrls());
    this.defaultEgress = defaultProxy ? this.names.of(defaultProxy) : DIRECT;
  }

  /** The platform's access as configured now (a platform the file does not name: the default pool, no sessions). */
  of(platform: PlatformId): PlatformAccess {
    let access = this.platforms.get(platform);
    if (!access) this.platforms.set(platform, (access = new PlatformAccess(this.credentials[platform], this.defaultProxy, (url) => this.names.of(url), this.ownHosts(platform))));
    return access;
  }

  /**
   * The egress of a platform's `/v/` media: the one its post was resolved through, by the name the
   * token sealed. None sealed: the post was resolved through the ambient egress (`UPSTREAM_PROXY`,
   * else direct), which a reload never changes. Undefined when no proxy of that name is configured
   * any more (a reload removed it): the media never leave through another one.
   */
  mediaEgress(platform: PlatformId, name: string | undefined): Egress | undefined {
    return name === undefined ? this.defaultEgress : this.of(platform).egressNamed(name);
  }

  /** From now on, the sessions and proxies of `credentials` (already validated). */
  replace(credentials: PlatformCredentials): void {
    this.credentials = credentials;
    this.names.keep(this.proxyUrls());
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
