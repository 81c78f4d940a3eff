// One post per adapter for the fault suite: a URL a client would paste, and the recorded exchanges
// (test/fixtures) that make its healthy resolve an `ok` card. Faults are staged over these: the
// same requests, answered badly.
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { fixturePath } from '../support/fixtures.js';

export interface FaultPlatform {
  id: PlatformId;
  /** The post URL sent to GET /api/v1/resolve. */
  url: string;
  /** The healthy upstream: every exchange of these fixtures. */
  exchanges: readonly RecordedExchange[];
  /** The card kind the healthy resolve answers. */
  kind: 'image' | 'video';
  /** Every host the adapter's strategies call (the fault server answers for all of them). */
  hosts: readonly string[];
}

function platform(id: PlatformId, url: string, scenario: string, kind: FaultPlatform['kind'], hosts: readonly string[]): FaultPlatform {
  return { id, url, exchanges: loadRecordedExchanges(fixturePath(id, scenario)), kind, hosts };
}

export const PLATFORMS: readonly FaultPlatform[] = [
  platform('twitter', 'https://x.com/marta_bakes/status/1790000000000000101', 'syndication-photo', 'image', ['cdn.syndication.twimg.com', 'api.x.com']),
  platform('instagram', 'https://www.instagram.com/p/DAphoto0001/', 'embed-photo', 'image', ['www.instagram.com']),
  platform('tiktok', 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101', 'video', 'video', ['www.tiktok.com']),
  platform('reddit', 'https://www.reddit.com/r/skyscapes/comments/1qimg02/', 'image', 'image', ['www.reddit.com', 'oauth.reddit.com']),
  platform('threads', 'https://www.threads.com/@harbourcycles/post/DKimAgeP0st', 'page-image', 'image', ['www.threads.com']),
  platform('facebook', 'https://www.facebook.com/harbourbakery/posts/pfbid02HarbourBakery7RyeLoavesAbcdefGhijkLmnopQrstu', 'post-photo', 'image', ['www.facebook.com']),
  platform('youtube', 'https://www.youtube.com/watch?v=Pq3rS7tUv1w', 'ok', 'video', ['www.youtube.com', 'youtubei.googleapis.com']),
  platform('bluesky', 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab', 'image', 'image', ['public.api.bsky.app']),
  platform('mastodon', 'https://mastodon.social/@marta/113900000000001002', 'image', 'image', ['mastodon.social']),
];
