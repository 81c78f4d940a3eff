// Loom: a recording's share page and its embed player name one 32-hex video id (share links may
// carry the title as a slug in front of it).
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the cards' media come from besides the canonical one. */
export const LOOM_HOSTS = {
  /** Transcoded MP4s, signed CloudFront URLs (`cdn.loom.com/sessions/transcoded/{id}.mp4?Policy=…`). */
  cdn: 'cdn.loom.com',
} as const;

function recording(id: string): RouteMatch {
  return { canonicalUrl: `https://www.loom.com/share/${id}`, contentId: id, ids: { id } };
}

export const loom: PlatformSpec<'loom'> = {
  id: 'loom',
  name: 'Loom',
  themeColor: '#625df5',
  canonicalHost: 'www.loom.com',
  hosts: ['loom.com'],
  subdomains: ['www'],
  kinds: ['video'],
  // oEmbed, the share page and the session endpoints all answer on www.
  upstreamHosts: ['www.loom.com'],
  // The MP4 is signed in its query (CloudFront Policy, Signature, Key-Pair-Id) and plays without
  // cookies or a Referer; listed so that `media=proxied` can stream it through one origin.
  mediaHosts: [LOOM_HOSTS.cdn],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    {
      // /share/{id}, /share/{Title-Slug}-{id}, /embed/{id}; /share/folder/{id} is a folder, a page.
      denotes: 'post',
      path: /^\/(?:share|embed)\/(?:[^/]{1,300}-)?(?<id>[0-9a-f]{32})\/?$/,
      build: ({ id }) => recording(id!),
    },
  ],
};
