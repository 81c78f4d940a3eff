// Time, behind a port so tests can move it.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const CLOCK = Symbol('Clock');
