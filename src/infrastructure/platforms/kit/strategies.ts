// An adapter's ordered chain of strategies (docs/design.md §9): each is tried in turn while the budget
// lasts; the first card wins, otherwise the most telling failure becomes the reason and whatever
// text a strategy did obtain is kept.
import { isRefusedTarget, isUpstreamError, type UpstreamError } from '../../../application/errors.js';
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
 * stops and the budget's own answer stands. Any other error is a bug and propagates. When every
 * strategy that ran threw, no upstream said anything: the error behind the chain's reason is thrown
 * on, so the use case logs it once with its code, and a request this service refused itself
 * (every strategy's) strikes no breaker (docs/design.md §9 "Open-ended platforms").
 */
export async function firstCard(
  strategies: readonly Strategy[],
  signal: AbortSignal,
  options: { finalReasons?: readonly Reason[] } = {},
): Promise<AdapterResult> {
  const finalReasons = options.finalReasons ?? DEFAULT_FINAL;
  let failure: Failure | undefined;
  let answered = false;
  const thrown: UpstreamError[] = [];
  for (const strategy of strategies) {
    if (signal.aborted) break;
    let result: AdapterResult;
    try {
      result = await strategy.run(signal);
      answered = true;
    } catch (error) {
      if (!isUpstreamError(error) || signal.aborted) throw error;
      thrown.push(error);
      result = { ok: false, reason: reasonForError(error) };
    }
    if (result.ok) return result;
    failure = merge(failure, result);
    // A statement about the post itself ends the chain: no other route would find it.
    if (finalReasons.includes(result.reason)) break;
  }
  if (failure && answered) return failure;
  if (failure) throw errorBehind(failure.reason, thrown);
  throw new Error('firstCard: no strategy ran');
}

/** Of the errors every strategy threw, one that stands for `reason`: an upstream's own failure before a refusal of ours. */
function errorBehind(reason: Reason, thrown: readonly UpstreamError[]): UpstreamError {
  // The chain's reason is the most telling of these errors' reasons, so one of them stands for it.
  const behind = thrown.filter((error) => reasonForError(error) === reason);
  return behind.find((error) => !isRefusedTarget(error)) ?? behind[0]!;
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
