// A platform as one declarative spec (DESIGN.md §1): its URL rules and brand, the hosts its adapter
// calls, the hosts its media come from, and what its cards can carry. The only place a platform's
// host names are written; what `/platforms` reports is derived from it here.
import type { PlatformId } from './platform-id.js';
import type { PlatformRule } from './platform-rule.js';

export interface PlatformSpec<Id extends PlatformId = PlatformId> extends PlatformRule {
  id: Id;
  /** Hosts the adapter calls; the HTTP port refuses any other. */
  upstreamHosts: readonly string[];
  /**
   * Where the cards' media may come from: exact hosts, or `.suffix` for every host under one. The
   * media proxy fetches nothing else, so a video gets a `playableUrl` only from these hosts; empty:
   * the platform's media are never proxied.
   */
  mediaHosts: readonly string[];
  /** The platform marks sensitive posts and the adapter reads that mark into the card's `nsfw`. */
  nsfw: boolean;
}

/** What `/platforms` says a platform can do, as far as its spec decides it. */
export interface PlatformCapabilities {
  /** `/resolve` expands its short links: it has short-link routes. */
  shortLinks: boolean;
  /** Its cards can carry a video. */
  video: boolean;
  nsfw: boolean;
  /** Its videos can be served through `/v/`: the media-token policy mints only for `mediaHosts`. */
  proxy: boolean;
}

export function capabilitiesOf(spec: PlatformSpec): PlatformCapabilities {
  const video = spec.kinds.includes('video');
  return {
    shortLinks: spec.routes.some((route) => route.kind === 'short'),
    video,
    nsfw: spec.nsfw,
    proxy: video && spec.mediaHosts.length > 0,
  };
}
