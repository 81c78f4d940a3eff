// Tumblr's oEmbed (`www.tumblr.com/oembed/1.0`): the blog's name and profile, no text and no media
// (its `html` is a script-driven embed). The last witness, when neither the API nor the page could
// be read. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { blogPostUrl, blogProfileUrl, blogSiteUrl, TUMBLR_ORIGIN } from './post-urls.js';

const ENDPOINT = `${TUMBLR_ORIGIN}/oembed/1.0`;

export async function oembedCard(upstream: Upstream, blog: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, blogPostUrl(blog, id), signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json(), blog) };
}

/** A link card naming the blog: `author_name` is its title, `author_url` its profile. */
export function parseOembed(body: unknown, blog: string): Card {
  const oembed = readOembed(body);
  if (!oembed?.authorName) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Tumblr oEmbed answer names no blog');
  const url = oembed.authorUrl?.startsWith('https://') ? oembed.authorUrl : blogProfileUrl(blog);
  return {
    kind: 'link',
    title: `${oembed.authorName} (@${blog})`,
    author: { name: oembed.authorName, url, handle: blog },
    nsfw: false,
    community: { name: blog, url: blogSiteUrl(blog) },
  };
}
