// Every failure of an upstream exchange, each with a stable machine `code`. Adapters let these
// propagate; they become a reason in one place (`reasonForError`, upstream-call.ts).
export const UPSTREAM_ERROR_CODES = {
  UPSTREAM_NETWORK: 'the connection failed or was reset',
  UPSTREAM_TIMEOUT: 'no complete answer within the time allowed',
  UPSTREAM_TOO_LARGE: 'the body exceeded UPSTREAM_MAX_BYTES',
  UPSTREAM_HOST_REFUSED: 'the target host, scheme or address is not allowed for this adapter',
  UPSTREAM_TOO_MANY_REDIRECTS: 'more redirects than the limit',
  UPSTREAM_NOT_RECORDED: 'replay mode has no recorded exchange for this request',
  UPSTREAM_BAD_RESPONSE: 'the answer could not be read (invalid JSON, unexpected shape)',
} as const;

export type UpstreamErrorCode = keyof typeof UPSTREAM_ERROR_CODES;

export class UpstreamError extends Error {
  override name = 'UpstreamError' as const;
  constructor(
    readonly code: UpstreamErrorCode,
    message: string = UPSTREAM_ERROR_CODES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * Whether the error is a request this service refused itself before asking anyone (a host outside
 * the allowlist, a scheme or an address the guard refuses): an error of ours, which says nothing
 * about the upstream and counts against no breaker (docs/design.md §9 "Open-ended platforms").
 */
export function isRefusedTarget(error: unknown): error is UpstreamError {
  return isUpstreamError(error) && error.code === 'UPSTREAM_HOST_REFUSED';
}
