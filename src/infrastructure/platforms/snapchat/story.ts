// A public story's snap (`/add/{user}/{snapId}`) → a video or image card. Built from public
// extractors' facts, no real capture: cobalt reads `__NEXT_DATA__` → `props.pageProps.story
// .snapList[]`, the snap whose `snapId.value` is the id, `{snapMediaType (0: a photo), snapUrls
// .{mediaUrl, mediaPreviewUrl.value}, timestampInSec.value}`, and the account's saved highlights
// (`curatedHighlights[].snapList[]`) the same way; the account is `userProfile.publicProfileInfo
// .{title, username, profilePictureUrl}` (SOURCES.md). Stories last a day: a snap the page no
// longer lists is gone.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { respelledHandle } from '../../../domain/platforms/handle-spelling.js';
import { SNAPCHAT_USERNAME, snapchatSnapUrl } from '../../../domain/platforms/snapchat.js';
import { present, utcTime } from '../kit/details.js';
import { asObject, objectsOf } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { authorOf, httpsUrl, pagePropsOf, requestPage, unwrapped } from './page-data.js';
import { cloudFrontExpiry, earliestExpiry } from '../kit/url-expiry.js';

const USERNAME = new RegExp(`^${SNAPCHAT_USERNAME.source}$`);

export async function storySnapCard(upstream: Upstream, user: string, snap: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestPage(upstream, `/add/${user}/${snap}`, signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseStoryPage(response.text(), user, snap);
}

export function parseStoryPage(html: string, user: string, snap: string): AdapterResult {
  const props = pagePropsOf(html);
  const story = asObject(props?.['story']);
  const highlights = objectsOf(props?.['curatedHighlights']);
  // Neither a story nor highlights: not the account's page (a wall, a shell).
  if (!story && highlights.length === 0) return { ok: false, reason: pageWithoutPost(html) };
  const found = [story, ...highlights].flatMap((list) => objectsOf(list?.['snapList'])).find((entry) => unwrapped(entry?.['snapId']) === snap);
  if (!found) return { ok: false, reason: 'not-found' };
  const urls = asObject(found['snapUrls']);
  const media = httpsUrl(urls?.['mediaUrl']);
  if (!media) return { ok: false, reason: 'upstream-error' };
  const preview = httpsUrl(urls?.['mediaPreviewUrl']);
  const profile = asObject(asObject(props?.['userProfile'])?.['publicProfileInfo']);
  const spelled = respelledHandle(user, nonEmpty(profile?.['username']) ?? '', USERNAME);
  const handle = spelled ?? user;
  const name = nonEmpty(profile?.['title']);
  const photo = Number(unwrapped(found['snapMediaType'])) === 0;
  const card: Card = {
    kind: photo ? 'image' : 'video',
    title: name ? `${name} (@${handle})` : `@${handle}`,
    author: authorOf(handle, name, httpsUrl(profile?.['profilePictureUrl'])),
    nsfw: false,
    ...(photo ? { image: { url: media } } : { video: { url: media, mimeType: 'video/mp4' }, ...(preview ? { image: { url: preview } } : {}) }),
    ...present({ publishedAt: utcTime(unwrapped(found['timestampInSec']), 'epochSeconds') }),
  };
  const expiresAt = earliestExpiry([media, preview], cloudFrontExpiry);
  const canonical = spelled ? { canonicalUrl: snapchatSnapUrl(spelled, snap) } : {};
  return { ok: true, card, ...canonical, ...(expiresAt ? { mediaExpiresAt: expiresAt } : {}) };
}
