// The adapters' index: one line per platform that resolves. `test/platforms-index.test.ts`
// compares it with the domain's index of URL rules.
import type { constructor } from 'tsyringe/dist/typings/types/index.js';
import type { PlatformAdapter } from '../../application/ports/platform-adapter.port.js';
import { BlueskyAdapter } from './bluesky.js';
import { FacebookAdapter } from './facebook.js';
import { InstagramAdapter } from './instagram.js';
import { MastodonAdapter } from './mastodon.js';
import { RedditAdapter } from './reddit.js';
import { ThreadsAdapter } from './threads.js';
import { TiktokAdapter } from './tiktok.js';
import { TwitterAdapter } from './twitter.js';
import { YoutubeAdapter } from './youtube.js';

export const PLATFORM_ADAPTER_CLASSES: readonly constructor<PlatformAdapter>[] = [BlueskyAdapter, YoutubeAdapter, MastodonAdapter, TiktokAdapter, InstagramAdapter, TwitterAdapter, ThreadsAdapter, RedditAdapter, FacebookAdapter];
