// The platform registry: one line per platform, keyed by its id. `PlatformId` is derived from its
// keys, so there is no other list of ids, and the compiler checks that each key names its spec.
import type { PlatformSpec } from './platform-spec.js';
import { bilibili } from './bilibili.js';
import { bluesky } from './bluesky.js';
import { dailymotion } from './dailymotion.js';
import { facebook } from './facebook.js';
import { imgur } from './imgur.js';
import { instagram } from './instagram.js';
import { linkedin } from './linkedin.js';
import { loom } from './loom.js';
import { DEFAULT_MASTODON_INSTANCES, mastodonSpec } from './mastodon.js';
import { newgrounds } from './newgrounds.js';
import { okru } from './okru.js';
import { DEFAULT_FRIENDICA_INSTANCES, friendicaSpec } from './friendica.js';
import { DEFAULT_GOTOSOCIAL_INSTANCES, gotosocialSpec } from './gotosocial.js';
import { DEFAULT_LEMMY_INSTANCES, lemmySpec } from './lemmy.js';
import { DEFAULT_MISSKEY_INSTANCES, misskeySpec } from './misskey.js';
import { DEFAULT_PEERTUBE_INSTANCES, peertubeSpec } from './peertube.js';
import { DEFAULT_PIXELFED_INSTANCES, pixelfedSpec } from './pixelfed.js';
import { DEFAULT_PLEROMA_INSTANCES, pleromaSpec } from './pleroma.js';
import { instancesOf, type FediverseInstance } from './fediverse-instances.js';
import { pinterest } from './pinterest.js';
import { pixiv } from './pixiv.js';
import { reddit } from './reddit.js';
import { snapchat } from './snapchat.js';
import { rutube } from './rutube.js';
import { soundcloud } from './soundcloud.js';
import { spotify } from './spotify.js';
import { streamable } from './streamable.js';
import { telegram } from './telegram.js';
import { threads } from './threads.js';
import { tiktok } from './tiktok.js';
import { tumblr } from './tumblr.js';
import { twitch } from './twitch.js';
import { twitter } from './twitter.js';
import { vimeo } from './vimeo.js';
import { vk } from './vk.js';
import { web } from './web.js';
import { youtube } from './youtube.js';

/** Keys must equal their spec's id; the order is the one `/platforms` lists and URL matching tries. */
function registry<T extends { readonly [K in keyof T]: { readonly id: K } }>(specs: T): T {
  return specs;
}

/** The registry with the fediverse platforms' default servers; `createPlatformSpecs` adds configured ones. */
export const PLATFORM_SPECS = registry({
  twitter,
  instagram,
  tiktok,
  reddit,
  youtube,
  bluesky,
  mastodon: mastodonSpec(DEFAULT_MASTODON_INSTANCES),
  threads,
  facebook,
  dailymotion,
  vimeo,
  twitch,
  streamable,
  soundcloud,
  loom,
  tumblr,
  pinterest,
  imgur,
  telegram,
  snapchat,
  spotify,
  pixiv,
  bilibili,
  linkedin,
  newgrounds,
  vk,
  okru,
  rutube,
  pleroma: pleromaSpec(DEFAULT_PLEROMA_INSTANCES),
  misskey: misskeySpec(DEFAULT_MISSKEY_INSTANCES),
  gotosocial: gotosocialSpec(DEFAULT_GOTOSOCIAL_INSTANCES),
  pixelfed: pixelfedSpec(DEFAULT_PIXELFED_INSTANCES),
  friendica: friendicaSpec(DEFAULT_FRIENDICA_INSTANCES),
  lemmy: lemmySpec(DEFAULT_LEMMY_INSTANCES),
  peertube: peertubeSpec(DEFAULT_PEERTUBE_INSTANCES),
  // Last: it claims no host, so it is never what URL matching finds (docs/design.md §3).
  web,
});

/** Platform identifiers: lower-case ASCII, stable, part of the API (docs/design.md §3). */
export type PlatformId = keyof typeof PLATFORM_SPECS;

export type PlatformSpecs = { readonly [K in PlatformId]: PlatformSpec<K> };

export interface PlatformSpecOptions {
  /** Extra Mastodon instances (MASTODON_INSTANCES), recognised beside the default list. */
  mastodonInstances?: readonly string[];
  /** Extra fediverse servers by family (FEDIVERSE_INSTANCES), recognised beside each default list. */
  fediverseInstances?: readonly FediverseInstance[];
}

export function createPlatformSpecs(options: PlatformSpecOptions = {}): PlatformSpecs {
  const configured = options.fediverseInstances ?? [];
  const mastodon = [...(options.mastodonInstances ?? []), ...instancesOf(configured, 'mastodon')];
  if (mastodon.length === 0 && configured.length === 0) return PLATFORM_SPECS;
  return {
    ...PLATFORM_SPECS,
    mastodon: mastodonSpec([...DEFAULT_MASTODON_INSTANCES, ...mastodon]),
    pleroma: pleromaSpec([...DEFAULT_PLEROMA_INSTANCES, ...instancesOf(configured, 'pleroma')]),
    misskey: misskeySpec([...DEFAULT_MISSKEY_INSTANCES, ...instancesOf(configured, 'misskey')]),
    gotosocial: gotosocialSpec([...DEFAULT_GOTOSOCIAL_INSTANCES, ...instancesOf(configured, 'gotosocial')]),
    pixelfed: pixelfedSpec([...DEFAULT_PIXELFED_INSTANCES, ...instancesOf(configured, 'pixelfed')]),
    friendica: friendicaSpec([...DEFAULT_FRIENDICA_INSTANCES, ...instancesOf(configured, 'friendica')]),
    lemmy: lemmySpec([...DEFAULT_LEMMY_INSTANCES, ...instancesOf(configured, 'lemmy')]),
    peertube: peertubeSpec([...DEFAULT_PEERTUBE_INSTANCES, ...instancesOf(configured, 'peertube')]),
  };
}

/** The specs in registry order: the list URL matching runs over (the first host match wins). */
export function createPlatformRules(options: PlatformSpecOptions = {}): readonly PlatformSpec<PlatformId>[] {
  return Object.values(createPlatformSpecs(options));
}
