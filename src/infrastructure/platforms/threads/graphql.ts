// Threads' web GraphQL for one post (SOURCES.md §1): the numeric post id, the form the endpoint
// wants, and what its answer says about the post. Pure.
import type { Reason } from '../../../domain/reasons.js';
import { asObject, parseJson } from '../kit/json.js';
import { findPost } from './post.js';

/** The app id Threads' web client sends as X-IG-App-ID. */
export const THREADS_APP_ID = '238260118697367';

/**
 * The post page's persisted query. Meta rotates doc_ids with its web bundles (the 2023 one in
 * SOURCES.md is retired): when the answers turn into errors, take the current pair from a
 * logged-out browser's `BarcelonaPostPage…` request to /api/graphql and record a new fixture.
 */
export const POST_QUERY = { friendlyName: 'BarcelonaPostPageDirectQuery', docId: '35009275178687016' } as const;

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
// Longer codes (private shares) append a 28-character suffix to the media code.
const SUFFIX_LENGTH = 28;

/**
 * The numeric media id (`pk`) a shortcode encodes: the code is the id in base 64 over Instagram's
 * URL-safe alphabet. Computing it saves the bulk-route-definitions request SOURCES.md describes.
 */
export function postIdFromCode(code: string): string | undefined {
  const digits = code.length > SUFFIX_LENGTH ? code.slice(0, -SUFFIX_LENGTH) : code;
  let id = 0n;
  for (const char of digits) {
    const value = SHORTCODE_ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    id = id * 64n + BigInt(value);
  }
  return id > 0n ? id.toString() : undefined;
}

/** The form body: the page's LSD token, the persisted query, and the post id as its variable. */
export function graphqlForm(lsd: string, postId: string): string {
  return new URLSearchParams({
    lsd,
    doc_id: POST_QUERY.docId,
    fb_api_req_friendly_name: POST_QUERY.friendlyName,
    fb_api_caller_class: 'RelayModern',
    server_timestamps: 'true',
    variables: JSON.stringify({ postID: postId }),
  }).toString();
}

/** Meta prefixes some JSON answers with `for (;;);` so they cannot be run as a script. */
export function parseGraphqlBody(text: string): unknown {
  return parseJson(text.replace(/^\s*for\s*\(;;\);/, ''));
}

export type GraphqlVerdict = { post: unknown } | { reason: Reason };

/**
 * Finds the post in an answer: the 2023 `data.data.containing_thread.thread_items` (the post is
 * the last item, after its parents) or the current `data.data.edges[0].node.thread_items`, matched
 * by code or id rather than by position. A well-formed answer without it means the post is gone;
 * an answer with `errors` means the query itself failed (a retired doc_id), which says nothing
 * about the post.
 */
export function readGraphqlAnswer(body: unknown, code: string, postId: string | undefined): GraphqlVerdict {
  const answer = asObject(body);
  if (!answer) return { reason: 'upstream-error' };
  const refusal = refusalOf(answer);
  if (refusal) return { reason: refusal };
  const post = findPost(answer, code, postId);
  if (post) return { post };
  const errors = Array.isArray(answer.errors) ? answer.errors : [];
  const data = asObject(answer.data);
  if (errors.length || !data) return { reason: 'upstream-error' };
  return { reason: 'not-found' };
}

/** Instagram-style refusals: `{require_login: true}`, or `status: "fail"` with a message. */
function refusalOf(answer: Record<string, unknown>): Reason | undefined {
  if (answer.require_login === true) return 'blocked';
  if (answer.status !== 'fail') return undefined;
  const message = typeof answer.message === 'string' ? answer.message : '';
  if (/wait a few minutes|rate limit/i.test(message)) return 'rate-limited';
  if (/login|checkpoint/i.test(message)) return 'blocked';
  return 'upstream-error';
}
