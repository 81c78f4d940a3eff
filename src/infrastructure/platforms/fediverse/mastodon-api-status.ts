// Pure reader of a status of the Mastodon client API (GET /api/v1/statuses/:id), which Mastodon,
// Pleroma/Akkoma, GoToSocial, Pixelfed and Friendica all serve: from the entity to the card of
// docs/design.md §4. Reads defensively because forks and older servers leave fields out; what differs
// per program (how its post URLs read, Pleroma's extension) is the dialect each one passes.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type Card, type LinkPreview, type Poll, type QuotedPost, type ReplyTo, type UnavailableQuote } from '../../../domain/card.js';
import type { FediverseId } from '../../../domain/platforms/fediverse-software.js';
import type { PlatformId } from '../../../domain/platforms/platform-id.js';
import { htmlToText, nonEmpty } from '../kit/text.js';
import { asObject, type Json } from '../kit/json.js';
import { count, present, statsOf, utcTime } from '../kit/details.js';
import { mediaFields, mediaOf, sized, type MediaPart } from './mastodon-api-media.js';

/** What one program's statuses API says differently from Mastodon's. */
export interface StatusDialect {
  /** The platform of the posts it serves (a quoted post's `platform`). */
  platform: FediverseId & PlatformId;
  /**
   * The URL of a status (id, its author's acct, the status's own `url`) on the instance it was read
   * from, as the platform's canonical URLs read; undefined when the parts do not make one.
   */
  statusUrl(instance: string, status: { id: string; acct: string; url?: string }): string | undefined;
}

/**
 * A status as the card of §4. `instance` is the server the status was read from: the quoted and
 * replied-to posts' canonical URLs are on it, as the post's own is.
 */
export function parseApiStatus(body: unknown, instance: string, dialect: StatusDialect): AdapterResult {
  const outer = asObject(body);
  if (!outer) throw bad('the status is not a JSON object');
  // A boost is a wrapper with empty content of its own: the card shows the boosted post and its author.
  const status = asObject(outer['reblog']) ?? outer;
  const account = asObject(status['account']);
  const acct = nonEmpty(account?.['acct']);
  const profileUrl = nonEmpty(account?.['url']);
  const content = status['content'];
  if (!acct || !profileUrl || typeof content !== 'string') throw bad('the status lacks account.acct, account.url or content');

  const media = mediaPart(status);
  const card: Card = {
    ...media.part,
    title: titleOf(account!, acct),
    author: authorOf(account!, acct, profileUrl),
    nsfw: status['sensitive'] === true || media.sensitive,
  };
  // A quoting post's "RE: <url>" line is the fallback for clients without quotes: the card has `quote`.
  const description = describe(quoteOfAny(status) ? withoutQuoteFallback(content) : content);
  if (description) card.description = description;
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        // Mastodon hides the text behind the warning; the card keeps the two apart (§4).
        contentWarning: nonEmpty(status['spoiler_text']),
        publishedAt: utcTime(status['created_at']),
        editedAt: utcTime(status['edited_at']),
        lang: nonEmpty(status['language']),
        link: linkOf(status),
        quote: quoteOf(status, instance, dialect),
        replyTo: replyToOf(status, account!, instance, dialect),
        poll: pollOf(status),
        stats: statsOf({
          likes: status['favourites_count'],
          reposts: status['reblogs_count'],
          replies: status['replies_count'],
          quotes: status['quotes_count'],
        }),
      }),
    },
  };
}

/** Display names may hold `:shortcode:` emoji; they stay as text (there is no image in a title). */
function titleOf(account: Json, acct: string): string {
  const displayName = nonEmpty(account['display_name']);
  // Without a display name the handle alone is the title, rather than "acct (@acct)".
  return displayName ? `${displayName} (@${acct})` : `@${acct}`;
}

/** Mastodon has no verification flag (profile-field links are the user's claims), so `verified` is never set. */
function authorOf(account: Json, acct: string, profileUrl: string): Author {
  return { name: nonEmpty(account['display_name']) ?? acct, url: profileUrl, handle: acct, ...present({ avatar: nonEmpty(account['avatar']) }) };
}

/**
 * The account of status `id` as its instance spells it (`account.acct`), when the answer is that
 * status: a boost's own account, not the boosted post's.
 */
export function statusAcct(body: unknown, id: string): string | undefined {
  const status = asObject(body);
  return status?.['id'] === id ? nonEmpty(asObject(status['account'])?.['acct']) : undefined;
}

/**
 * Mastodon 4.4+ writes a quote's URL into the quoting post's text as well, in an element of class
 * `quote-inline` that clients showing the quote hide (its documentation says so).
 */
function withoutQuoteFallback(contentHtml: string): string {
  return contentHtml.replace(/<(p|span) class="quote-inline">[\s\S]*?<\/a>\s*<\/\1>/g, '');
}

/** The post text alone; its content warning is `contentWarning`. */
function describe(contentHtml: string): string | undefined {
  const text = htmlToText(expandShortenedLinks(contentHtml));
  return text ? clampDescription(text) : undefined;
}

/**
 * Mastodon's own links carry the whole URL in hidden spans, but posts from other servers (bridges,
 * Misskey) arrive with link text cut to `host/path...`; §4 wants the target, which `href` holds.
 */
