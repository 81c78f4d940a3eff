// Bluesky AppView answers for tests that need many distinct posts and count upstream requests:
// one nock interceptor per group of posts (matched by rkey), counting what it served.
import nock from 'nock';

export const APPVIEW = 'https://public.api.bsky.app';
export const DID = 'did:plc:abc';

/** The post URL of `rkey` by DID. */
export function postUrl(rkey: string): string {
  return `https://bsky.app/profile/${DID}/post/${rkey}`;
}

/** A getPostThread answer for a text post. */
export function thread(rkey: string, text = `post ${rkey}`): object {
  const post = { uri: `at://${DID}/app.bsky.feed.post/${rkey}`, cid: 'c', author: { did: DID, handle: 'a.test', displayName: 'A' }, record: { text, createdAt: '2025-01-01T00:00:00Z' }, indexedAt: '2025-01-01T00:00:00Z', labels: [] };
  return { thread: { $type: 'app.bsky.feed.defs#threadViewPost', post } };
}

export interface CountingScope {
  /** Upstream requests served so far. */
  readonly calls: number;
}

/**
 * Answers getPostThread for every post whose rkey starts with `rkeyPrefix` (any number of times),
 * with `reply(rkey)`, counting the requests. `delay` holds each answer back (ms, or until a promise).
 */
export function appView(rkeyPrefix: string, reply: (rkey: string) => [number, object], hold?: () => Promise<unknown>): CountingScope {
  const counter = { calls: 0 };
  nock(APPVIEW)
    .persist()
    .get('/xrpc/app.bsky.feed.getPostThread')
    .query((query) => rkeyOf(query).startsWith(rkeyPrefix))
    .reply(async (uri) => {
      counter.calls++;
      if (hold) await hold();
      return reply(rkeyOf(Object.fromEntries(new URL(uri, APPVIEW).searchParams)));
    });
  return counter;
}

function rkeyOf(query: Record<string, unknown>): string {
  return String(query.uri ?? '').split('/').pop() ?? '';
}
