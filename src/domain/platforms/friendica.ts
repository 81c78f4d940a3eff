// Friendica: a post is `/display/{guid}` on its server (its ActivityPub id is `/objects/{guid}`).
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';
import type { RouteMatch } from './route.js';

/** Large servers recognised without configuration (several attested by captures). */
export const DEFAULT_FRIENDICA_INSTANCES = [
  'libranet.de',
  'venera.social',
  'squeet.me',
  'poliverso.org',
  'loma.ml',
  'nerdica.net',
  'pirati.ca',
  'soc.schuerz.at',
] as const;

// A GUID: a UUID on current servers, a hex string on older ones.
const GUID = '(?<guid>[A-Za-z0-9-]{1,64})';

function display(guid: string, instance: string): RouteMatch {
  return { canonicalUrl: `https://${instance}/display/${guid}`, contentId: `${instance}/${guid}`, ids: { instance, guid } };
}

export function friendicaSpec(instances: readonly string[]): PlatformSpec<'friendica'> {
  return fediverseSpec(
    {
      id: 'friendica',
      name: 'Friendica',
      themeColor: '#1872a2',
      kinds: ['video', 'image', 'gallery', 'link'],
      audio: true,
      routes: [
        { denotes: 'post', path: new RegExp(`^/display/${GUID}/?$`), build: ({ guid }, _url: URL, host: string) => display(guid!, host) },
        { denotes: 'post', path: new RegExp(`^/objects/${GUID}/?$`), build: ({ guid }, _url: URL, host: string) => display(guid!, host) },
      ],
    },
    instances,
  );
}
