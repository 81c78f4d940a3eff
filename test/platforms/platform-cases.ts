// What each platform's test/platforms/<id>/cases.ts gives the shared suites (faults, no-5xx, short
// links, fuzz); the generated index (cases.ts) gathers them.
import type { Card } from '../../src/domain/card.js';
import type { Expected } from '../faults/faults.js';
import type { PostCase } from '../fuzz/url-dressing.js';
import type fc from 'fast-check';

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
