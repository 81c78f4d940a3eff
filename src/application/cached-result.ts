// The value a resolve stores in the cache, validated on read: anything that does not fit (an
// unsafe card included) is a miss (and deleted), so a corrupt or older-format entry can never
// reach a client.
import * as v from 'valibot';
import { KINDS } from '../domain/card.js';
import { PLATFORM_IDS } from '../domain/platforms/platform-id.js';
import { REASONS } from '../domain/reasons.js';
import { safeCard } from '../domain/safe-card.js';
import type { DegradedOutcome, OkOutcome } from '../domain/outcome.js';

const Rendition = v.object({ url: v.string(), width: v.number(), height: v.number() });
const Image = v.object({
  url: v.string(),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  alt: v.optional(v.string()),
  renditions: v.optional(v.array(Rendition)),
  // Only on a platform whose pictures need the proxy (its spec's `imagesNeedProxy`).
  needsProxy: v.optional(v.literal(true)),
});
const Author = v.object({
  name: v.string(),
  url: v.string(),
  handle: v.optional(v.string()),
  avatar: v.optional(v.string()),
  verified: v.optional(v.boolean()),
});
const Video = v.object({
  url: v.string(),
  mimeType: v.string(),
  needsProxy: v.boolean(),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  duration: v.optional(v.number()),
  hasAudio: v.optional(v.boolean()),
});
const Audio = v.object({ url: v.string(), mimeType: v.string(), needsProxy: v.boolean(), duration: v.optional(v.number()), preview: v.optional(v.boolean()) });
const Link = v.object({ url: v.string(), title: v.optional(v.string()), description: v.optional(v.string()), image: v.optional(Image) });
const Quote = v.union([
  v.object({
    platform: v.picklist(PLATFORM_IDS),
    canonicalUrl: v.string(),
    kind: v.picklist(KINDS),
    title: v.optional(v.string()),
    description: v.optional(v.string()),
    author: v.optional(Author),
    publishedAt: v.optional(v.string()),
    image: v.optional(Image),
    video: v.optional(Video),
  }),
  v.object({ canonicalUrl: v.optional(v.string()), unavailable: v.literal(true) }),
  v.object({ canonicalUrl: v.string() }),
]);
const Poll = v.object({
  options: v.array(v.object({ label: v.string(), votes: v.optional(v.number()) })),
  totalVotes: v.optional(v.number()),
  endsAt: v.optional(v.string()),
  closed: v.optional(v.boolean()),
});
const Count = v.optional(v.number());
const Stats = v.object({ likes: Count, reposts: Count, replies: Count, quotes: Count, views: Count, bookmarks: Count, score: Count });
const Common = {
  platform: v.picklist(PLATFORM_IDS),
  canonicalUrl: v.string(),
  siteName: v.string(),
  themeColor: v.string(),
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  author: v.optional(Author),
};

const OkSchema = v.object({
  status: v.literal('ok'),
  ...Common,
  kind: v.picklist(KINDS),
  nsfw: v.boolean(),
  image: v.optional(Image),
  images: v.optional(v.array(Image)),
  video: v.optional(Video),
  // Post details (docs/design.md §4): entries written before they existed validate without them.
  contentWarning: v.optional(v.string()),
  publishedAt: v.optional(v.string()),
  editedAt: v.optional(v.string()),
  lang: v.optional(v.string()),
  videos: v.optional(v.array(Video)),
  audio: v.optional(Audio),
  link: v.optional(Link),
  quote: v.optional(Quote),
  replyTo: v.optional(v.object({ canonicalUrl: v.optional(v.string()), handle: v.optional(v.string()) })),
  poll: v.optional(Poll),
  stats: v.optional(Stats),
  community: v.optional(v.object({ name: v.string(), url: v.string() })),
  // A web page's declared icon (docs/design.md §3 "The open web").
  icon: v.optional(v.object({ url: v.string(), width: v.optional(v.number()), height: v.optional(v.number()) })),
});

const DegradedSchema = v.object({
  status: v.literal('degraded'),
  ...Common,
  reason: v.picklist(REASONS),
  kind: v.literal('link'),
});

export const CachedResultSchema = v.object({
  outcome: v.variant('status', [OkSchema, DegradedSchema]),
  /** When the media URLs expire (epoch ms), if they do. */
  mediaExpiresAt: v.optional(v.number()),
  /** Upstream headers the video needs (for the media proxy); never sent to a client. */
  mediaHeaders: v.optional(v.record(v.string(), v.string())),
  /** The egress (its name) the post was resolved through: its media leave the same way. */
  egress: v.optional(v.string()),
  /** Until when it answers as a hit (epoch ms). Entries written before it existed are fresh for their whole TTL. */
  freshUntil: v.optional(v.number()),
  /** `ok` entries only: until when it may still answer if the upstream fails (stale-if-error), epoch ms. */
  staleUntil: v.optional(v.number()),
  /** The outcome's canonical URL is the platform's own spelling (reported by the adapter), answered to every spelling of the post. */
  canonicalFromPlatform: v.optional(v.boolean()),
  /** A web page whose redirects led to a URL a platform claims: the resolve goes on there (docs/design.md §3). */
  handOff: v.optional(v.string()),
});

export interface CachedResult {
  outcome: OkOutcome | DegradedOutcome;
  mediaExpiresAt?: number;
  mediaHeaders?: Readonly<Record<string, string>>;
  egress?: string;
  freshUntil?: number;
  staleUntil?: number;
  canonicalFromPlatform?: boolean;
  handOff?: string;
}

/** The entry a stored value holds, or undefined when it does not fit (an unsafe card included). */
export function readCachedResult(value: unknown): CachedResult | undefined {
  const parsed = v.safeParse(CachedResultSchema, value);
  if (!parsed.success) return undefined;
  const result = parsed.output as CachedResult;
  // An entry written before cards were made safe may still hold an unsafe URL or control
  // characters: it fails here like any other misfit, and the post is fetched (and cleaned) anew.
  return safeCard(result.outcome) === result.outcome ? result : undefined;
}
