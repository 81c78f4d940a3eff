// The platforms index of the domain: one line per platform. `test/platforms-index.test.ts` proves
// it lists the same ids as the adapters' index.
import type { PlatformRule } from './platform-rule.js';
import { bluesky } from './bluesky.js';
import { facebook } from './facebook.js';
import { instagram } from './instagram.js';
import { DEFAULT_MASTODON_INSTANCES, mastodonRule } from './mastodon.js';
import { reddit } from './reddit.js';
import { threads } from './threads.js';
import { tiktok } from './tiktok.js';
import { twitter } from './twitter.js';
import { youtube } from './youtube.js';

export interface PlatformRuleOptions {
  /** Extra Mastodon instances (MASTODON_INSTANCES), recognised beside the default list. */
  mastodonInstances?: readonly string[];
}

export function createPlatformRules(options: PlatformRuleOptions = {}): readonly PlatformRule[] {
  return [
    twitter,
    instagram,
    tiktok,
    reddit,
    youtube,
    bluesky,
    mastodonRule([...DEFAULT_MASTODON_INSTANCES, ...(options.mastodonInstances ?? [])]),
    threads,
    facebook,
  ];
}
