// Bluesky's labels on a post and its author: moderation and self-labels for adult content (the
// card's nsfw, and the words of its content warning), and the author's wish to stay hidden from
// logged-out readers.
import { asObject, objectsOf, type Json } from '../kit/json.js';

/** Labels Bluesky's moderation (and authors' self-labels) use for adult content. */
const ADULT_LABELS = new Set(['porn', 'sexual', 'nudity', 'graphic-media']);
/** An author's wish that logged-out viewers do not see their posts; bsky.app honours it, so do we. */
const NO_UNAUTHENTICATED = '!no-unauthenticated';

/** Label values on a post or profile view, and the post's self-labels; negated labels removed. */
function labelValues(view: Json): string[] {
  const out: string[] = [];
  for (const holder of [view, asObject(view.author)]) {
    for (const label of objectsOf(holder?.labels)) {
      if (label?.neg !== true && typeof label?.val === 'string') out.push(label.val);
    }
  }
  const selfLabels = asObject(asObject(view.record ?? view.value)?.labels);
  for (const label of objectsOf(selfLabels?.values)) {
    if (typeof label?.val === 'string') out.push(label.val);
  }
  return out;
}

export function isAdult(view: Json): boolean {
  return labelValues(view).some((val) => ADULT_LABELS.has(val));
}

export function hidesFromLoggedOut(view: Json): boolean {
  return labelValues(view).includes(NO_UNAUTHENTICATED);
}

/** The author's own adult self-labels, as words ("graphic media"): Bluesky's content warning. */
export function selfLabelWords(record: Json): string | undefined {
  const words = new Set<string>();
  for (const label of objectsOf(asObject(record.labels)?.values)) {
    if (typeof label?.val === 'string' && ADULT_LABELS.has(label.val)) words.add(label.val.replace(/-/g, ' '));
  }
  return words.size ? [...words].join(', ') : undefined;
}
