// The item's own page (`open.spotify.com/{type}/{id}`) as a link crawler reads its head: Open Graph
// and `music:` tags, JSON-LD as a stand-in for what they lack. Spotify serves those tags even with
// its 403 "Unsupported browser" page, so a refusing status is read too. The request, and its head.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { canonicalLink, readMetaTags, type MetaTags } from '../kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../kit/json-ld.js';
import { ogImages, twitterImage } from '../kit/open-graph.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { description, itemUrl, preview, releaseTime, SPOTIFY_ORIGIN } from './items.js';

const LD_TYPES = ['MusicRecording', 'MusicAlbum', 'MusicGroup', 'MusicPlaylist', 'PodcastSeries', 'PodcastEpisode'];

export async function pageCard(upstream: Upstream, type: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(itemUrl(type, id), 'browser', signal);
  const refused = reasonForStatus(response.status);
  if (refused === 'not-found') return { ok: false, reason: refused };
  const read = parsePage(response.text(), type);
  return read.ok || !refused ? read : { ok: false, reason: refused };
}

/**
 * The card the page's tags give, when they are of a `type` item (og:url or the canonical link names
 * one: a relinked track's names another id, the same recording, and is read as well).
 */
export function parsePage(html: string, type: string): AdapterResult {
  const meta = readMetaTags(html);
  const ld = jsonLdOfType(jsonLdBlocks(html), LD_TYPES);
  const title = nonEmpty(meta.get('og:title')) ?? nonEmpty(meta.get('twitter:title')) ?? nonEmpty(ld?.['name']);
  const self = new RegExp(`^${SPOTIFY_ORIGIN}/${type}/[A-Za-z0-9]{22}$`);
  if (!title || ![meta.get('og:url'), canonicalLink(html)].some((url) => url !== undefined && self.test(url))) return { ok: false, reason: pageWithoutPost(html) };
  const image = ogImages(meta)[0] ?? twitterImage(meta);
  const author = musicianOf(meta);
  const text = nonEmpty(meta.get('og:description')) ?? nonEmpty(ld?.['description']);
  // A track's or album's og:description is itself the summary line (`Justice · Song · 2013`).
  const summary = author ? text : undefined;
  const card: Card = {
    kind: image ? 'image' : 'link',
    title,
    nsfw: false,
    ...description(summary, seconds(meta.get('music:duration')), summary ? undefined : text),
  };
  if (author) card.author = author;
  if (image) card.image = image;
  const publishedAt = releaseTime(meta.get('music:release_date')) ?? releaseTime(ld?.['datePublished']);
  if (publishedAt) card.publishedAt = publishedAt;
  // A track's 30-second preview, an episode's clip.
  const audio = preview(meta.get('og:audio:secure_url') ?? meta.get('og:audio'), nonEmpty(meta.get('og:audio:type'))?.toLowerCase());
  if (audio) card.audio = audio;
  return { ok: true, card };
}

/**
 * The first `music:musician` (an artist page) with its name: `music:musician_description` where the
 * page gives it, else, for a single artist, the first part of og:description (`Xabarin · Album · 1994`).
 */
function musicianOf(meta: MetaTags): Author | undefined {
  const urls = meta.all('music:musician');
  const url = urls[0];
  if (!url?.startsWith(`${SPOTIFY_ORIGIN}/artist/`)) return undefined;
  const parts = meta.get('og:description')?.split(' · ') ?? [];
  const name = nonEmpty(meta.all('music:musician_description')[0]) ?? (urls.length === 1 && parts.length > 1 ? nonEmpty(parts[0]) : undefined);
  return name ? { name, url } : undefined;
}
