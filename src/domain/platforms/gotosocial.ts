// GoToSocial: a post is a status, `/@{user}/statuses/{ULID}` on its server.
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';
import type { RouteMatch } from './route.js';

/**
 * Servers recognised without configuration. GoToSocial is built for small servers: few large ones
 * exist, so the list is short (FEDIVERSE_INSTANCES and discovery find the others).
 */
export const DEFAULT_GOTOSOCIAL_INSTANCES = ['gts.superseriousbusiness.org'] as const;

const USER = '(?<user>[A-Za-z0-9_.-]{1,64})';
// A ULID: 26 characters of Crockford's base 32.
const ULID = '(?<id>[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26})';

/** The username keeps its case (docs/design.md §3); the ULID is unique on its server, so server and ULID are the content id. */
function status(user: string, id: string, instance: string): RouteMatch {
  const ulid = id.toUpperCase();
  return { canonicalUrl: `https://${instance}/@${user}/statuses/${ulid}`, contentId: `${instance}/${ulid}`, ids: { instance, user, id: ulid } };
}

export function gotosocialSpec(instances: readonly string[]): PlatformSpec<'gotosocial'> {
  return fediverseSpec(
    {
      id: 'gotosocial',
      name: 'GoToSocial',
      themeColor: '#df8958',
      kinds: ['video', 'image', 'gallery', 'link'],
      audio: true,
      routes: [
        { denotes: 'post', path: new RegExp(`^/@${USER}/statuses/${ULID}/?$`), build: ({ user, id }, _url: URL, host: string) => status(user!, id!, host) },
        { denotes: 'post', path: new RegExp(`^/users/${USER}/statuses/${ULID}/?$`), build: ({ user, id }, _url: URL, host: string) => status(user!, id!, host) },
      ],
    },
    instances,
  );
}
