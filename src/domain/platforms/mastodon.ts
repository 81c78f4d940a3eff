// Mastodon: any instance of a known list (plus MASTODON_INSTANCES); a post lives at /@{user}/{id} on it.
import { normalisedHost } from '../accept-url.js';
import type { RouteMatch } from './route.js';
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
 * Usernames are case-insensitive on Mastodon (`@Gargron` and `@gargron` are one account), so they are
 * lower-cased; the status id is unique on its instance, so instance and id are the content id.
 */
function status(account: string, id: string, url: URL): RouteMatch {
  const instance = normalisedHost(url).replace(/^www\./, '');
  const user = account.toLowerCase();
  return {
    canonicalUrl: `https://${instance}/@${user}/${id}`,
    contentId: `${instance}/${id}`,
    ids: { instance, user, id },
  };
}

/** An instance as configured ("Social.Example.", an IDN, even a pasted https://… URL) as a compared host. */
function instanceHost(instance: string): string[] {
  const text = instance.trim();
  if (text === '') return [];
  try {
    return [normalisedHost(new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`))];
  } catch {
    return [];
  }
}

/** Mastodon's spec for a list of instances: its hosts are configured (MASTODON_INSTANCES), so it is built. */
export function mastodonSpec(instances: readonly string[]): PlatformSpec<'mastodon'> {
  const hosts = [...new Set(instances.flatMap(instanceHost))];
  return {
    id: 'mastodon',
    name: 'Mastodon',
    themeColor: '#6364ff',
    hosts,
    subdomains: ['www'],
    kinds: ['video', 'image', 'gallery', 'link'],
    // Each instance answers its own statuses API; an instance not listed is never called.
    upstreamHosts: hosts,
    // Media hosts are public and vary per instance: there is no allowlist to proxy from.
    mediaHosts: [],
    nsfw: true,
    routes: [
      { kind: 'post', path: new RegExp(`^/@${USER}/${STATUS_ID}(?:/embed)?/?$`), build: ({ user, id }, url) => status(user!, id!, url) },
      {
        kind: 'post',
        path: new RegExp(`^/users/${USER}/statuses/${STATUS_ID}(?:/activity)?/?$`),
        build: ({ user, id }, url) => status(user!, id!, url),
      },
    ],
  };
}
