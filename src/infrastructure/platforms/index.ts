// The adapter registry: one line per platform. `satisfies` makes the compiler prove it complete
// (a platform in the domain registry without an adapter, or an unknown id, does not build).
import type { constructor } from 'tsyringe/dist/typings/types/index.js';
import type { PlatformAdapter } from '../../application/ports/platform-adapter.port.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import { BilibiliAdapter } from './bilibili/index.js';
import { BlueskyAdapter } from './bluesky/index.js';
import { DailymotionAdapter } from './dailymotion/index.js';
import { FacebookAdapter } from './facebook/index.js';
import { ImgurAdapter } from './imgur/index.js';
import { InstagramAdapter } from './instagram/index.js';
import { LinkedinAdapter } from './linkedin/index.js';
import { LoomAdapter } from './loom/index.js';
import { MastodonAdapter } from './mastodon/index.js';
import { NewgroundsAdapter } from './newgrounds/index.js';
import { OkruAdapter } from './okru/index.js';
import { PinterestAdapter } from './pinterest/index.js';
import { PixivAdapter } from './pixiv/index.js';
import { RedditAdapter } from './reddit/index.js';
import { SnapchatAdapter } from './snapchat/index.js';
import { RutubeAdapter } from './rutube/index.js';
import { SoundcloudAdapter } from './soundcloud/index.js';
import { SpotifyAdapter } from './spotify/index.js';
import { StreamableAdapter } from './streamable/index.js';
import { TelegramAdapter } from './telegram/index.js';
import { ThreadsAdapter } from './threads/index.js';
import { TiktokAdapter } from './tiktok/index.js';
import { TumblrAdapter } from './tumblr/index.js';
import { TwitchAdapter } from './twitch/index.js';
import { TwitterAdapter } from './twitter/index.js';
import { VimeoAdapter } from './vimeo/index.js';
import { VkAdapter } from './vk/index.js';
import { YoutubeAdapter } from './youtube/index.js';
import { FriendicaAdapter } from './friendica/index.js';
import { GotosocialAdapter } from './gotosocial/index.js';
import { LemmyAdapter } from './lemmy/index.js';
import { MisskeyAdapter } from './misskey/index.js';
import { PeertubeAdapter } from './peertube/index.js';
import { PixelfedAdapter } from './pixelfed/index.js';
import { PleromaAdapter } from './pleroma/index.js';
import { WebAdapter } from './web/index.js';

export type AdapterClass = constructor<PlatformAdapter>;

export const PLATFORM_ADAPTERS = {
  twitter: TwitterAdapter,
  instagram: InstagramAdapter,
  tiktok: TiktokAdapter,
  reddit: RedditAdapter,
  youtube: YoutubeAdapter,
  bluesky: BlueskyAdapter,
  mastodon: MastodonAdapter,
  threads: ThreadsAdapter,
  facebook: FacebookAdapter,
  dailymotion: DailymotionAdapter,
  vimeo: VimeoAdapter,
  twitch: TwitchAdapter,
  streamable: StreamableAdapter,
  soundcloud: SoundcloudAdapter,
  loom: LoomAdapter,
  tumblr: TumblrAdapter,
  pinterest: PinterestAdapter,
  imgur: ImgurAdapter,
  telegram: TelegramAdapter,
  snapchat: SnapchatAdapter,
  spotify: SpotifyAdapter,
  pixiv: PixivAdapter,
  bilibili: BilibiliAdapter,
  linkedin: LinkedinAdapter,
  newgrounds: NewgroundsAdapter,
  vk: VkAdapter,
  okru: OkruAdapter,
  rutube: RutubeAdapter,
  pleroma: PleromaAdapter,
  misskey: MisskeyAdapter,
  gotosocial: GotosocialAdapter,
  pixelfed: PixelfedAdapter,
  friendica: FriendicaAdapter,
  lemmy: LemmyAdapter,
  peertube: PeertubeAdapter,
  web: WebAdapter,
} as const satisfies Record<PlatformId, AdapterClass>;
