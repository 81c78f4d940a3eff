// Tumblr's Neue Post Format (NPF): a post's content as a list of typed blocks (text, image, video,
// audio, link, poll). Read here into what a card shows: the text, the photos at their largest
// size, the first video and the first sound, the link preview and the poll. Pure.
import type { Audio, LinkPreview, MediaImage, Poll, Video } from '../../../domain/card.js';
import { present } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';

export interface NpfContent {
  /** A heading block that opens the post: its title. */
  heading?: string;
  /** The other text blocks, one paragraph each. */
  paragraphs: string[];
  images: MediaImage[];
  video?: Video;
  /** The video's poster. */
  poster?: MediaImage;
  audio?: Audio;
  /** The sound's artwork. */
  artwork?: MediaImage;
  link?: LinkPreview;
  poll?: Poll;
}

export function readNpf(blocks: unknown): NpfContent {
  const content: NpfContent = { paragraphs: [], images: [] };
  if (!Array.isArray(blocks)) return content;
  for (const value of blocks) {
    const block = asObject(value);
    if (!block) continue;
    switch (block['type']) {
      case 'text':
        readText(block, content);
        break;
      case 'image': {
        const image = largestMedia(block['media']);
        if (image) content.images.push(withAlt(image, block['alt_text']));
        break;
      }
      case 'video':
        if (!content.video) readVideo(block, content);
        break;
      case 'audio':
        if (!content.audio) readAudio(block, content);
        break;
      case 'link':
        content.link ??= linkOf(block);
        break;
      case 'poll':
        content.poll ??= pollOf(block);
        break;
    }
  }
  return content;
}

/** Whether the content has anything a card draws as media. */
export function hasMedia(content: NpfContent): boolean {
  return content.images.length > 0 || content.video !== undefined || content.audio !== undefined;
}

function readText(block: Json, content: NpfContent): void {
  const text = nonEmpty(block['text']);
  if (!text) return;
  // A legacy text post's title arrives as its first block, a `heading1`.
  if (block['subtype'] === 'heading1' && content.heading === undefined && content.paragraphs.length === 0) content.heading = text;
  else content.paragraphs.push(text);
}

/**
 * The largest entry of an NPF media list (every size of one photo): the one marked as the original
 * size, else the widest. Only https URLs count.
 */
export function largestMedia(value: unknown): MediaImage | undefined {
  let best: { url: string; width: number; height?: number; original: boolean } | undefined;
  for (const entry of Array.isArray(value) ? value : [value]) {
    const media = asObject(entry);
    const url = nonEmpty(media?.['url']);
    if (!media || !url?.startsWith('https://')) continue;
    const width = positiveInt(media['width']) ?? 0;
    const original = media['has_original_dimensions'] === true;
    if (!best || (original && !best.original) || (original === best.original && width > best.width)) {
      best = { url, width, height: positiveInt(media['height']), original };
    }
  }
  return best ? { url: best.url, ...sizePair(best.width, best.height) } : undefined;
}

function withAlt(image: MediaImage, alt: unknown): MediaImage {
  const text = nonEmpty(alt);
  return text ? { ...image, alt: text } : image;
}

/**
 * A video Tumblr hosts is a file (`media`); one from elsewhere (YouTube, Vimeo) is its player
 * (`embed_iframe`, else `embed_url`), a page any browser opens.
 */
function readVideo(block: Json, content: NpfContent): void {
  const media = asObject(block['media']);
  const file = nonEmpty(media?.['url']);
  if (media && file?.startsWith('https://')) {
    content.video = { url: file, mimeType: nonEmpty(media['type']) ?? 'video/mp4', ...sizePair(media['width'], media['height']) };
  } else {
    const iframe = asObject(block['embed_iframe']);
    const player = nonEmpty(iframe?.['url']) ?? nonEmpty(block['embed_url']);
    if (!player?.startsWith('https://')) return;
    content.video = { url: player, mimeType: 'text/html', ...sizePair(iframe?.['width'], iframe?.['height']) };
  }
  const poster = largestMedia(block['poster']);
  if (poster) content.poster = poster;
}

/** Only a sound Tumblr hosts is a file; one from elsewhere (Spotify, SoundCloud) is left as a link. */
function readAudio(block: Json, content: NpfContent): void {
  const media = asObject(block['media']);
  const file = nonEmpty(media?.['url']);
  if (media && file?.startsWith('https://')) {
    content.audio = { url: file, mimeType: nonEmpty(media['type']) ?? 'audio/mpeg' };
    const artwork = largestMedia(block['poster']);
    if (artwork) content.artwork = artwork;
    return;
  }
  const url = nonEmpty(block['url']);
  if (url?.startsWith('https://')) content.link ??= { url, ...present({ title: nonEmpty(block['title']), description: nonEmpty(block['artist']) }) };
}

function linkOf(block: Json): LinkPreview | undefined {
  const url = nonEmpty(block['url']);
  if (!url) return undefined;
  const image = largestMedia(block['poster']);
  return { url, ...present({ title: nonEmpty(block['title']), description: nonEmpty(block['description']) }), ...(image ? { image } : {}) };
}

/** The question's answers as options; NPF carries no votes (results are another request). */
function pollOf(block: Json): Poll | undefined {
  const answers = Array.isArray(block['answers']) ? block['answers'] : [];
  const options = answers.flatMap((answer) => {
    const label = nonEmpty(asObject(answer)?.['answer_text']);
    return label ? [{ label }] : [];
  });
  return options.length > 0 ? { options } : undefined;
}
