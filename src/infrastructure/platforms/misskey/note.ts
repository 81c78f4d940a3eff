// Pure reader of a Misskey-family note (POST /api/notes/show): from the note to the card of §4.
// A renote without text of its own shows the renoted note; with text it is a quote.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Audio, type Author, type Card, type MediaImage, type Poll, type QuotedPost, type Video } from '../../../domain/card.js';
import { count, present, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import { mfmToText } from './mfm.js';

/** `instance`: the server the note was read from; quoted and replied-to notes' URLs are on it. */
export function parseNote(body: unknown, instance: string): AdapterResult {
  const outer = asObject(body);
  if (!outer) throw bad('the note is not a JSON object');
  // A followers-only or direct note comes to an anonymous reader emptied and marked hidden.
  if (outer['isHidden'] === true) return { ok: false, reason: 'private' };
  const renote = asObject(outer['renote']);
  const pureRenote = renote && !nonEmpty(outer['text']) && !objectsOf(outer['files']).length && !outer['poll'];
  const note = pureRenote ? renote : outer;
  const author = authorOf(note, instance);
  if (!author) throw bad('the note lacks user.username');
  const media = mediaOf(note);
  const quoted = !pureRenote && renote ? quoteOf(renote, instance) : undefined;
  // A quote without media of its own shows the quoted note's (§4), under `quote` too.
  const shown = !media.video && !media.images.length && !media.audio && renote && quoted ? mediaOf(renote) : media;
  const card: Card = {
    ...mediaCard({ ...(shown.video ? { video: shown.video } : {}), ...(shown.poster ? { poster: shown.poster } : {}), images: shown.images }),
    title: author.name === author.handle ? `@${author.handle}` : `${author.name} (@${author.handle})`,
    author,
    nsfw: shown.sensitive,
  };
  if (shown.audio) Object.assign(card, { audio: shown.audio });
  const text = typeof note['text'] === 'string' ? mfmToText(note['text']) : '';
  const reply = asObject(note['reply']);
  const replyId = nonEmpty(note['replyId']) ?? nonEmpty(reply?.['id']);
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        description: text ? clampDescription(text) : undefined,
        contentWarning: nonEmpty(note['cw']),
        publishedAt: utcTime(note['createdAt']),
        editedAt: utcTime(note['updatedAt']),
        lang: nonEmpty(note['lang']),
        quote: quoted,
        replyTo: replyId ? { canonicalUrl: `https://${instance}/notes/${replyId}`, ...present({ handle: reply ? authorOf(reply, instance)?.handle : undefined }) } : undefined,
        poll: pollOf(note),
        stats: statsOf({ likes: reactionsOf(note), reposts: note['renoteCount'], replies: note['repliesCount'] }),
      }),
    },
  };
}

function authorOf(note: Json, instance: string): Author | undefined {
  const user = asObject(note['user']);
  const username = nonEmpty(user?.['username']);
  if (!user || !username || !/^[A-Za-z0-9_.-]{1,64}$/.test(username)) return undefined;
  const host = nonEmpty(user['host']);
  const handle = host ? `${username}@${host}` : username;
  return { name: nonEmpty(user['name']) ?? handle, url: `https://${instance}/@${handle}`, handle, ...present({ avatar: nonEmpty(user['avatarUrl']) }) };
}

type NoteMedia = { images: MediaImage[]; video?: Video; poster?: MediaImage; audio?: Audio; sensitive: boolean };

/** Drive files by MIME type; `comment` is the alt text, `isSensitive` marks the post nsfw. */
function mediaOf(note: Json): NoteMedia {
  const media: NoteMedia = { images: [], sensitive: false };
  for (const file of objectsOf(note['files'])) {
    const url = nonEmpty(file?.['url']);
    const type = String(file?.['type'] ?? '').toLowerCase();
    if (!file || !url) continue;
    if (file['isSensitive'] === true) media.sensitive = true;
    const properties = asObject(file['properties']);
    const size = sizePair(properties?.['width'], properties?.['height']);
    if (type.startsWith('image/')) media.images.push({ url, ...size, ...present({ alt: nonEmpty(file['comment']) }) });
    else if (type.startsWith('video/') && !media.video) {
      media.video = { url, mimeType: type, ...size };
      const thumbnail = nonEmpty(file['thumbnailUrl']);
      if (thumbnail) media.poster = { url: thumbnail };
    } else if (type.startsWith('audio/') && !media.audio) media.audio = { url, mimeType: type };
  }
  return media;
}

/** Reactions are Misskey's likes: every emoji's count, summed. */
function reactionsOf(note: Json): number | undefined {
  const reactions = asObject(note['reactions']);
  if (!reactions) return undefined;
  return Object.values(reactions).reduce<number>((sum, n) => sum + (count(n) ?? 0), 0);
}

function pollOf(note: Json): Poll | undefined {
  const poll = asObject(note['poll']);
  const options = objectsOf(poll?.['choices']).flatMap((choice) => {
    const label = nonEmpty(choice?.['text']);
    return label ? [{ label, ...present({ votes: count(choice?.['votes']) }) }] : [];
  });
  if (!poll || !options.length) return undefined;
  const endsAt = utcTime(poll['expiresAt'], 'iso', { ahead: true });
  return { options, ...present({ endsAt, closed: endsAt ? Date.parse(endsAt) < Date.now() : undefined }) };
}

function quoteOf(renote: Json, instance: string): QuotedPost | undefined {
  const id = nonEmpty(renote['id']);
  const author = authorOf(renote, instance);
  if (!id || !/^[0-9a-zA-Z]{8,32}$/.test(id) || !author) return undefined;
  const media = mediaOf(renote);
  const part = mediaCard({ ...(media.video ? { video: media.video } : {}), ...(media.poster ? { poster: media.poster } : {}), images: media.images });
  const text = typeof renote['text'] === 'string' && !nonEmpty(renote['cw']) ? mfmToText(renote['text']) : '';
  return {
    platform: 'misskey',
    canonicalUrl: `https://${instance}/notes/${id}`,
    kind: part.kind,
    title: author.name === author.handle ? `@${author.handle}` : `${author.name} (@${author.handle})`,
    author,
    ...present({ description: text ? clampDescription(text) : undefined, publishedAt: utcTime(renote['createdAt']), image: part.image, video: part.video }),
  };
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `Misskey note: ${why}`);
}
