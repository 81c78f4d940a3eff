// What the hot path gives Koa with a request it could not answer itself: the resolve plan it made,
// whose cache read missed, so that Koa's route runs that plan instead of planning the URL and
// reading the cache again. One per composition (HAND_OVERS), wired to both doors.
import type { IncomingMessage } from 'node:http';
import type { Plan } from '../../application/use-cases/resolve.js';

export class HandOvers {
  private readonly plans = new WeakMap<IncomingMessage, Plan>();

  give(req: IncomingMessage, plan: Plan): void {
    this.plans.set(req, plan);
  }

  /** The plan given with `req`, once. */
  take(req: IncomingMessage): Plan | undefined {
    const plan = this.plans.get(req);
    if (plan) this.plans.delete(req);
    return plan;
  }
}

export const HAND_OVERS = Symbol('HandOvers');
