// The real clock.
import type { Clock } from '../../application/ports/clock.port.js';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
