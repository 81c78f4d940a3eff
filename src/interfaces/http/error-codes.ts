// The stable, machine-readable `code` of every `{error}` body the service writes, with the status
// it comes with and what it means. docs/api.md's table and openapi.yaml's Error.code enum list the same
// codes (test/http/error-codes.test.ts holds them to this table).

export const ERROR_CODES = {
  URL_MISSING: { status: 400, meaning: 'The url query parameter is absent or empty.' },
  URL_MALFORMED: { status: 400, meaning: 'The url is not an http(s) URL with a host (nor a Bluesky at:// post URI), or is longer than MAX_URL_LENGTH.' },
  PARAM_REPEATED: { status: 400, meaning: 'A query parameter is given more than once.' },
  MEDIA_INVALID: { status: 400, meaning: 'The media parameter (or the batch body\'s media) is neither raw nor proxied.' },
  SIZE_INVALID: { status: 400, meaning: 'oEmbed maxwidth or maxheight is not a whole number of pixels from 1 to 99999.' },
  BODY_INVALID: { status: 400, meaning: 'The batch body is not JSON, not sent as application/json, or not an object {"urls": [...], "media"?}.' },
  BODY_TOO_LARGE: { status: 400, meaning: 'The batch body is larger than MAX_BODY_BYTES.' },
  BATCH_TOO_LARGE: { status: 400, meaning: 'The batch holds more than MAX_BATCH URLs.' },
  AUTH_MISSING: { status: 401, meaning: 'No Authorization header on an /api/v1 request.' },
  AUTH_INVALID: { status: 401, meaning: 'The Authorization header is not "Bearer <API key>", or the key is not a configured one.' },
  AUTH_BLOCKED: { status: 429, meaning: 'Too many failed authentications from this address; Retry-After says when to try again.' },
  RATE_LIMITED: { status: 429, meaning: 'The caller\'s rate limit is used up; Retry-After says when to try again.' },
  NOT_FOUND: { status: 404, meaning: 'No endpoint at this path (or this method in the /v/ namespace).' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists but not with this method; Allow lists the methods.' },
  API_DISABLED: { status: 404, meaning: 'The /api/v1 namespace is switched off on this instance (API_ENABLED=false).' },
  PROXY_DISABLED: { status: 404, meaning: 'The media proxy is switched off on this instance (PROXY_ENABLED=false).' },
  POST_PRIVATE: { status: 401, meaning: 'oEmbed: the post is private and has no public embed.' },
  NO_EMBED: { status: 404, meaning: 'oEmbed: no embeddable post at this URL (not found, or no adapter).' },
  FORMAT_NOT_IMPLEMENTED: { status: 501, meaning: 'oEmbed: a format other than json or xml.' },
  MEDIA_TOKEN_INVALID: { status: 404, meaning: 'The /v/ token is unknown, tampered with or malformed.' },
  MEDIA_TOKEN_EXPIRED: { status: 410, meaning: 'The /v/ token has expired; resolve the post again for a fresh playableUrl.' },
  MEDIA_HOST_REFUSED: { status: 502, meaning: 'The media host refused the file or gave an unusable answer (an error status, a redirect off its allowlist); a refusal is retried once after a fresh resolve of the post.' },
  MEDIA_NOT_MEDIA: { status: 502, meaning: 'The media host answered with something that is not media.' },
  MEDIA_HOST_UNREACHABLE: { status: 502, meaning: 'The media host could not be reached.' },
  MEDIA_HOST_TIMEOUT: { status: 504, meaning: 'The media host did not answer in time.' },
  HEADERS_TOO_LARGE: { status: 400, meaning: 'The request line and headers exceed 16 KB.' },
  MALFORMED_REQUEST: { status: 400, meaning: 'The request is not valid HTTP/1.1 (malformed line or header, no Host, oversized chunk extensions…).' },
  EXPECT_UNSUPPORTED: { status: 400, meaning: 'An Expect header other than 100-continue.' },
  CONNECT_UNSUPPORTED: { status: 400, meaning: 'A CONNECT request: this is not a proxy.' },
  REQUEST_TIMEOUT: { status: 408, meaning: 'The request\'s headers (HEADERS_TIMEOUT_MS) or body (REQUEST_TIMEOUT_MS) did not arrive in time.' },
  INTERNAL: { status: 500, meaning: 'An unexpected error; the X-Request-Id names it in the logs.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every error answer. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: message, code };
}
