// Pure readers of Lemmy's client API answers (GET /api/v3/post?id=, /api/v3/comment?id=): a post's
// title, text (Markdown as plain text), link, thumbnail, community, nsfw and counts; a comment's
// text under its author, answering its post.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type Card, type Community, type LinkPreview, type MediaImage } from '../../../domain/card.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import { markdownToText } from '../fediverse/markdown-text.js';

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:$|\?)/i;

export function parsePostView(body: unknown): AdapterResult {
  const view = asObject(asObject(body)?.['post_view']);
  const post = asObject(view?.['post']);
  const title = nonEmpty(post?.['name']);
  if (!view || !post || !title) throw bad('the answer lacks post_view.post.name');
  if (post['deleted'] === true || post['removed'] === true) return { ok: false, reason: 'not-found' };
  const community = asObject(view['community']);
  const counts = asObject(view['counts']);
  const target = httpUrl(post['url']);
  const thumbnail = httpUrl(post['thumbnail_url']);
  // An image post links the picture itself: the card shows it as the post's image, not as a link.
  const imagePost = target !== undefined && IMAGE_FILE.test(new URL(target).pathname);
  const image: MediaImage | undefined = imagePost ? { url: target! } : thumbnail ? { url: thumbnail } : undefined;
  const link: LinkPreview | undefined =
    target && !imagePost
      ? { url: target, ...present({ title: nonEmpty(post['embed_title']), description: nonEmpty(post['embed_description']), image: thumbnail ? { url: thumbnail } : undefined }) }
      : undefined;
  const body_ = typeof post['body'] === 'string' ? markdownToText(post['body']) : '';
  const card: Card = { kind: imagePost ? 'image' : 'link', title, nsfw: post['nsfw'] === true || community?.['nsfw'] === true };
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        image,
        description: body_ ? clampDescription(body_) : undefined,
        author: authorOf(view),
        publishedAt: lemmyTime(post['published']),
        editedAt: lemmyTime(post['updated']),
        link,
        community: communityOf(community),
        stats: statsOf({ score: counts?.['score'], likes: counts?.['upvotes'], replies: counts?.['comments'] }),
      }),
    },
  };
}

/** `instance`: the server the comment was read from; the post it answers is on it. */
export function parseCommentView(body: unknown, instance: string): AdapterResult {
  const view = asObject(asObject(body)?.['comment_view']);
  const comment = asObject(view?.['comment']);
  if (!view || !comment || typeof comment['content'] !== 'string') throw bad('the answer lacks comment_view.comment.content');
  if (comment['deleted'] === true || comment['removed'] === true) return { ok: false, reason: 'not-found' };
  const author = authorOf(view);
  const post = asObject(view['post']);
  const counts = asObject(view['counts']);
  const text = markdownToText(comment['content']);
  const postId = post?.['id'];
  return {
    ok: true,
    card: {
      kind: 'link',
      nsfw: post?.['nsfw'] === true || asObject(view['community'])?.['nsfw'] === true,
      ...present({
        title: author ? (author.name === author.handle ? `@${author.handle}` : `${author.name} (@${author.handle})`) : undefined,
        description: text ? clampDescription(text) : undefined,
        author,
        publishedAt: lemmyTime(comment['published']),
        editedAt: lemmyTime(comment['updated']),
        replyTo: Number.isSafeInteger(postId) ? { canonicalUrl: `https://${instance}/post/${String(postId)}` } : undefined,
        community: communityOf(asObject(view['community'])),
        stats: statsOf({ score: counts?.['score'], likes: counts?.['upvotes'], replies: counts?.['child_count'] }),
      }),
    },
  };
}

function authorOf(view: Json): Author | undefined {
  const creator = asObject(view['creator']);
  const name = nonEmpty(creator?.['name']);
  const url = httpUrl(creator?.['actor_id']);
  if (!creator || !name || !url) return undefined;
  const handle = `${name}@${new URL(url).host}`;
  return { name: nonEmpty(creator['display_name']) ?? handle, url, handle, ...present({ avatar: httpUrl(creator['avatar']) }) };
}

function communityOf(community: Json | undefined): Community | undefined {
  const name = nonEmpty(community?.['name']);
  const url = httpUrl(community?.['actor_id']);
  return name && url ? { name: nonEmpty(community?.['title']) ?? name, url } : undefined;
}

/** Lemmy before 0.19 writes UTC times without a zone (`2023-06-20T17:45:50.123456`). */
function lemmyTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return utcTime(/(?:Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
}

function httpUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) && URL.canParse(value) ? value : undefined;
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `Lemmy: ${why}`);
}
