// A platform as one declarative spec (docs/design.md §1): its URL routes and brand, the hosts its adapter
// calls, the hosts its media come from, and what its cards can carry. The only place a platform's
// host names are written; what `/platforms` reports is derived from it here. `Id` is the platform's
// own id in its file; the registry (`index.ts`) derives `PlatformId` from its keys, so nothing here
// may name `PlatformId` (`RegisteredSpec` is the spec with it).
import type { Kind } from '../kind.js';
import type { RenditionsOf } from '../renditions.js';
import type { Route } from './route.js';

export interface PlatformSpec<Id extends string = string> {
  id: Id;
  /** Display name (`siteName` of every card). */
  name: string;
  themeColor: string;
  /** Host where canonical URLs of this platform live, e.g. `www.youtube.com`; absent: the input's host (Mastodon). */
  canonicalHost?: string;
  /** Input hosts matched exactly, or with one of `subdomains` in front. */
  hosts: readonly string[];
  subdomains: readonly string[];
  /**
   * Hosts whose paths mean nothing on `canonicalHost` (short-link and player hosts such as t.co,
   * youtu.be, fb.watch): a page on them that is not a post keeps its own host.
   */
  ownPathHosts?: readonly string[];
  /**
   * A base host whose every other single-label subdomain names an account (Tumblr's
   * `{blog}.tumblr.com`): such a host belongs to this platform, only the routes marked
   * `onAccountHost` apply on it (with the label as `ids[id]`), and its pages keep their own host.
   */
  accountHosts?: { host: string; id: string; label: RegExp };
  /**
   * Query parameters that identify a page which is not a post (`profile.php?id=`, `playlist?list=`);
   * `pageUrl` keeps them, in this order, and drops every other parameter.
   */
  pageQuery?: readonly string[];
  routes: readonly Route[];
  /** The kinds of card this platform can produce (for `/platforms`). */
  kinds: readonly Kind[];
  /** Its cards can carry a sound (`audio`: SoundCloud, Mastodon and Tumblr audio posts). */
  audio?: boolean;
  /** Hosts the adapter calls; the HTTP port refuses any other. */
  upstreamHosts: readonly string[];
  /**
   * Where the cards' media may come from: exact hosts, or `.suffix` for every host under one. The
   * media proxy fetches nothing else, so a video gets a `playableUrl` only from these hosts; empty:
   * the platform's media are never proxied.
   */
  mediaHosts: readonly string[];
  /**
   * Whether the media on `mediaHosts` play only with what a normal client does not send (cookies,
   * a Referer, the resolving IP): the card's `needsProxy` for every media file it carries. A player
   * page (`text/html`) never needs it.
   */
  mediaNeedProxy: boolean;
  /**
   * Whether the platform's pictures refuse a plain client too (pixiv's i.pximg.net wants its
   * Referer): the answer then marks the card's `image` and every `images[]` item `needsProxy: true`
   * and, under `media=proxied`, gives each a `playableUrl` (docs/design.md §4). Parsers never say it. Absent
   * (false): pictures load anywhere, and carry neither field.
   */
  imagesNeedProxy?: boolean;
  /**
   * The smaller files the platform serves of a card image, each with its true size, where its URL
   * says how to ask for them (oEmbed's maxwidth/maxheight choose among them); absent: none known.
   */
  renditions?: RenditionsOf;
  /** The platform marks sensitive posts and the adapter reads that mark into the card's `nsfw`. */
  nsfw: boolean;
  /**
   * Its posts live on hosts nobody listed (the fediverse families, `web`): anyone can make the
   * service call a host they run, so its circuit breaker, bulkhead and failure counts are kept per
   * host, listed and discovered alike (docs/design.md §9 "Open-ended platforms"). Absent: one per platform.
   */
  openEnded?: boolean;
}

/** Whether `host` (normalised) is one of the spec's hosts, itself or behind one of its subdomains. */
export function listsHost(spec: Pick<PlatformSpec, 'hosts' | 'subdomains'>, host: string): boolean {
  return spec.hosts.some((listed) => host === listed || spec.subdomains.some((sub) => host === `${sub}.${listed}`));
}

/** What `/platforms` says a platform can do, as far as its spec decides it. */
export interface PlatformCapabilities {
  /** `/resolve` expands its short links: it has short-link routes. */
  shortLinks: boolean;
  /** Its cards can carry a video. */
  video: boolean;
  nsfw: boolean;
  /**
   * Its videos and sounds (and, where they need it, its pictures) can be served through `/v/`: the
   * media-token policy mints only for `mediaHosts`.
   */
  proxy: boolean;
}

export function capabilitiesOf(spec: PlatformSpec): PlatformCapabilities {
  const video = spec.kinds.includes('video');
  return {
    shortLinks: spec.routes.some((route) => route.denotes === 'short'),
    video,
    nsfw: spec.nsfw,
    proxy: (video || spec.audio === true || spec.imagesNeedProxy === true) && spec.mediaHosts.length > 0,
  };
}
