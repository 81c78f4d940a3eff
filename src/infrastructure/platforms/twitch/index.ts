// Twitch adapter: clips and past broadcasts both come from GQL, the only upstream that knows them
// (their web pages are a script shell with Twitch's generic tags, SOURCES.md), so each shape of post has one
// strategy. A clip answers with its best MP4 signed by its access token; a past broadcast with its
// signed HLS master playlist.
import { twitch } from '../../../domain/platforms/twitch.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { clipCard } from './clip.js';
import { videoCard } from './video.js';

export const TwitchAdapter = declaredAdapter({
  spec: twitch,
  posts: [
    postShape(['slug'], ({ slug }, upstream) => [{ name: 'gql-clip', run: (s) => clipCard(upstream, slug, s) }]),
    postShape(['video'], ({ video }, upstream) => [{ name: 'gql-video', run: (s) => videoCard(upstream, video, s) }]),
  ],
});
