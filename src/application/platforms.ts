// The platforms of this instance, looked up by id: each one's spec (the configured one for Mastodon)
// and the adapter that resolves it. Built once by the composition root from the two registries.
import type { PlatformSpecs } from '../domain/platforms/index.js';
import type { PlatformId } from '../domain/platforms/platform-id.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import type { PlatformAdapter } from './ports/platform-adapter.port.js';

/** One adapter per platform; the composition's is complete, a test may give only the ones it drives. */
export type PlatformAdapters = Readonly<Partial<Record<PlatformId, PlatformAdapter>>>;

export class Platforms {
  /** The specs in registry order: the order `/platforms` lists them and URL matching tries them. */
  readonly specs: readonly RegisteredSpec[];

  constructor(
    private readonly registry: PlatformSpecs,
    private readonly adapters: PlatformAdapters,
  ) {
    this.specs = Object.values(registry);
  }

  spec(id: PlatformId): RegisteredSpec {
    return this.registry[id];
  }

  /** Undefined for a platform this instance recognises but cannot resolve (`/platforms`: `resolve: false`). */
  adapter(id: PlatformId): PlatformAdapter | undefined {
    return this.adapters[id];
  }
}

export const PLATFORMS = Symbol('Platforms');
