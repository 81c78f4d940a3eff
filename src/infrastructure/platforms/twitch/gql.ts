// Twitch's GraphQL endpoint (`POST gql.twitch.tv/gql`), as its own web client calls it: a batch of
// operations sent with the web client's public id, answered by one result per operation. The
// request, and the answer read into results or the reason it refuses.
import { UpstreamError } from '../../../application/errors.js';
import type { Reason } from '../../../domain/reasons.js';
import { TWITCH_HOSTS } from '../../../domain/platforms/twitch.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';

const ENDPOINT = `https://${TWITCH_HOSTS.gql}/gql`;

/**
 * The id Twitch's web site sends with every GQL request (SOURCES.md): public, the same for every
 * visitor, and never put into a card, an error or a log line.
 */
const WEB_CLIENT_ID = 'kimne78kx3ncx6brgo4mv6wki5h1ko';

/** One operation: a query text with its variables, or a persisted query named by its hash. */
export type GqlOperation =
  | { query: string; variables: Json }
  | { operationName: string; variables: Json; extensions: { persistedQuery: { version: 1; sha256Hash: string } } };

/** The results of a batch, one per operation in order, or the reason the endpoint refused it. */
export type GqlAnswer = { ok: true; results: Json[] } | { ok: false; reason: Reason };

export async function requestGql(upstream: Upstream, operations: readonly GqlOperation[], signal: AbortSignal): Promise<GqlAnswer> {
  const response = await upstream.request({
    url: ENDPOINT,
    method: 'POST',
    // text/plain, as the web client sends it: a simple request, no preflight semantics needed.
    headers: { 'client-id': WEB_CLIENT_ID, 'content-type': 'text/plain;charset=UTF-8', accept: 'application/json' },
    body: JSON.stringify(operations),
    signal,
  });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return readGqlAnswer(parseJson(response.text()));
}

/**
 * A batch's answer: an array of results. A result whose errors say the integrity check failed is
 * Twitch's bot check (`blocked`); one that says a persisted query is unknown (a rotated hash) is
 * kept, with no data, so the other operations of the batch still count.
 */
export function readGqlAnswer(body: unknown): GqlAnswer {
  if (!Array.isArray(body)) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Twitch GQL answer is not a batch of results');
  const results = body.map(asObject).filter((result): result is Json => result !== undefined);
  if (results.some((result) => errorMessages(result).some((message) => /integrity/i.test(message)))) return { ok: false, reason: 'blocked' };
  return { ok: true, results };
}

function errorMessages(result: Json): string[] {
  const errors = result['errors'];
  return Array.isArray(errors) ? errors.map((error) => String(asObject(error)?.['message'] ?? '')) : [];
}

/**
 * `data.{field}` of every result that answers it, merged in batch order: the operations of one
 * batch each read part of the same object (a clip's metadata, its access token). `null` when the
 * results answered the field with null only (no such object), undefined when none answered it.
 */
export function mergedField(results: readonly Json[], field: string): Json | null | undefined {
  let merged: Json | undefined;
  let answeredNull = false;
  for (const result of results) {
    const data = asObject(result['data']);
    if (!data || !(field in data)) continue;
    const value = asObject(data[field]);
    if (value) merged = { ...merged, ...value };
    else if (data[field] === null) answeredNull = true;
  }
  return merged ?? (answeredNull ? null : undefined);
}
