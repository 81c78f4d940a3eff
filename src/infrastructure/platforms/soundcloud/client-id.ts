// The public client id SoundCloud's web app sends with every API call, read where the app keeps it:
// in one of its script bundles (a-v2.sndcdn.com/assets/*.js), which soundcloud.com's own page
// lists. It rotates, so the API client (api.ts) keeps it per adapter instance and reads it again
// when the API refuses it. A credential of sorts: it goes in API request URLs only, never in a
// card, an error message or a log line.
import { UpstreamError } from '../../../application/errors.js';
import type { Reason } from '../../../domain/reasons.js';
import { SOUNDCLOUD_HOST, soundcloud } from '../../../domain/platforms/soundcloud.js';
import { originOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';

/** `client_id:"…"` as the bundles write it (32 letters and digits). */
const CLIENT_ID = /\bclient_id\s*:\s*"([A-Za-z0-9]{32})"/;
const SCRIPT_SRC = /<script\b[^>]*\bsrc="(https:\/\/([^/"]+)\/assets\/[^"]+\.js)"/g;
/** The id sits in one of the last bundles (the first ones are vendor code): a few are read, last first. */
const MAX_BUNDLES = 6;

/** The id the app's bundles name, or the reason SoundCloud refused its page; throws UPSTREAM_BAD_RESPONSE when no bundle names one. */
export async function readClientId(upstream: Upstream, signal: AbortSignal): Promise<{ id: string } | { reason: Reason }> {
  const page = await upstream.page(`${originOf(soundcloud)}/`, 'browser', signal);
  const refused = reasonForStatus(page.status);
  if (refused) return { reason: refused };
  for (const url of bundleUrls(page.text()).slice(-MAX_BUNDLES).reverse()) {
    const bundle = await upstream.get(url, signal);
    if (bundle.status !== 200) continue;
    const id = clientIdIn(bundle.text());
    if (id) return { id };
  }
  throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'no SoundCloud app bundle names a client id');
}

/** The app bundles a page lists, in page order: scripts on the assets host only. */
export function bundleUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, url, host] of html.matchAll(SCRIPT_SRC)) if (host === SOUNDCLOUD_HOST.assets && url) urls.push(url);
  return urls;
}

export function clientIdIn(script: string): string | undefined {
  return CLIENT_ID.exec(script)?.[1];
}
