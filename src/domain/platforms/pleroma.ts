// Pleroma and its forks (Akkoma, Rebased): a post is a notice, `/notice/{id}` on its server.
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';
import type { RouteMatch } from './route.js';

/** Large servers recognised without configuration (each attested by a capture or its own NodeInfo). */
export const DEFAULT_PLEROMA_INSTANCES = [
  'social.kernel.org',
  'fe.disroot.org',
  'akko.wtf',
  'pleroma.envs.net',
  'lain.com',
  'p.helene.moe',
  'gleasonator.com',
  'freespeechextremist.com',
  'shitposter.club',
] as const;

// Flake ids are base62 (`AGNkA21auFR5lnEAHw`); older notices are numeric.
const NOTICE_ID = '(?<id>[A-Za-z0-9]{1,40})';
const UUID = '(?<object>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

function notice(id: string, instance: string): RouteMatch {
  return { canonicalUrl: `https://${instance}/notice/${id}`, contentId: `${instance}/${id}`, ids: { instance, id } };
}

/**
 * An object URL names the post by its ActivityPub id, which only the server can turn into its
 * notice id: `/canonical` keeps it as it is (it never fetches), in lower case.
 */
function object(uuid: string, instance: string): RouteMatch {
  const id = uuid.toLowerCase();
  return { canonicalUrl: `https://${instance}/objects/${id}`, contentId: `${instance}/objects/${id}`, ids: { instance, object: id } };
}

export function pleromaSpec(instances: readonly string[]): PlatformSpec<'pleroma'> {
  return fediverseSpec(
    {
      id: 'pleroma',
      name: 'Pleroma',
      themeColor: '#fba457',
      kinds: ['video', 'image', 'gallery', 'link'],
      audio: true,
      routes: [
        { denotes: 'post', path: new RegExp(`^/notice/${NOTICE_ID}/?$`), build: ({ id }, _url: URL, host: string) => notice(id!, host) },
        { denotes: 'post', path: new RegExp(`^/@[A-Za-z0-9_.-]{1,64}(?:@[A-Za-z0-9.-]{1,253})?/posts/${NOTICE_ID}/?$`), build: ({ id }, _url: URL, host: string) => notice(id!, host) },
        { denotes: 'post', path: new RegExp(`^/objects/${UUID}/?$`), build: ({ object: uuid }, _url: URL, host: string) => object(uuid!, host) },
      ],
    },
    instances,
  );
}
