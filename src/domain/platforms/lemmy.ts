// Lemmy: a post is `/post/{n}` and a comment `/comment/{n}` on the server the URL names (local
// numbers: the same post has another number on every server).
import { fediverseSpec } from './fediverse-spec.js';
import type { PlatformSpec } from './platform-spec.js';

/** Large servers recognised without configuration. */
export const DEFAULT_LEMMY_INSTANCES = [
  'lemmy.world',
  'lemmy.ml',
  'sh.itjust.works',
  'beehaw.org',
  'lemmy.dbzer0.com',
  'programming.dev',
  'feddit.org',
  'lemmy.ca',
  'lemmy.blahaj.zone',
  'discuss.tchncs.de',
] as const;

const NUMBER = '(?<n>\\d{1,12})';

export function lemmySpec(instances: readonly string[]): PlatformSpec<'lemmy'> {
  const itemRoute = (item: 'post' | 'comment') => ({
    denotes: 'post' as const,
    path: new RegExp(`^/${item}/${NUMBER}/?$`),
    build: ({ n }: Readonly<Record<string, string>>, _url: URL, instance: string) => {
      return { canonicalUrl: `https://${instance}/${item}/${n!}`, contentId: `${instance}/${item}/${n!}`, ids: { instance, [item]: n! } };
    },
  });
  return fediverseSpec({ id: 'lemmy', name: 'Lemmy', themeColor: '#00bc8c', kinds: ['video', 'image', 'link'], routes: [itemRoute('post'), itemRoute('comment')] }, instances);
}
