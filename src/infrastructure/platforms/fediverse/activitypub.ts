// The post URL's ActivityPub object as a strategy: the same URL asked for
// `application/activity+json`. A server that wants a signed fetch (401) or a token (403) refuses;
// the chain then moves on to the page.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { parseActivityPubObject, type NoteReading } from './activitypub-note.js';

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

export async function activityPubCard(upstream: Upstream, objectUrl: string, reading: NoteReading, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.get(objectUrl, signal, { headers: { accept: ACCEPT } });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  // Content negotiation may still hand back the HTML page: that is no object, the page strategy reads it.
  const type = response.headers['content-type'] ?? '';
  if (!/json/i.test(type)) return { ok: false, reason: 'upstream-error' };
  return parseActivityPubObject(response.json(), reading);
}
