// One guarded upstream call: its scope's guard (breaker and bulkheads) within the resolve budget,
// time waiting for a bulkhead slot included. Every way such a call can fail becomes a reason here,
// through the one error→reason mapping (`reasonForError`), with one log line.
import type { Reason } from '../domain/reasons.js';
import { withinBudget } from './budget.js';
import { isRefusedTarget, isUpstreamError } from './errors.js';
import type { Logger } from './ports/logger.port.js';
import type { GuardedAnswer, GuardScope, PlatformGuard } from './ports/platform-guard.port.js';
import { forRequest } from './request-log.js';

/** A call that gave no answer: a thrown error or the budget, as a reason; `refused` when the guard made no call at all. */
export type CallFailure = { ok: false; reason: Reason; refused?: true };

/**
 * The reason a thrown upstream failure stands for, wherever one is caught (here, and between the
 * strategies of an adapter): the budget running out or an upstream that took too long is
 * `timeout`; any other failure, or an error that is not an UpstreamError at all, `upstream-error`.
 */
export function reasonForError(error: unknown, budgetExhausted = false): 'timeout' | 'upstream-error' {
  if (budgetExhausted) return 'timeout';
  return isUpstreamError(error) && error.code === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'upstream-error';
}

export class UpstreamCall {
  constructor(
    private readonly guard: PlatformGuard,
    private readonly logger: Logger,
  ) {}

  /** Runs `work` through the guard of `scope` (see `guardScopeOf`), all within `budgetMs`; never throws. */
  async run<T extends GuardedAnswer>(scope: GuardScope, budgetMs: number, work: (signal: AbortSignal) => Promise<T>, requestId: string | undefined): Promise<T | CallFailure> {
    const run = await withinBudget(budgetMs, (signal) => this.guard.run(scope, () => work(signal), signal), () => undefined);
    if (!('value' in run)) return { ok: false, reason: this.failed(scope, run.error, run.exhausted, requestId) };
    if (run.value === undefined) return { ok: false, reason: reasonForError(undefined, true) };
    if (!run.value.admitted) return { ok: false, reason: run.value.reason, refused: true };
    return run.value.value;
  }

  /**
   * The reason a thrown error stands for, logged once with its code (never with the upstream
   * request); a request this service refused itself is logged as such, an error of ours.
   */
  private failed({ platform, host }: GuardScope, error: unknown, exhausted: boolean, requestId: string | undefined): Reason {
    const reason = reasonForError(error, exhausted);
    const fields = forRequest(requestId, { platform, ...(host === undefined ? {} : { host }), reason, code: isUpstreamError(error) ? error.code : undefined, err: describe(error) });
    if (isRefusedTarget(error) && !exhausted) this.logger.warn(fields, 'upstream request refused by this service; no upstream was asked');
    else if (isUpstreamError(error)) this.logger.info(fields, 'upstream failed');
    else this.logger.error(fields, 'adapter threw an unexpected error');
    return reason;
  }
}

/** An error as a log field: its name and message only (never a request or its headers). */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
