// Bilibili adapter: the view answer makes the card; the playurl answer then gives its video as one
// progressive MP4 (Referer-locked: the media proxy sends the Referer), else the card keeps the
// embeddable player. b23.tv links are read hop by hop.
import { isUpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { bilibili } from '../../../domain/platforms/bilibili.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { readShortLink } from '../kit/short-link.js';
import type { Upstream } from '../kit/upstream.js';
import { playableFile, type PlayableFile } from './playurl.js';
import { viewVideo, type VideoId } from './view.js';

/** What the stream hosts want before they serve a file (SOURCES.md); the proxy sends it. */
const MEDIA_HEADERS = { referer: 'https://www.bilibili.com' } as const;

/** The part a post names (`p`, present only past the first). */
function partOf(ids: Readonly<Record<string, string>>): number {
  return ids['p'] ? Number(ids['p']) : 1;
}

async function videoCard(upstream: Upstream, id: VideoId, part: number, signal: AbortSignal): Promise<AdapterResult> {
  const viewed = await viewVideo(upstream, id, part, signal);
  if (!viewed.ok) return viewed;
  const { card, stream } = viewed.viewed;
  const file = stream && (await fileOrNone(upstream, stream.id, stream.cid, signal));
  if (!file) return { ok: true, card };
  // The player's size is the video's; the file's (a rendition the API chose) is not known, so it has none.
  const video = { ...file.video };
  if (video.duration === undefined && card.video.duration !== undefined) video.duration = card.video.duration;
  const result: AdapterResult = { ok: true, card: { ...card, video }, mediaHeaders: MEDIA_HEADERS };
  return file.expiresAt === undefined ? result : { ...result, mediaExpiresAt: file.expiresAt };
}

/** The playurl's file; a refusal or a failed request leaves the card its player (unless the resolve is over). */
async function fileOrNone(upstream: Upstream, id: VideoId, cid: number, signal: AbortSignal): Promise<PlayableFile | undefined> {
  try {
    return await playableFile(upstream, id, cid, signal);
  } catch (error) {
    if (!isUpstreamError(error) || signal.aborted) throw error;
    return undefined;
  }
}

export const BilibiliAdapter = declaredAdapter({
  spec: bilibili,
  posts: [
    postShape(['bvid'], ({ bvid }, upstream, post) => [{ name: 'view', run: (s) => videoCard(upstream, { bvid }, partOf(post.ids), s) }]),
    postShape(['aid'], ({ aid }, upstream, post) => [{ name: 'view', run: (s) => videoCard(upstream, { aid }, partOf(post.ids), s) }]),
  ],
  readShortLink: (upstream, url, signal) => readShortLink(upstream, url, signal),
});
