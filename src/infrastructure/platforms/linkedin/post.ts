// A LinkedIn post's guest page (`/feed/update/urn:li:…/`, served as `d_public_post`) read as a link
// crawler reads it: the JSON-LD `SocialMediaPosting` (full text, author, date, counts, images), else
// the Open Graph tags. og:title ("{headline} | {author} | N comments") and og:description ("{text} |
// N comments on LinkedIn") are not the text: only without the JSON-LD is the description read from
// og:description, its suffix cut. The request, and the page read into a card (pure).
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Author, type Card, type MediaImage, type Stats } from '../../../domain/card.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { readMetaTags, type MetaTags } from '../kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../kit/json-ld.js';
import { asObject, type Json } from '../kit/json.js';
import { ogImages } from '../kit/open-graph.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import type { Visitor } from '../kit/user-agents.js';
import { pageWithoutPost } from '../kit/walls.js';
import { guestPage, mediaExpiry } from './guest-page.js';

export async function postCard(upstream: Upstream, url: string, visitor: Visitor, signal: AbortSignal): Promise<AdapterResult> {
  const page = await guestPage(upstream, url, visitor, signal);
  return 'reason' in page ? { ok: false, reason: page.reason } : parsePostPage(page.html);
}

export function parsePostPage(html: string): AdapterResult {
  const meta = readMetaTags(html);
  const posting = jsonLdOfType(jsonLdBlocks(html), ['SocialMediaPosting']);
  // Only a post page names its URN (`lnkd:url`): without it, og:title is some other page's.
  const ogAuthor = POST_URN.test(meta.get('lnkd:url') ?? '') ? OG_TITLE.exec(meta.get('og:title') ?? '')?.[1] : undefined;
  // A page with neither names no post: the authwall or a bot check served in its place.
  if (!posting && !ogAuthor) return { ok: false, reason: pageWithoutPost(html) };
  const author = authorOf(posting);
  const card: Card = {
    ...mediaCard({ images: imagesOf(posting, meta) }),
    nsfw: false,
    ...present({ publishedAt: utcTime(posting?.['datePublished']), stats: statsOfPosting(posting), author }),
  };
  // Posts have no title of their own: the author's name is theirs (docs/design.md §4).
  const title = author?.name ?? nonEmpty(ogAuthor);
  if (title) card.title = title;
  const text = posting ? nonEmpty(posting['articleBody']) : nonEmpty(meta.get('og:description')?.replace(OG_DESCRIPTION_SUFFIX, ''));
  if (text) card.description = clampDescription(text);
  const expiresAt = mediaExpiry([card.image?.url, ...(card.images ?? []).map((image) => image.url), author?.avatar]);
  return expiresAt === undefined ? { ok: true, card } : { ok: true, card, mediaExpiresAt: expiresAt };
}

const POST_URN = /\/feed\/update\/urn:li:(?:activity|ugcPost|share):\d+/;
// The author is og:title's last part before the comment count (the headline may hold ` | ` itself).
const OG_TITLE = /\|\s*([^|]+?)\s*(?:\|\s*[\d,.]+\s+comments?\s*)?$/;
const OG_DESCRIPTION_SUFFIX = /\s*\|\s*[\d,.]+\s+comments? on LinkedIn\s*$/;

/** The member or company that posted, with its logo or picture as the avatar. */
function authorOf(posting: Json | undefined): Author | undefined {
  const raw = posting?.['author'];
  const author = asObject(Array.isArray(raw) ? raw[0] : raw);
  const name = nonEmpty(author?.['name']);
  const url = nonEmpty(author?.['url']);
  if (!name || !url?.startsWith('https://')) return undefined;
  const avatar = urlOf(author?.['image']);
  return avatar ? { name, url, avatar } : { name, url };
}

/**
 * The posting's images (an ImageObject or a list of them), else og:image. The JSON-LD `text` of an
 * article share is the article's title, and its image the article's: the card shows that image.
 */
function imagesOf(posting: Json | undefined, meta: MetaTags): MediaImage[] {
  const raw = posting?.['image'];
  const listed = (Array.isArray(raw) ? raw : [raw]).flatMap((image) => {
    const url = urlOf(image);
    return url ? [{ url }] : [];
  });
  return listed.length ? listed : ogImages(meta).filter((image) => image.url.startsWith('https://')).slice(0, 1);
}

function urlOf(image: unknown): string | undefined {
  const url = typeof image === 'string' ? image : nonEmpty(asObject(image)?.['url']) ?? nonEmpty(asObject(image)?.['contentUrl']);
  return url?.startsWith('https://') ? url : undefined;
}

/** The post's likes and comments; the author's FollowAction counts followers, not this post. */
function statsOfPosting(posting: Json | undefined): Stats | undefined {
  const raw = posting?.['interactionStatistic'];
  const counters = (Array.isArray(raw) ? raw : [raw]).map(asObject);
  const countOf = (action: string): unknown =>
    counters.find((c) => typeof c?.['interactionType'] === 'string' && c['interactionType'].endsWith(`schema.org/${action}`))?.['userInteractionCount'];
  return statsOf({ likes: countOf('LikeAction'), replies: countOf('CommentAction') ?? posting?.['commentCount'] });
}
