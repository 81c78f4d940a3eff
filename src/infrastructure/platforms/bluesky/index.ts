// Bluesky adapter: resolves a post through the public AppView (no auth, no cookies), the handle
// to a DID first when the URL names a handle, then parses the thread answer (post-thread.ts).
import { UpstreamError } from '../../../application/errors.js';
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { bluesky, BLUESKY_HOST } from '../../../domain/platforms/bluesky.js';
import type { Reason } from '../../../domain/reasons.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { parsePostThread } from './post-thread.js';

const APPVIEW = `https://${BLUESKY_HOST.appView}/xrpc/`;

export const BlueskyAdapter = declaredAdapter({
  spec: bluesky,
  posts: [postShape(['actor', 'rkey'], ({ actor, rkey }, upstream) => [{ name: 'appview', run: (s) => threadCard(upstream, actor, rkey, s) }])],
});

/** The post's card from getPostThread, its author's handle resolved to a DID first when the URL names a handle. */
async function threadCard(upstream: Upstream, actor: string, rkey: string, signal: AbortSignal): Promise<AdapterResult> {
  const did = actor.startsWith('did:') ? actor : await resolveHandle(upstream, actor, signal);
  if (typeof did !== 'string') return did;
  const uri = `at://${did}/app.bsky.feed.post/${rkey}`;
  const response = await upstream.getJson(xrpc('app.bsky.feed.getPostThread', { uri, depth: '0', parentHeight: '0' }), signal);
  if (response.status === 400) return { ok: false, reason: notFoundUnlessBlocked(response) };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePostThread(response.json());
}

/** The DID behind a handle, or the refusal (an unknown handle is a 400, so the post is not found). */
async function resolveHandle(upstream: Upstream, handle: string, signal: AbortSignal): Promise<string | { ok: false; reason: Reason }> {
  const response = await upstream.getJson(xrpc('com.atproto.identity.resolveHandle', { handle }), signal);
  if (response.status === 400) return { ok: false, reason: 'not-found' };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const did = (response.json() as { did?: unknown } | null)?.did;
  if (typeof did !== 'string' || !did.startsWith('did:')) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'bluesky: resolveHandle answer has no did');
  return did;
}

/** The AppView URL of an XRPC query. */
function xrpc(method: string, params: Record<string, string>): string {
  return `${APPVIEW}${method}?${new URLSearchParams(params).toString()}`;
}

/**
 * getPostThread answers 400 `{"error":"NotFound"}` for a missing post (and InvalidRequest for an
 * rkey that cannot exist); only a block between accounts is something else.
 */
function notFoundUnlessBlocked(response: HttpResponse): Reason {
  let error: unknown;
  try {
    error = (response.json() as { error?: unknown } | null)?.error;
  } catch {
    // An unreadable 400 body still says the request was refused for this post.
  }
  return typeof error === 'string' && /^Blocked/.test(error) ? 'blocked' : 'not-found';
}
