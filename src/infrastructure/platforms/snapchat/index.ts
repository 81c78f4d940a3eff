// Snapchat adapter, built from public extractors' facts (yt-dlp's snapchat extractor, cobalt's
// snapchat service): no real capture was available. A Spotlight video from its page's
// `__NEXT_DATA__` (else the preloaded video and Open Graph tags); a story snap from its account
// page's `__NEXT_DATA__` story and highlights; t.snapchat.com links expanded by their redirect.
import { snapchat } from '../../../domain/platforms/snapchat.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { readShortLink } from '../kit/short-link.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { spotlightCard } from './spotlight.js';
import { storySnapCard } from './story.js';

export const SnapchatAdapter = declaredAdapter({
  spec: snapchat,
  posts: [
    postShape(['spotlight'], ({ spotlight }, upstream) => [{ name: 'spotlight-page', run: (s) => spotlightCard(upstream, spotlight, s) }]),
    postShape(['user', 'snap'], ({ user, snap }, upstream) => [{ name: 'story-page', run: (s) => storySnapCard(upstream, user, snap, s) }]),
  ],
  readShortLink: (upstream, url, signal) => readShortLink(upstream, url, signal, { 'user-agent': USER_AGENTS.browser }),
});
