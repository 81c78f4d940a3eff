// Spotify's embed player page (`/embed/{type}/{id}`, what spotify-url-info reads): its Next.js state
// (`__NEXT_DATA__`, once a base64 `initial-state` script) names the item — title, artists, artwork,
// length, release date, explicit flag, its 30-second preview or its tracks' previews. The request,
// and its page read into a card.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, MediaImage } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { asObject, objectsOf, parseJson, type Json } from '../kit/json.js';
import { jsonScriptById, scriptById } from '../kit/state-scripts.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { description, ownerUrl, preview, releaseTime, SPOTIFY_ORIGIN } from './items.js';

export async function embedCard(upstream: Upstream, type: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  // A current browser's User-Agent: an old one gets 403 "Unsupported browser" (SOURCES.md).
  const response = await upstream.page(`${SPOTIFY_ORIGIN}/embed/${type}/${id}`, 'browser', signal);
  const refused = reasonForStatus(response.status);
  return refused ? { ok: false, reason: refused } : parseEmbed(response.text());
}

/** The card the embed state gives; a page without it is the wall or error page standing in for it. */
export function parseEmbed(html: string): AdapterResult {
  const entity = entityOf(html);
  const title = nonEmpty(entity?.['name']) ?? nonEmpty(entity?.['title']);
  if (!entity || !title) return { ok: false, reason: pageWithoutPost(html) };
  const image = artwork(entity['coverArt']);
  const author = authorOf(entity);
  // Who made it: every artist (a track's, an album's), else the owner or show (`subtitle`).
  const artists = objectsOf(entity['artists']).flatMap((artist) => nonEmpty(artist?.['name']) ?? []);
  const makers = artists.length > 0 ? artists.join(', ') : nonEmpty(entity['subtitle']);
  // A playlist's description may hold links and entities.
  const text = nonEmpty(entity['description']);
  const card: Card = {
    kind: image ? 'image' : 'link',
    title,
    nsfw: entity['isExplicit'] === true,
    ...description(makers, seconds(entity['duration'], 'ms'), text && htmlToText(text)),
  };
  if (author) card.author = author;
  if (image) card.image = image;
  const publishedAt = releaseTime(asObject(entity['releaseDate'])?.['isoString']);
  if (publishedAt) card.publishedAt = publishedAt;
  // A list (album, playlist, show, an artist's top tracks) plays its first playable track's preview.
  const playable = [entity, ...objectsOf(entity['trackList'])].find((item) => item?.['isPlayable'] !== false && asObject(item?.['audioPreview'])?.['url']);
  const audio = preview(asObject(playable?.['audioPreview'])?.['url']);
  if (audio) card.audio = audio;
  return { ok: true, card };
}

/** `props.pageProps.state.data.entity` of `__NEXT_DATA__`, or `data.entity` of the older base64 `initial-state`. */
function entityOf(html: string): Json | undefined {
  const next = asObject(jsonScriptById(html, '__NEXT_DATA__'));
  const state = asObject(asObject(asObject(next?.['props'])?.['pageProps'])?.['state']);
  const fromNext = asObject(asObject(state?.['data'])?.['entity']);
  if (fromNext) return fromNext;
  const encoded = scriptById(html, 'initial-state')?.text.trim();
  if (!encoded || !/^[A-Za-z0-9+/]+=*$/.test(encoded)) return undefined;
  return asObject(asObject(asObject(parseJson(Buffer.from(encoded, 'base64').toString('utf8')))?.['data'])?.['entity']);
}

/** The first artist; a list or episode without artists names its owner (`subtitle`, `relatedEntityUri`). */
function authorOf(entity: Json): Author | undefined {
  const artist = objectsOf(entity['artists'])[0];
  const name = artist ? nonEmpty(artist['name']) : nonEmpty(entity['subtitle']);
  const url = ownerUrl(artist ? artist['uri'] : entity['relatedEntityUri']);
  return name && url ? { name, url } : undefined;
}

/** The largest https source of the artwork with its size, the others as its renditions, largest first. */
function artwork(value: unknown): MediaImage | undefined {
  const sources = objectsOf(asObject(value)?.['sources'])
    .flatMap((source) => {
      const url = nonEmpty(source?.['url']);
      const size = sizePair(source?.['width'], source?.['height']);
      return url?.startsWith('https://') ? [{ url, ...size }] : [];
    })
    .sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0));
  const [largest, ...smaller] = sources;
  if (!largest) return undefined;
  const renditions = smaller.flatMap((s) => (s.width && s.height ? [{ url: s.url, width: s.width, height: s.height }] : []));
  return renditions.length > 0 && largest.width ? { ...largest, renditions } : largest;
}
