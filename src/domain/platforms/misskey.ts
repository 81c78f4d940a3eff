// Misskey and its forks (Sharkey, Firefish, Iceshrimp, Catodon, CherryPick, FoundKey): a post is a
// note, `/notes/{id}` on its server.
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';

/** Large servers recognised without configuration. */
export const DEFAULT_MISSKEY_INSTANCES = [
  'misskey.io',
  'misskey.design',
  'sushi.ski',
  'nijimiss.moe',
  'misskey.niri.la',
  'voskey.icalo.net',
  'oekakiskey.com',
  'mk.absturztau.be',
  'is-a.wyvern.rip',
] as const;

// aid/aidx ids (10 or 16 characters), older meid/ObjectId ids (24 hex).
const NOTE_ID = '(?<id>[0-9a-zA-Z]{8,32})';

export function misskeySpec(instances: readonly string[]): PlatformSpec<'misskey'> {
  return fediverseSpec(
    {
      id: 'misskey',
      name: 'Misskey',
      themeColor: '#86b300',
      kinds: ['video', 'image', 'gallery', 'link'],
      audio: true,
      routes: [
        {
          denotes: 'post',
          path: new RegExp(`^/notes/${NOTE_ID}/?$`),
          build: ({ id }, _url: URL, instance: string) => {
            return { canonicalUrl: `https://${instance}/notes/${id!}`, contentId: `${instance}/${id!}`, ids: { instance, id: id! } };
          },
        },
      ],
    },
    instances,
  );
}
