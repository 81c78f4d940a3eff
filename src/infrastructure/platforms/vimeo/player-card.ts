// The card from the player config and oEmbed together: oEmbed's text where it has it (the config
// has no description or upload date), the config's stream, duration and channel portrait. An
// unlisted video linked without its hash is asked again with the hash oEmbed names.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card } from '../../../domain/card.js';
import { present } from '../kit/details.js';
import type { Upstream } from '../kit/upstream.js';
import { requestPlayerConfig, type ConfigAnswer } from './config.js';
import { textOf, type OembedAnswer } from './oembed.js';
import type { VimeoVideoRef } from './urls.js';

export async function playerCard(upstream: Upstream, video: VimeoVideoRef, oembedAnswer: Promise<OembedAnswer>, signal: AbortSignal): Promise<AdapterResult> {
  // oEmbed failing (a transport error included) leaves the config's own text; the oEmbed strategy
  // reports that failure if the config fails too.
  const [first, oembed] = await Promise.all([requestPlayerConfig(upstream, video, signal), oembedAnswer.catch(() => undefined)]);
  let answer: ConfigAnswer = first;
  const text = oembed?.ok ? oembed.oembed : undefined;
  if (!answer.ok && !video.hash && text?.hash && answer.reason !== 'region-locked') {
    answer = await requestPlayerConfig(upstream, { id: video.id, hash: text.hash }, signal);
  }
  if (!answer.ok) return answer;
  const { config } = answer;
  const fromOembed = text ? textOf(text) : {};
  const card: Card = {
    kind: 'video',
    nsfw: false,
    ...present({ title: config.title, author: config.author, image: config.image }),
    ...fromOembed,
    video: config.video,
  };
  const author = withPortrait(fromOembed.author, config.author);
  if (author) card.author = author;
  return { ok: true, card, ...(config.expiresAt ? { mediaExpiresAt: config.expiresAt } : {}) };
}

/** oEmbed's channel with the config's portrait when both name the same channel page. */
function withPortrait(oembed: Author | undefined, config: Author | undefined): Author | undefined {
  if (!oembed) return config;
  return config?.avatar && config.url === oembed.url ? { ...oembed, avatar: config.avatar } : oembed;
}
