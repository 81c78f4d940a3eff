// Discovery of fediverse servers no list names (DESIGN §3 "Any other host, discovered"): a host's
// family from its NodeInfo, asked once per host across all instances (the answer is cached in the
// shared cache: a day when it names a supported family, an hour otherwise), and at most
// FEDIVERSE_DISCOVERY_PER_MIN new hosts a minute per instance, so the service cannot be turned into
// a scanner: past the limit a host is `no-adapter` without any request.
import { familyOfSoftware, isFediverseId, type FediverseId } from '../domain/platforms/fediverse-software.js';
import type { Cache } from './ports/cache.port.js';
import type { Clock } from './ports/clock.port.js';
import type { Logger } from './ports/logger.port.js';
import type { NodeInfoReader } from './ports/nodeinfo.port.js';
import { SingleFlight } from './single-flight.js';

export interface DiscoverySettings {
  enabled: boolean;
  perMinute: number;
  /** The most one NodeInfo exchange (both documents) may take. */
  timeoutMs: number;
}

const FOUND_TTL_S = 86_400;
const NOT_FOUND_TTL_S = 3_600;
const MINUTE_MS = 60_000;

type Answer = { id: FediverseId } | { none: true };

export class FediverseDiscovery {
  private readonly flights = new SingleFlight<FediverseId | undefined>();
  private windowStart = 0;
  private askedInWindow = 0;

  constructor(
    private readonly reader: NodeInfoReader,
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly logger: Logger,
    readonly settings: DiscoverySettings,
  ) {}

  /** The family `host` runs, when it is one of the supported ones; undefined otherwise (and when discovery is off or over its rate). */
  async familyOf(host: string): Promise<FediverseId | undefined> {
    if (!this.settings.enabled) return undefined;
    const known = await this.cached(host);
    if (known) return 'id' in known ? known.id : undefined;
    return this.flights.run(host, () => this.ask(host));
  }

  private async ask(host: string): Promise<FediverseId | undefined> {
    if (!this.mayAsk()) {
      // Debug only: a flood of made-up hosts must not flood the log either.
      this.logger.debug({ host }, 'fediverse discovery over its rate this minute; host answered as no-adapter without a request');
      return undefined;
    }
    let software: string | undefined;
    try {
      software = await this.reader.softwareOf(host, AbortSignal.timeout(this.settings.timeoutMs));
    } catch (error) {
      // A refused address, a timeout, an oversized or broken document: not a server we can read.
      this.logger.debug({ host, error: (error as { code?: string }).code ?? String(error) }, 'fediverse discovery: no readable NodeInfo');
    }
    const id = familyOfSoftware(software);
    const answer: Answer = id ? { id } : { none: true };
    void this.cache.set(keyOf(host), answer, id ? FOUND_TTL_S : NOT_FOUND_TTL_S);
    return id;
  }

  /** Counts one new host against this minute's allowance; false once it is spent. */
  private mayAsk(): boolean {
    const now = this.clock.now();
    if (now - this.windowStart >= MINUTE_MS) {
      this.windowStart = now;
      this.askedInWindow = 0;
    }
    if (this.askedInWindow >= this.settings.perMinute) return false;
    this.askedInWindow += 1;
    return true;
  }

  /** A cached answer; one that does not validate is a miss and is deleted. */
  private async cached(host: string): Promise<Answer | undefined> {
    const value = (await this.cache.get(keyOf(host))) as Partial<{ id: unknown; none: unknown }> | undefined;
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'object' && isFediverseId(value.id)) return { id: value.id };
    if (typeof value === 'object' && value.none === true) return { none: true };
    await this.cache.delete(keyOf(host));
    return undefined;
  }
}

function keyOf(host: string): string {
  return `fd1:${host}`;
}

export const FEDIVERSE_DISCOVERY = Symbol('FediverseDiscovery');
