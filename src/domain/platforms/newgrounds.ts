// Newgrounds: a portal submission (a movie or a game) and an audio submission are each named by
// their number on www.newgrounds.com; `{user}.newgrounds.com` hosts are the users' profiles.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the cards' media come from. */
export const NEWGROUNDS_HOSTS = {
  /** Audio files, icons and thumbnails (`audio.ngfiles.com`, `aicon.ngfiles.com`, `picon.ngfiles.com`). */
  files: '.ngfiles.com',
  /** Movie files by quality (`/alternate/{dir}/{id}_alternate_{n}.{N}p.mp4`). */
  uploads: 'uploads.ungrounded.net',
} as const;

function submission(section: 'portal' | 'audio', id: string): RouteMatch {
  const path = section === 'portal' ? `portal/view/${id}` : `audio/listen/${id}`;
  return { canonicalUrl: `https://www.newgrounds.com/${path}`, contentId: `${section}/${id}`, ids: { [section]: id } };
}

export const newgrounds: PlatformSpec<'newgrounds'> = {
  id: 'newgrounds',
  name: 'Newgrounds',
  themeColor: '#fda238',
  canonicalHost: 'www.newgrounds.com',
  hosts: ['newgrounds.com'],
  subdomains: ['www'],
  // Every other single-label subdomain is a user's profile: a page, kept on its host.
  accountHosts: { host: 'newgrounds.com', id: 'user', label: /[a-z0-9](?:[a-z0-9-]{0,39})/i },
  kinds: ['video', 'image', 'link'],
  audio: true,
  upstreamHosts: ['www.newgrounds.com'],
  // Served without a cookie, a Referer or a signature (public extractors fetch them plainly).
  mediaHosts: [NEWGROUNDS_HOSTS.files, NEWGROUNDS_HOSTS.uploads],
  mediaNeedProxy: false,
  nsfw: true,
  routes: [
    // /portal/view/{id}, once with /format/flash (the Flash player of an old submission).
    { denotes: 'post', path: /^\/portal\/view\/(?<portal>[1-9][0-9]{0,9})(?:\/format\/flash)?\/?$/, build: ({ portal }) => submission('portal', portal!) },
    { denotes: 'post', path: /^\/audio\/listen\/(?<audio>[1-9][0-9]{0,9})\/?$/, build: ({ audio }) => submission('audio', audio!) },
  ],
};
