// A Spotlight page (`/spotlight/{id}`) → a video card. Built from public extractors' facts, no real
// capture: yt-dlp reads `__NEXT_DATA__` → `props.pageProps.spotlightFeed.spotlightStories[]`, the
// one whose `story.storyId.value` is the id, `.metadata.videoMetadata` {name, description,
// thumbnailUrl, contentUrl, width, height, durationMs, uploadDateMs, viewCount (-1: hidden),
// shareCount, creator.personCreator.{username, url}}; newer pages list `spotlightStoryMetadata[]
// .videoMetadata`; cobalt takes the video from `<link rel="preload" as="video" href>` on
// *.sc-cdn.net, which with the Open Graph tags makes the card when the state cannot be read.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { readHead, readMetaTags } from '../kit/head.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { tagAttributes } from '../kit/tags.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { authorOf, cdnUrl, httpsUrl, pagePropsOf, requestPage, unwrapped } from './page-data.js';
import { cloudFrontExpiry, earliestExpiry } from '../kit/url-expiry.js';

export async function spotlightCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestPage(upstream, `/spotlight/${id}`, signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseSpotlightPage(response.text(), id);
}

export function parseSpotlightPage(html: string, id: string): AdapterResult {
  const story = spotlightStory(pagePropsOf(html), id);
  const metadata = asObject(story?.['videoMetadata']);
  const meta = readMetaTags(html);
  const url = cdnUrl(metadata?.['contentUrl']) ?? preloadedVideo(html);
  if (!url) return { ok: false, reason: pageWithoutPost(html) };
  const video: Video = { url, mimeType: 'video/mp4', ...sizePair(metadata?.['width'], metadata?.['height']) };
  const duration = seconds(metadata?.['durationMs'], 'ms');
  if (duration) video.duration = duration;
  const creator = asObject(asObject(metadata?.['creator'])?.['personCreator']);
  const username = nonEmpty(creator?.['username']);
  const author = username ? authorOf(username, undefined, undefined, httpsUrl(creator?.['url'])) : undefined;
  const thumbnail = httpsUrl(metadata?.['thumbnailUrl']) ?? httpsUrl(meta.get('og:image'));
  const engagement = asObject(story?.['engagementStats']);
  const title = nonEmpty(metadata?.['name']) ?? (username ? `@${username}` : nonEmpty(meta.get('og:title')));
  const card: Card = {
    kind: 'video',
    nsfw: false,
    video,
    ...present({
      title,
      // The state's text when there is state; the page's description only stands in without it.
      description: metadata ? (nonEmpty(metadata['description']) ?? nonEmpty(story?.['description'])) : nonEmpty(meta.get('og:description')),
      author,
      image: thumbnail ? { url: thumbnail } : undefined,
      publishedAt: utcTime(metadata?.['uploadDateMs'], 'epochMs'),
      stats: statsOf({ views: metadata?.['viewCount'] ?? engagement?.['viewCount'], reposts: metadata?.['shareCount'] ?? engagement?.['shareCount'] }),
    }),
  };
  const expiresAt = earliestExpiry([url, thumbnail], cloudFrontExpiry);
  return expiresAt ? { ok: true, card, mediaExpiresAt: expiresAt } : { ok: true, card };
}

/** The page's story of this id: `{videoMetadata, description?, engagementStats?}`. */
function spotlightStory(props: Json | undefined, id: string): Json | undefined {
  const feed = objectsOf(asObject(props?.['spotlightFeed'])?.['spotlightStories']);
  const mine = feed.find((entry) => unwrapped(asObject(entry?.['story'])?.['storyId']) === id);
  if (mine) return asObject(mine['metadata']);
  // A Spotlight page's own story comes first in `spotlightStoryMetadata`; placeholder slots have no video.
  return objectsOf(props?.['spotlightStoryMetadata']).find((entry) => cdnUrl(asObject(entry?.['videoMetadata'])?.['contentUrl']));
}

/** The `<head>`'s `<link rel="preload" as="video" href>` on the media CDN, as cobalt reads it. */
function preloadedVideo(html: string): string | undefined {
  for (const tag of readHead(html).links) {
    const attributes = tagAttributes(tag);
    if (attributes['as'] === 'video' && attributes['rel']?.toLowerCase().split(/\s+/).includes('preload')) {
      const url = cdnUrl(attributes['href']);
      if (url) return url;
    }
  }
  return undefined;
}
