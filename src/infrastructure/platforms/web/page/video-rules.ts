// The page's video (docs/design.md §3 "Fields", `video`): a file a player can play, from the first
// source that names one; otherwise a player page (`mimeType: 'text/html'`), as a YouTube card has.
import type { Video } from '../../../../domain/card.js';
import { tagAttributes } from '../../kit/tags.js';
import { statedSizes } from './media-sizes.js';
import { bareType, isVideoFileType, typeByExtension } from './media-types.js';
import { ogObjects } from './open-graph-structs.js';
import type { PageView } from './page-view.js';
import type { Rule } from './rule.js';

const PLAYER = 'text/html';

function video(url: string | undefined, mimeType: string | undefined, width?: unknown, height?: unknown): Video | undefined {
  return url && mimeType ? { url, mimeType, ...statedSizes(width, height) } : undefined;
}

/** The page's `og:video` objects with a usable URL, each typed as stated, else by its extension. */
function ogVideos(page: PageView): { url: string; type?: string; width?: string; height?: string }[] {
  return ogObjects(page.metaEntries, 'video').flatMap((object) => {
    const url = object.urls.map(page.url).find((found) => found !== undefined);
    const type = url && (bareType(object.type) ?? typeByExtension(url));
    return url ? [{ url, ...(type ? { type } : {}), ...(object.width ? { width: object.width } : {}), ...(object.height ? { height: object.height } : {}) }] : [];
  });
}

/** A schema.org `encodingFormat` ("video/mp4", or a bare "mp4") as a media type. */
function encodingFormat(value: unknown, kind: 'video' | 'audio'): string | undefined {
  const format = bareType(typeof value === 'string' ? value : undefined);
  return format && !format.includes('/') ? typeByExtension(`https://x/x.${format}`) ?? `${kind}/${format}` : format;
}

function ldVideoFile(page: PageView): Video | undefined {
  for (const node of page.ld.ofType('VideoObject')) {
    const url = page.url(node['contentUrl']);
    const type = url && (encodingFormat(node['encodingFormat'], 'video') ?? typeByExtension(url) ?? 'video/mp4');
    if (url && type && isVideoFileType(type)) return video(url, type, node['width'], node['height']);
  }
  return undefined;
}

function oembedPlayer(page: PageView): Video | undefined {
  const oembed = page.oembed;
  if (oembed?.type !== 'video' || !oembed.html) return undefined;
  const iframe = /<iframe\b[^>]*>/i.exec(oembed.html)?.[0];
  return iframe ? video(page.url(tagAttributes(iframe)['src']), PLAYER, oembed.width, oembed.height) : undefined;
}

export const VIDEO_RULES: readonly Rule<Video>[] = [
  // Files: `og:video:secure_url` › `og:video:url` › `og:video` of a video type.
  (page) => {
    const file = ogVideos(page).find((og) => og.type !== undefined && isVideoFileType(og.type));
    return file && video(file.url, file.type, file.width, file.height);
  },
  (page) => {
    const url = page.url(page.meta('twitter:player:stream'));
    const type = url && (bareType(page.meta('twitter:player:stream:content_type')) ?? typeByExtension(url) ?? 'video/mp4');
    return type && isVideoFileType(type) ? video(url, type, page.meta('twitter:player:width'), page.meta('twitter:player:height')) : undefined;
  },
  ldVideoFile,
  // Players: `twitter:player` › the oEmbed answer's iframe › an `og:video` page (typed text/html, or
  // untyped with no file extension). Not JSON-LD `embedUrl`: an article lists the players of every
  // video it embeds there, and the article is no video.
  (page) => video(page.url(page.meta('twitter:player')), PLAYER, page.meta('twitter:player:width'), page.meta('twitter:player:height')),
  oembedPlayer,
  (page) => {
    const player = ogVideos(page).find((og) => og.type === undefined || og.type === PLAYER);
    return player && video(player.url, PLAYER, player.width, player.height);
  },
];

export const AUDIO_RULES: readonly Rule<{ url: string; mimeType: string }>[] = [
  // `og:audio:secure_url` › `og:audio:url` › `og:audio`, typed as stated or by its extension.
  (page) => {
    for (const object of ogObjects(page.metaEntries, 'audio')) {
      const url = object.urls.map(page.url).find((found) => found !== undefined);
      const type = url && (bareType(object.type) ?? typeByExtension(url));
      if (url && type?.startsWith('audio/')) return { url, mimeType: type };
    }
    return undefined;
  },
  (page) => {
    for (const node of page.ld.ofType('AudioObject')) {
      const url = page.url(node['contentUrl']);
      const type = url && (encodingFormat(node['encodingFormat'], 'audio') ?? typeByExtension(url));
      if (url && type?.startsWith('audio/')) return { url, mimeType: type };
    }
    return undefined;
  },
];

