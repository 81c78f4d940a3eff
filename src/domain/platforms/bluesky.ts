// Bluesky: bsky.app post URLs, their fixer mirrors, and at:// URIs (turned into bsky.app URLs on acceptance).
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const BLUESKY_HOST = {
  /** The public AppView: XRPC queries without auth. */
  appView: 'public.api.bsky.app',
} as const;

export const bluesky: PlatformSpec<'bluesky'> = {
  id: 'bluesky',
  name: 'Bluesky',
  themeColor: '#1185fe',
  canonicalHost: 'bsky.app',
  hosts: ['bsky.app', 'fxbsky.app', 'bskyx.app'],
  subdomains: ['www'],
  kinds: ['video', 'image', 'gallery', 'link'],
  // The public AppView's XRPC endpoints.
  upstreamHosts: [BLUESKY_HOST.appView],
  // Videos are public HLS on video.bsky.app: none is proxied.
  mediaHosts: [],
  mediaNeedProxy: false,
  // Adult labels, from moderation or the author's own.
  nsfw: true,
  routes: [
    {
      denotes: 'post',
      // A handle is a domain name; a DID is did:{method}:{id}, where `%` only starts an escape (the
      // DID syntax's pct-encoded, and the canonical URL must stay a valid URI). rkeys are TIDs
      // (13 chars) but allow more.
      // The liked-by, reposted-by and quotes lists still name the one post.
      path: /^\/profile\/(?<actor>did:[a-z0-9]{1,32}:(?:[A-Za-z0-9._:-]|%[0-9A-Fa-f]{2}){1,2048}|[A-Za-z0-9][A-Za-z0-9.-]{0,252})\/post\/(?<rkey>[A-Za-z0-9._~:-]{1,512})(?:\/(?:liked-by|reposted-by|quotes))?\/?$/,
      build: ({ actor, rkey }) => {
        // Handles are domain names (case-insensitive); a DID is kept verbatim: its `%3A` (did:web
        // with a port) is part of the identifier, and decoding a stray `%` would throw.
        const who = actor!.startsWith('did:') ? actor! : actor!.toLowerCase();
        return {
          canonicalUrl: `https://bsky.app/profile/${who}/post/${rkey}`,
          contentId: `${who}/${rkey}`,
          ids: { actor: who, rkey: rkey! },
        };
      },
    },
  ],
};
