// Discovery of fediverse servers no list names (docs/design.md §3 "Any other host, discovered"): a host's
// family from its NodeInfo, asked once per host across all instances (the answer is cached in the
// shared cache: a day when it names a supported family, an hour otherwise), and at most
// FEDIVERSE_DISCOVERY_PER_MIN new hosts in any minute per instance (a sliding window), of which one
// client may ask a quarter (docs/design.md §9), so the service cannot be turned into a scanner and one caller
// cannot spend the allowance for everyone: past either limit a host is `no-adapter` without any request.
import { familyOfSoftware, isFediverseId, type FediverseId } from '../domain/platforms/fediverse-software.js';
import type { Cache } from './ports/cache.port.js';
import type { Clock } from './ports/clock.port.js';
import type { Logger } from './ports/logger.port.js';
import type { NodeInfoReader } from './ports/nodeinfo.port.js';
import { SingleFlight } from './single-flight.js';
import { SlidingWindow } from './sliding-window.js';

export interface DiscoverySettings {
  enabled: boolean;
  /** New hosts asked in any minute by this instance; one client may ask a quarter of them. */
  perMinute: number;
  /** The most one NodeInfo exchange (both documents) may take. */
  timeoutMs: number;
}

const FOUND_TTL_S = 86_400;
const NOT_FOUND_TTL_S = 3_600;
const MINUTE_MS = 60_000;
/** The allowance's key in the instance-wide window. */
const ALL = 'all';

/** One client's share of the minute's allowance: a quarter, and at least one host when any is allowed. */
export function clientShare(perMinute: number): number {
  return perMinute === 0 ? 0 : Math.max(1, Math.floor(perMinute / 4));
}

type Answer = { id: FediverseId } | { none: true };

export class FediverseDiscovery {
  private readonly flights = new SingleFlight<FediverseId | undefined>();
  /** New hosts asked by this instance in the last minute. */
  private readonly asked: SlidingWindow;
  /** New hosts asked for each client in the last minute. */
  private readonly askedFor: SlidingWindow;

  constructor(
    private readonly reader: NodeInfoReader,
    private readonly cache: Cache,
    clock: Clock,
    private readonly logger: Logger,
    readonly settings: DiscoverySettings,
  ) {
    this.asked = new SlidingWindow({ limit: settings.perMinute, windowMs: MINUTE_MS }, clock);
    this.askedFor = new SlidingWindow({ limit: clientShare(settings.perMinute), windowMs: MINUTE_MS }, clock);
  }

  /**
   * The family `host` runs, when it is one of the supported ones; undefined otherwise (and when
   * discovery is off or over its rate). `client` names who asks (an API caller, a public client's
   * address): a new host is counted against that client's share; without one (the service's own
   * work, such as a media refresh), against the instance's allowance only.
   */
  async familyOf(host: string, client?: string): Promise<FediverseId | undefined> {
    if (!this.settings.enabled) return undefined;
    const known = await this.cached(host);
    if (known) return 'id' in known ? known.id : undefined;
    // A host already being asked costs nothing more: its answer is shared, whoever asked first.
    if (!this.flights.running(host) && !this.mayAsk(client)) {
      // Debug only: a flood of made-up hosts must not flood the log either.
      this.logger.debug({ host, client }, 'fediverse discovery over its rate this minute; host answered as no-adapter without a request');
      return undefined;
    }
    return this.flights.run(host, () => this.ask(host));
  }

  private async ask(host: string): Promise<FediverseId | undefined> {
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

  /** Counts one new host against the minute's allowance and the client's share; false (nothing counted) once either is spent. */
  private mayAsk(client: string | undefined): boolean {
    if (!this.asked.allows(ALL) || (client !== undefined && !this.askedFor.allows(client))) return false;
    this.asked.take(ALL);
    if (client !== undefined) this.askedFor.take(client);
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
