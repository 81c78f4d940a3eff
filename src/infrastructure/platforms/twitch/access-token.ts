// A playback access token (`playbackAccessToken` of a clip, `videoPlaybackAccessToken` of a past
// broadcast): a signature and a JSON value that the media URLs carry as `sig` and `token`. The value
// says until when it works (`expires`, epoch seconds) and whether this viewer may play at all.
import { asObject, parseJson } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';

export interface AccessToken {
  signature: string;
  value: string;
  /** When the media URLs signed with it stop working (epoch ms), when the value says. */
  expiresAt?: number;
}

/**
 * The token, or undefined when there is none or it refuses this viewer (`authorization.forbidden`:
 * the media would not play, so no URL is signed with it).
 */
export function readAccessToken(raw: unknown): AccessToken | undefined {
  const token = asObject(raw);
  const signature = nonEmpty(token?.['signature']);
  const value = nonEmpty(token?.['value']);
  if (!signature || !value) return undefined;
  const claims = asObject(parseJson(value));
  if (asObject(claims?.['authorization'])?.['forbidden'] === true) return undefined;
  const expires = claims?.['expires'];
  return typeof expires === 'number' && Number.isSafeInteger(expires) && expires > 0 ? { signature, value, expiresAt: expires * 1000 } : { signature, value };
}

/** `url` with the token as its `sig` and `token` parameters, as Twitch's player asks for media. */
export function signedUrl(url: string, token: AccessToken): string {
  const signed = new URL(url);
  signed.searchParams.set('sig', token.signature);
  signed.searchParams.set('token', token.value);
  return signed.toString();
}
