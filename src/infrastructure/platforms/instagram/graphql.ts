// The web app's GraphQL post query (SOURCES.md, access notes): the form it posts and what its answer
// says. The answer's `xdt_shortcode_media` is the same object the embed page carries. Pure.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { cardFromShortcodeMedia } from './media.js';
import { asObject } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';

export const GRAPHQL_PATH = '/graphql/query/';
/** `PolarisPostActionLoadPostQueryQuery`, the post page's own query (InstaFix, mid-2024). */
export const POST_QUERY_DOC_ID = '25531498899829322';
export const POST_QUERY_NAME = 'PolarisPostActionLoadPostQueryQuery';
/** The web app's id, sent by every instagram.com client as `X-IG-App-ID`. */
export const WEB_APP_ID = '936619743392459';
/**
 * The form's anti-forgery token: the page hands one out per visit, and the endpoint takes any
 * well-formed value from an anonymous client (as InstaFix sends a fixed one).
 */
const LSD = 'AVqbxe3J_YA';

/** The form body and the headers the query needs besides the User-Agent and cookies. */
export function postQuery(code: string): { body: string; headers: Record<string, string> } {
  const variables = JSON.stringify({ shortcode: code, fetch_tagged_user_count: null, hoisted_comment_id: null, hoisted_reply_id: null });
  const body = new URLSearchParams({
    lsd: LSD,
    fb_api_caller_class: 'RelayModern',
    fb_api_req_friendly_name: POST_QUERY_NAME,
    variables,
    server_timestamps: 'true',
    doc_id: POST_QUERY_DOC_ID,
  }).toString();
  const headers = {
    accept: '*/*',
    'content-type': 'application/x-www-form-urlencoded',
    'x-ig-app-id': WEB_APP_ID,
    'x-fb-friendly-name': POST_QUERY_NAME,
    'x-fb-lsd': LSD,
    'x-asbd-id': '129477',
    'sec-fetch-site': 'same-origin',
  };
  return { body, headers };
}

/**
 * What the query's answer says. `require_login` (often with a 401) is the wall for anonymous data-
 * centre clients; "Please wait a few minutes" is throttling. `status: "ok"` with a null media is a
 * post nobody anonymous may see: a private account's, or a removed one. The answer does not say
 * which, so it reads `private`, and the post page's 404 (more telling) wins for a removed post.
 */
export function parsePostQuery(status: number, body: unknown): AdapterResult {
  const answer = asObject(body) ?? {};
  if (answer['require_login'] === true) return { ok: false, reason: 'blocked' };
  if (status === 429 || /wait a few minutes/i.test(String(answer['message'] ?? ''))) return { ok: false, reason: 'rate-limited' };
  const refused = reasonForStatus(status);
  if (refused) return { ok: false, reason: refused };
  const data = asObject(answer['data']);
  const media = asObject(data?.['xdt_shortcode_media']) ?? asObject(data?.['shortcode_media']);
  if (media) return cardFromShortcodeMedia(media);
  if (answer['status'] === 'fail') return { ok: false, reason: 'blocked' };
  if (data && answer['status'] === 'ok' && ('xdt_shortcode_media' in data || 'shortcode_media' in data)) return { ok: false, reason: 'private' };
  return { ok: false, reason: 'upstream-error' };
}
