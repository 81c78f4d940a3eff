// Each platform's rows for the shared suites (faults, no-5xx, short links, fuzz), gathered from
// test/platforms/<id>/cases.ts. The index must name every id of the registry: a platform added
// without its cases fails the typecheck, so the shared suites cover it without being edited.
import type { PlatformId } from '../../src/domain/platforms/index.js';
import type { Card } from '../../src/domain/card.js';
import type { Expected } from '../faults/faults.js';
import type { PostCase } from '../fuzz/url-dressing.js';
import type fc from 'fast-check';
import { cases as bilibili } from './bilibili/cases.js';
import { cases as bluesky } from './bluesky/cases.js';
import { cases as dailymotion } from './dailymotion/cases.js';
import { cases as facebook } from './facebook/cases.js';
import { cases as imgur } from './imgur/cases.js';
import { cases as instagram } from './instagram/cases.js';
import { cases as linkedin } from './linkedin/cases.js';
import { cases as loom } from './loom/cases.js';
import { cases as mastodon } from './mastodon/cases.js';
import { cases as newgrounds } from './newgrounds/cases.js';
import { cases as okru } from './okru/cases.js';
import { cases as pinterest } from './pinterest/cases.js';
import { cases as pixiv } from './pixiv/cases.js';
import { cases as reddit } from './reddit/cases.js';
import { cases as snapchat } from './snapchat/cases.js';
import { cases as rutube } from './rutube/cases.js';
import { cases as soundcloud } from './soundcloud/cases.js';
import { cases as spotify } from './spotify/cases.js';
import { cases as streamable } from './streamable/cases.js';
import { cases as telegram } from './telegram/cases.js';
import { cases as threads } from './threads/cases.js';
import { cases as tiktok } from './tiktok/cases.js';
import { cases as tumblr } from './tumblr/cases.js';
import { cases as twitch } from './twitch/cases.js';
import { cases as twitter } from './twitter/cases.js';
import { cases as vimeo } from './vimeo/cases.js';
import { cases as vk } from './vk/cases.js';
import { cases as youtube } from './youtube/cases.js';
import { cases as pleroma } from './pleroma/cases.js';
import { cases as misskey } from './misskey/cases.js';
import { cases as gotosocial } from './gotosocial/cases.js';
import { cases as pixelfed } from './pixelfed/cases.js';
import { cases as friendica } from './friendica/cases.js';
import { cases as lemmy } from './lemmy/cases.js';
import { cases as peertube } from './peertube/cases.js';

/** A post whose recorded exchanges (one fixture scenario) resolve to an `ok` card. */
export interface HealthyPost {
  /** The post URL a client would send to GET /api/v1/resolve. */
  url: string;
  /** The fixture scenario (fixturePath(id, scenario)) holding every exchange of its healthy resolve. */
  scenario: string;
  kind: Extract<Card['kind'], 'image' | 'video'>;
  /** Faults (by title, test/faults/faults.ts) under which this platform's chain answers otherwise than most. */
  faults?: Readonly<Record<string, Expected>>;
}

/** A short link whose redirect is recorded, and the post it leads to. */
export interface ShortLinkCase {
  short: string;
  /** Fixture scenarios: the redirect first, then the post's own exchanges. */
  scenarios: readonly string[];
  canonicalUrl: string;
  kind: Card['kind'];
}

export interface PlatformCases {
  /** The capabilities `/api/v1/platforms` reports (`resolve` and `canonical` are always true). */
  capabilities: { shortLinks: boolean; video: boolean; nsfw: boolean; proxy: boolean };
  /** Whether its media files play only through the proxy (cookies, a Referer, the resolving IP), as its media hosts behave. */
  mediaNeedProxy: boolean;
  /**
   * What the adapter runs on one of the platform's captured HTML pages (../shared/fixtures/upstream/<id>/*.html,
   * by file name): the bench's P6 times it against metascraper. Absent: its captures get the shared head readers.
   */
  capturedPage?(html: string, file: string): unknown;
  /** Pages of the platform that are not posts (profiles, tags, home pages): `unsupported`, no upstream request. */
  pages: readonly string[];
  /** The fault suite stages every upstream fault over this post's exchanges. */
  healthy: HealthyPost;
  /** Well-formed URLs of the platform, however oddly written: never a 5xx, always a 200. */
  wellFormed: readonly string[];
  /** Every kind of short link the platform's routes read (none where it has no short routes). */
  shortLinks: readonly ShortLinkCase[];
  /** Generators for the fuzz suites: a post, and each kind of short link, in 2–4 equivalent URLs. */
  fuzz: { post: fc.Arbitrary<PostCase>; shortLinks: readonly fc.Arbitrary<PostCase>[] };
}

export const PLATFORM_CASES = {
  twitter,
  instagram,
  tiktok,
  reddit,
  youtube,
  bluesky,
  mastodon,
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
  pleroma,
  misskey,
  gotosocial,
  pixelfed,
  friendica,
  lemmy,
  peertube,
  // `web` (any page, when WEB_CARDS is on) joins these suites with the suite restructuring; its
  // own tests are test/platforms/web/*.
} satisfies Record<Exclude<PlatformId, 'web'>, PlatformCases>;

/** The platforms' cases in one list, each with its id. */
export const PLATFORM_CASE_LIST: ReadonlyArray<PlatformCases & { id: Exclude<PlatformId, 'web'> }> = Object.entries(PLATFORM_CASES).map(([id, c]) => ({ id: id as Exclude<PlatformId, 'web'>, ...c }));
