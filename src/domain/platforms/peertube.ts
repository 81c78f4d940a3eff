// PeerTube: a video is `/w/{shortUUID}` on its server (`/videos/watch/{uuid}` and the embed player
// before 3.3); a UUID converts to its short form. Playlists (`/w/p/…`) are pages, not posts.
import { fediverseSpec } from './fediverse-spec.js';
import { SHORT_UUID_PATTERN, UUID_PATTERN, shortUuid } from './peertube-short-uuid.js';
import type { PlatformSpec } from './platform-spec.js';
import type { RouteMatch } from './route.js';

/** Large servers recognised without configuration. */
export const DEFAULT_PEERTUBE_INSTANCES = [
  'framatube.org',
  'tilvids.com',
  'video.blender.org',
  'tube.tchncs.de',
  'kolektiva.media',
  'diode.zone',
  'peertube.debian.social',
  'spectra.video',
  'makertube.net',
] as const;

function video(short: string, instance: string): RouteMatch {
  return { canonicalUrl: `https://${instance}/w/${short}`, contentId: `${instance}/${short}`, ids: { instance, video: short } };
}

export function peertubeSpec(instances: readonly string[]): PlatformSpec<'peertube'> {
  const byUuid = (path: string) => ({
    denotes: 'post' as const,
    path: new RegExp(`^${path}/(?<uuid>${UUID_PATTERN})/?$`),
    build: ({ uuid }: Readonly<Record<string, string>>, _url: URL, host: string) => video(shortUuid(uuid!), host),
  });
  const byShort = (path: string) => ({
    denotes: 'post' as const,
    path: new RegExp(`^${path}/(?<short>${SHORT_UUID_PATTERN})/?$`),
    build: ({ short }: Readonly<Record<string, string>>, _url: URL, host: string) => video(short!, host),
  });
  return fediverseSpec(
    {
      id: 'peertube',
      name: 'PeerTube',
      themeColor: '#f1680d',
      kinds: ['video', 'link'],
      routes: [byUuid('/w'), byUuid('/videos/watch'), byUuid('/videos/embed'), byShort('/w'), byShort('/videos/watch'), byShort('/videos/embed')],
    },
    instances,
  );
}
