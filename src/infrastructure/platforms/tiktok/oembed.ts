// TikTok's oEmbed answer → the text of a card (title, description, author), kept on a refusal when
// the page itself was withheld. Pure.
import type { Card } from '../../../domain/card.js';
import { clampDescription } from '../../../domain/card.js';
import { readOembed } from '../kit/oembed.js';
import { nonEmpty } from '../kit/text.js';
import { TIKTOK_ORIGIN } from './item.js';

export type OembedText = Pick<Card, 'title' | 'description' | 'author'>;

/**
 * oEmbed's `title` is the post text (TikTok posts have no title of their own) and `author_name`
 * the display name; the handle is `author_unique_id`, or (2022 answers lack it) the tail of
 * `author_url`. Undefined when the answer names nobody. oEmbed gives no time, counts or avatar.
 */
export function textFromOembed(body: unknown): OembedText | undefined {
  const oembed = readOembed(body);
  const authorUrl = oembed?.authorUrl;
  const handle = nonEmpty(oembed?.fields['author_unique_id']) ?? (authorUrl ? /\/@([^/?#]+)\/?$/.exec(authorUrl)?.[1] : undefined);
  const name = oembed?.authorName;
  const text = oembed?.title;
  const out: OembedText = {};
  if (handle) {
    out.title = name ? `${name} (@${handle})` : `@${handle}`;
    out.author = { name: name ?? handle, url: `${TIKTOK_ORIGIN}/@${handle}`, handle };
  }
  if (text) out.description = clampDescription(text);
  return Object.keys(out).length ? out : undefined;
}
