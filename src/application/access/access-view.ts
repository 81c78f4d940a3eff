// What operators see of access (docs/design.md §9 "Seen"): per platform, how many sessions and egresses
// there are and how many of each are benched — counts only, never a name's secret.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { AccessBench } from '../ports/access-bench.port.js';
import type { AccessRegistry } from './access-registry.js';

export interface AccessCounts {
  sessions: number;
  sessionsBenched: number;
  /** The platform's pool of egresses: its proxies, else UPSTREAM_PROXY, else direct (1). */
  egress: number;
  egressBenched: number;
}

export const ACCESS_VIEW = Symbol('AccessView');

export class AccessView {
  constructor(
    private readonly registry: AccessRegistry,
    private readonly bench: AccessBench,
  ) {}

  async counts(platform: PlatformId): Promise<AccessCounts> {
    const access = this.registry.of(platform);
    const states = await this.bench.states(platform, access.benchable);
    const benched = (name: string) => states.get(name)?.benched !== undefined;
    return {
      sessions: access.sessions.length,
      sessionsBenched: access.sessions.filter((s) => benched(s.name)).length,
      egress: access.pool.length,
      egressBenched: access.pooled ? access.pool.filter((e) => benched(e.name)).length : 0,
    };
  }
}
