// Why Vimeo refuses a video, read from a refusing answer (the player config's, or the API's error
// shape it shares): its error code, its message, then its status. The message names what the
// status alone does not: a 403 is as often an embed limited to other sites as a blocked address.
import type { Reason } from '../../../domain/reasons.js';
import { asObject, parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';

/** Vimeo's numbered errors (SOURCES.md: api_geo_block.json, api_videos_detail_invalid_params.json). */
const ERROR_CODES: Readonly<Record<number, Reason>> = {
  5451: 'region-locked', // "This resource is restricted in your region."
};

/**
 * The owner lets the video play only on the sites it names (domain-level privacy): the embed exists
 * and plays there, not for this service. The player says so in these words, in JSON or on a page.
 */
const EMBED_ELSEWHERE = /privacy settings, this video cannot be played here/i;

/** The player's own words in a JSON answer, in English as it answers without another Accept-Language. */
const MESSAGES: readonly (readonly [RegExp, Reason])[] = [
  [EMBED_ELSEWHERE, 'blocked'],
  [/password/i, 'private'],
  [/\bprivate\b/i, 'private'],
  [/region|country/i, 'region-locked'],
  [/not found|does not exist|doesn.t exist|been deleted|been removed/i, 'not-found'],
];

/**
 * The reason for a refusing answer, or undefined for a 2xx that is no refusal. A password asked
 * for (`view: 4` in a player config, or the API's `invalid_parameters` on `password`) is private:
 * no link carries the password.
 */
export function reasonOfRefusal(status: number, text: string): Reason | undefined {
  const body = asObject(parseJson(text));
  if (body) {
    const code = ERROR_CODES[Number(body['error_code'])];
    if (code) return code;
    if (body['view'] === 4 || asksForPassword(body['invalid_parameters'])) return 'private';
  }
  if (status >= 200 && status < 300) return undefined;
  if (body) {
    const words = [body['message'], body['error'], body['title']].filter((v) => typeof v === 'string').join(' ');
    for (const [pattern, reason] of MESSAGES) if (pattern.test(words)) return reason;
  } else if (EMBED_ELSEWHERE.test(text)) {
    // A page's other words (its menus, its footer) say nothing of this video: only this sentence is read.
    return 'blocked';
  }
  return reasonForStatus(status) ?? 'upstream-error';
}

function asksForPassword(value: unknown): boolean {
  return Array.isArray(value) && value.some((entry) => asObject(entry)?.['field'] === 'password');
}
