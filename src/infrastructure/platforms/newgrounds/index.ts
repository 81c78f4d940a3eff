// Newgrounds adapter, built from public extractors' facts (yt-dlp's newgrounds extractor, cobalt's
// newgrounds service): no real capture was available. A portal submission: its page (rating,
// thumbnail, date, views; a 401 is an adult submission's login) joined to its movie sources (MP4 by
// quality, title, author); a game or a movie whose sources cannot be read keeps the page's card.
// An audio submission: its page's player call (the MP3 as `audio`, the icon as image).
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { newgrounds } from '../../../domain/platforms/newgrounds.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { originOf } from '../kit/origin.js';
import { parseAudioPage } from './audio.js';
import { portalVideo } from './portal-video.js';
import { pageCard, submissionPage, type PageAnswer } from './submission-page.js';

const ORIGIN = originOf(newgrounds);

export const NewgroundsAdapter = declaredAdapter({
  spec: newgrounds,
  posts: [
    postShape(
      ['portal'],
      ({ portal }, upstream) => {
        // Asked once per resolve: both strategies read the same page.
        let page: Promise<PageAnswer> | undefined;
        const readPage = (s: AbortSignal) => (page ??= submissionPage(upstream, `${ORIGIN}/portal/view/${portal}`, s));
        return [
          {
            name: 'movie',
            run: async (s): Promise<AdapterResult> => {
              const answer = await readPage(s);
              if ('reason' in answer) return { ok: false, reason: answer.reason };
              const card = pageCard(answer.html);
              if (!card.ok) return card;
              const movie = await portalVideo(upstream, ORIGIN, portal, s);
              if (!movie.ok) return movie;
              return { ok: true, card: { ...card.card, ...movie.card, nsfw: card.card.nsfw } };
            },
          },
          {
            name: 'page',
            run: async (s): Promise<AdapterResult> => {
              const answer = await readPage(s);
              return 'reason' in answer ? { ok: false, reason: answer.reason } : pageCard(answer.html);
            },
          },
        ];
      },
      // The sources of a game are no movie: their refusal never ends the chain; the page's own does.
      { finalReasons: [] },
    ),
    postShape(['audio'], ({ audio }, upstream) => [
      {
        name: 'audio-page',
        run: async (s): Promise<AdapterResult> => {
          const answer = await submissionPage(upstream, `${ORIGIN}/audio/listen/${audio}`, s);
          return 'reason' in answer ? { ok: false, reason: answer.reason } : parseAudioPage(answer.html);
        },
      },
    ]),
  ],
});
