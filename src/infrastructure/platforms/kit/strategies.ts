// An adapter's ordered chain of strategies (docs/design.md §9): each is tried in turn while the budget
// lasts; the first card wins, otherwise the most telling failure becomes the reason and whatever
// text a strategy did obtain is kept.
import { isUpstreamError } from '../../../application/errors.js';
import { reasonForError } from '../../../application/upstream-call.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { mostTelling, type Reason } from '../../../domain/reasons.js';

export interface Strategy {
  /** Short name, for the log line the use case writes and for tests. */
  name: string;
  /** Returns a card or a refusal; may throw UpstreamError for transport failures. */
  run(signal: AbortSignal): Promise<AdapterResult>;
}

type Failure = Extract<AdapterResult, { ok: false }>;

/**
 * Runs the strategies in order. A thrown UpstreamError counts as the reason `reasonForError` gives
 * it (the upstream call's one mapping) and the chain goes on; once the signal aborts, the chain
 * stops and the budget's own answer stands. Any other error is a bug and propagates.
 */
export async function firstCard(
  strategies: readonly Strategy[],
  signal: AbortSignal,
  options: { finalReasons?: readonly Reason[] } = {},
): Promise<AdapterResult> {
  const finalReasons = options.finalReasons ?? DEFAULT_FINAL;
  let failure: Failure | undefined;
  let lastError: unknown;
  for (const strategy of strategies) {
    if (signal.aborted) break;
    let result: AdapterResult;
    try {
      result = await strategy.run(signal);
    } catch (error) {
      if (!isUpstreamError(error) || signal.aborted) throw error;
      lastError = error;
      result = { ok: false, reason: reasonForError(error) };
    }
    if (result.ok) return result;
    failure = merge(failure, result);
    // A statement about the post itself ends the chain: no other route would find it.
    if (finalReasons.includes(result.reason)) break;
  }
  if (failure) return failure;
  throw lastError ?? new Error('firstCard: no strategy ran');
}

/**
 * By default only `not-found` stops the chain. `private` and `age-restricted` do not: a later
 * strategy may carry credentials that see the post. Adapters pass their own list where they know.
 */
const DEFAULT_FINAL: readonly Reason[] = ['not-found'];

function merge(previous: Failure | undefined, next: Failure): Failure {
  if (!previous) return next;
  const reason = mostTelling(previous.reason, next.reason);
  const partial = previous.partial || next.partial ? { ...next.partial, ...previous.partial } : undefined;
  return partial ? { ok: false, reason, partial } : { ok: false, reason };
}
