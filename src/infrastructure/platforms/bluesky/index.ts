// Bluesky adapter: resolves a post through the public AppView (no auth, no cookies), the handle
// to a DID first when the URL names a handle, then parses the thread answer (post-thread.ts).
import { inject, injectable } from 'tsyringe';
import { UpstreamError } from '../../../application/errors.js';
import { HTTP_CLIENT, type HttpClient, type HttpResponse } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { bluesky, BLUESKY_HOST } from '../../../domain/platforms/bluesky.js';
import type { Reason } from '../../../domain/reasons.js';
import { parsePostThread } from './post-thread.js';
import { reasonForStatus } from '../kit/status.js';
import { UpstreamAdapter } from '../kit/upstream.js';

const APPVIEW = `https://${BLUESKY_HOST.appView}/xrpc/`;

@injectable()
export class BlueskyAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, bluesky.upstreamHosts);
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const { actor, rkey } = post.ids;
    if (!actor || !rkey) return { ok: false, reason: 'unsupported' };
    const did = actor.startsWith('did:') ? actor : await this.resolveHandle(actor, signal);
    if (typeof did !== 'string') return did;

    const uri = `at://${did}/app.bsky.feed.post/${rkey}`;
    const response = await this.upstream.getJson(xrpc('app.bsky.feed.getPostThread', { uri, depth: '0', parentHeight: '0' }), signal);
    if (response.status === 400) return { ok: false, reason: notFoundUnlessBlocked(response) };
    const refused = reasonForStatus(response.status);
    if (refused) return { ok: false, reason: refused };
    return parsePostThread(response.json());
  }

  /** The DID behind a handle, or the refusal (an unknown handle is a 400, so the post is not found). */
  private async resolveHandle(handle: string, signal: AbortSignal): Promise<string | { ok: false; reason: Reason }> {
    const response = await this.upstream.getJson(xrpc('com.atproto.identity.resolveHandle', { handle }), signal);
    if (response.status === 400) return { ok: false, reason: 'not-found' };
    const refused = reasonForStatus(response.status);
    if (refused) return { ok: false, reason: refused };
    const did = (response.json() as { did?: unknown } | null)?.did;
    if (typeof did !== 'string' || !did.startsWith('did:')) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'bluesky: resolveHandle answer has no did');
    return did;
  }
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
