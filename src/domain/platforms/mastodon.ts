// Mastodon: any instance of a known list (plus MASTODON_INSTANCES); a post lives at /@{user}/{id} on it.
import { fediverseSpec } from './fediverse-spec.js';
import { respelledHandle } from './handle-spelling.js';
import type { Ids, RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** Large instances recognised without configuration. */
export const DEFAULT_MASTODON_INSTANCES = [
  'mastodon.social',
  'mastodon.online',
  'mstdn.social',
  'mas.to',
  'mastodon.world',
  'fosstodon.org',
  'hachyderm.io',
  'infosec.exchange',
  'techhub.social',
  'universeodon.com',
  'mastodon.art',
  'social.vivaldi.net',
  'mstdn.jp',
  'det.social',
  'toot.community',
] as const;

// Usernames are [A-Za-z0-9_]; a remote account in a local URL reads @user@origin.host.
const USER = '(?<user>[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9.-]{1,253})?)';
const STATUS_ID = '(?<id>\\d{1,20})';

/**
 * The username keeps the case the URL gives it (docs/design.md §3): Mastodon reads usernames without case
 * (`@Gargron` and `@gargron` are one account), and a status id is unique on its instance, so
 * instance and id are the content id and case never splits the cache.
 */
function status(user: string, id: string, instance: string): RouteMatch {
  return {
    canonicalUrl: `https://${instance}/@${user}/${id}`,
    contentId: `${instance}/${id}`,
    ids: { instance, user, id },
  };
}

const ACCOUNT = new RegExp(`^${USER}$`);

/**
 * The canonical URL of a status with the URL's username spelled as the instance spells it (the
 * status's `account.acct`: `Gargron`, or `user@origin.host` for a remote account), when the two
 * are one username (whatever the case); undefined otherwise (see `respelledHandle`).
 */
export function mastodonRespelledUrl(ids: Ids, acct: string): string | undefined {
  const { instance, id, user } = ids;
  const account = respelledHandle(user, acct, ACCOUNT);
  return instance && id && account ? status(account, id, instance).canonicalUrl : undefined;
}

/** Mastodon's spec for a list of instances: its hosts are configured (MASTODON_INSTANCES), so it is built. */
export function mastodonSpec(instances: readonly string[]): PlatformSpec<'mastodon'> {
  return fediverseSpec(
    {
      id: 'mastodon',
      name: 'Mastodon',
      themeColor: '#6364ff',
      kinds: ['video', 'image', 'gallery', 'link'],
      audio: true,
      routes: [
        { denotes: 'post', path: new RegExp(`^/@${USER}/${STATUS_ID}(?:/embed)?/?$`), build: ({ user, id }, _url: URL, host: string) => status(user!, id!, host) },
        {
          denotes: 'post',
          path: new RegExp(`^/users/${USER}/statuses/${STATUS_ID}(?:/activity)?/?$`),
          build: ({ user, id }, _url: URL, host: string) => status(user!, id!, host),
        },
      ],
    },
    instances,
  );
}
