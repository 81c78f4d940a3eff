// Pixelfed: a post is `/p/{user}/{id}` on its server (`/i/web/post/{id}` in its web app).
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';
import type { RouteMatch } from './route.js';

/** Large servers recognised without configuration. */
export const DEFAULT_PIXELFED_INSTANCES = [
  'pixelfed.social',
  'pixelfed.de',
  'pixelfed.uno',
  'pixel.tchncs.de',
  'pixelfed.fr',
  'gram.social',
  'pixey.org',
  'metapixl.com',
  'pxlmo.com',
] as const;

const USER = '(?<user>[A-Za-z0-9_.-]{1,64})';
const POST_ID = '(?<id>\\d{1,20})';

function post(instance: string, id: string, user?: string): RouteMatch {
  const canonicalUrl = user ? `https://${instance}/p/${user}/${id}` : `https://${instance}/i/web/post/${id}`;
  return { canonicalUrl, contentId: `${instance}/${id}`, ids: user ? { instance, user, id } : { instance, id } };
}

export function pixelfedSpec(instances: readonly string[]): PlatformSpec<'pixelfed'> {
  return fediverseSpec(
    {
      id: 'pixelfed',
      name: 'Pixelfed',
      themeColor: '#6366f1',
      kinds: ['video', 'image', 'gallery', 'link'],
      routes: [
        { denotes: 'post', path: new RegExp(`^/p/${USER}/${POST_ID}/?$`), build: ({ user, id }, _url: URL, host: string) => post(host, id!, user!) },
        { denotes: 'post', path: new RegExp(`^/i/web/post/${POST_ID}/?$`), build: ({ id }, _url: URL, host: string) => post(host, id!) },
      ],
    },
    instances,
  );
}