function expandShortenedLinks(html: string): string {
  return html.replace(/<a\s[^>]*?href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (anchor, href: string, inner: string) => {
    const shown = htmlToText(inner);
    const stem = shown.replace(/(?:\.\.\.|…)$/, '');
    if (stem === shown || stem.length < 4) return anchor;
    const target = htmlToText(href);
    return target.replace(/^https?:\/\//, '').startsWith(stem) ? href : anchor;
  });
}

/**
 * Own attachments, else the quoted post's (Mastodon ≥ 4.4), else the link preview's image.
 * `sensitive` carries the quoted post's flag when its media is shown: it may be marked when the
 * quoting post is not.
 */
function mediaPart(status: Json): { part: MediaPart; sensitive: boolean } {
  const own = mediaOf(status);
  if (own) return { part: mediaFields(own), sensitive: false };
  const quoted = acceptedQuote(status);
  const fromQuote = quoted && mediaOf(quoted);
  if (quoted && fromQuote) return { part: mediaFields(fromQuote), sensitive: quoted['sensitive'] === true };
  // A preview card stays a link card: its picture illustrates the linked page, not this post.
  const preview = asObject(status['card']);
  const imageUrl = nonEmpty(preview?.['image']);
  return { part: imageUrl ? { kind: 'link', image: sized(imageUrl, preview) } : { kind: 'link' }, sensitive: false };
}

/**
 * The quoted status when the reader may see it: Mastodon ≥ 4.4 embeds it only in an accepted
 * quote (other states hold an id or nothing); Pleroma and Rebased embed it as `pleroma.quote`.
 */
function acceptedQuote(status: Json): Json | undefined {
  const quote = asObject(status['quote']);
  if (quote) return quote['state'] === 'accepted' ? asObject(quote['quoted_status']) : undefined;
  return asObject(asObject(status['pleroma'])?.['quote']);
}

/** Whether the status quotes another: Mastodon's `quote`, or Pleroma's `quote_url` (with or without the quoted status). */
function quoteOfAny(status: Json): boolean {
  return asObject(status['quote']) !== undefined || nonEmpty(asObject(status['pleroma'])?.['quote_url']) !== undefined;
}

/**
 * The quoted post as a compact card. Any other state (pending, rejected, revoked, deleted, a
 * blocked account…) or a quote without its status is a quote the reader cannot see; its account
 * is not named, so it has no URL.
 */
function quoteOf(status: Json, instance: string, dialect: StatusDialect): QuotedPost | UnavailableQuote | undefined {
  if (!quoteOfAny(status)) return undefined;
  const quoted = acceptedQuote(status);
  const account = asObject(quoted?.['account']);
  const acct = nonEmpty(account?.['acct']);
  const profileUrl = nonEmpty(account?.['url']);
  const id = quoted?.['id'];
  const canonicalUrl = typeof id === 'string' && acct ? dialect.statusUrl(instance, { id, acct, ...present({ url: nonEmpty(quoted?.['url']) }) }) : undefined;
  if (!quoted || !account || !acct || !profileUrl || !canonicalUrl) return { unavailable: true };
  const media = mediaOf(quoted);
  const part = media ? mediaFields(media) : { kind: 'link' as const };
  const content = quoted['content'];
  // The compact card has no place for a content warning, so text behind one stays hidden.
  const description = typeof content === 'string' && !nonEmpty(quoted['spoiler_text']) ? describe(content) : undefined;
  return {
    platform: dialect.platform,
    canonicalUrl,
    kind: part.kind,
    title: titleOf(account, acct),
    ...present({
      description,
      author: authorOf(account, acct, profileUrl),
      publishedAt: utcTime(quoted['created_at']),
      image: part.image,
      video: part.video,
    }),
  };
}

/**
 * The status this one answers. The answer names only account ids; the account's acct is known
 * when it is the author's own (a thread), one the status mentions, or Pleroma's
 * `in_reply_to_account_acct`, and only then is the URL built.
 */
function replyToOf(status: Json, account: Json, instance: string, dialect: StatusDialect): ReplyTo | undefined {
  const id = status['in_reply_to_id'];
  const accountId = status['in_reply_to_account_id'];
  if (typeof id !== 'string' || typeof accountId !== 'string') return undefined;
  const mentioned = Array.isArray(status['mentions']) ? status['mentions'].map(asObject).find((m) => m?.['id'] === accountId) : undefined;
  const acct =
    account['id'] === accountId ? nonEmpty(account['acct']) : (nonEmpty(mentioned?.['acct']) ?? nonEmpty(asObject(status['pleroma'])?.['in_reply_to_account_acct']));
  const canonicalUrl = acct ? dialect.statusUrl(instance, { id, acct }) : undefined;
  return acct && canonicalUrl ? { canonicalUrl, handle: acct } : undefined;
}

/** The link preview Mastodon fetched for the first link of the post. */
function linkOf(status: Json): LinkPreview | undefined {
  const preview = asObject(status['card']);
  const url = nonEmpty(preview?.['url']);
  if (!preview || !url) return undefined;
  const image = nonEmpty(preview['image']);
  return {
    url,
    ...present({ title: nonEmpty(preview['title']), description: nonEmpty(preview['description']), image: image ? sized(image, preview) : undefined }),
  };
}

/** A poll; `votes_count` is null on an option while the author hides the totals until it ends. */
function pollOf(status: Json): Poll | undefined {
  const poll = asObject(status['poll']);
  const options = (Array.isArray(poll?.['options']) ? poll['options'] : [])
    .map(asObject)
    .flatMap((option) => {
      const label = nonEmpty(option?.['title']);
      return label ? [{ label, ...present({ votes: count(option?.['votes_count']) }) }] : [];
    });
  if (!poll || !options.length) return undefined;
  return {
    options,
    ...present({
      totalVotes: count(poll['votes_count']),
      endsAt: utcTime(poll['expires_at'], 'iso', { ahead: true }),
      closed: typeof poll['expired'] === 'boolean' ? poll['expired'] : undefined,
    }),
  };
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `Mastodon API status: ${why}`);
}
