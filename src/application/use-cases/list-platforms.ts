// The platforms this instance knows, what each can do, and whether it is usable right now.
import { inject, injectable } from 'tsyringe';
import type { Kind } from '../../domain/card.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { RegisteredSpec } from '../../domain/platforms/registered-spec.js';
import { capabilitiesOf } from '../../domain/platforms/platform-spec.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import { PLATFORM_GUARD, type PlatformGuard } from '../ports/platform-guard.port.js';
import { SETTINGS, type Settings } from '../settings.js';
import { ACCESS_VIEW, type AccessCounts, type AccessView } from '../access/access-view.js';

export interface PlatformInfo {
  id: string;
  name: string;
  hosts: readonly string[];
  kinds: readonly Kind[];
  /** Whether it answers here: not in DISABLED_PLATFORMS, and for `web`, WEB_CARDS on. */
  enabled: boolean;
  capabilities: { resolve: boolean; canonical: boolean; shortLinks: boolean; video: boolean; nsfw: boolean; proxy: boolean };
  /**
   * `circuit-open` when the platform's breaker is open; an open-ended platform (the fediverse,
   * `web`) has one per host instead, so a host's trouble never shows here: it is `ok` unless
   * disabled, and `hostsCircuitOpen` counts its hosts whose breaker is open.
   */
  state: 'ok' | 'circuit-open' | 'disabled';
  /** Open-ended platforms only: how many of its hosts (listed and discovered alike) have their breaker open now. */
  hostsCircuitOpen?: number;
  /** Sessions and egresses, and how many of each are benched (counts only). */
  access: AccessCounts;
}

/** A platform's access where no view is given (use-case tests): no sessions, direct. */
const DIRECT_ONLY: AccessCounts = { sessions: 0, sessionsBenched: 0, egress: 1, egressBenched: 0 };

const LINK_ONLY: readonly Kind[] = ['link'];

@injectable()
export class ListPlatformsUseCase {
  constructor(
    @inject(PLATFORMS) private readonly platforms: Platforms,
    @inject(SETTINGS) private readonly settings: Settings,
    @inject(PLATFORM_GUARD) private readonly guard: PlatformGuard,
    @inject(ACCESS_VIEW) private readonly access?: AccessView,
  ) {}

  async execute(): Promise<{ platforms: PlatformInfo[] }> {
    const access = await Promise.all(this.platforms.specs.map((spec) => this.access?.counts(spec.id) ?? DIRECT_ONLY));
    return {
      platforms: this.platforms.specs.map((spec, i) => {
        const resolves = this.platforms.adapter(spec.id) !== undefined;
        // Until an adapter resolves the platform, the only card it can give is a branded link.
        const capabilities = resolves ? capabilitiesOf(spec) : { shortLinks: false, video: false, nsfw: false, proxy: false };
        const enabled = this.enabled(spec.id);
        return {
          id: spec.id,
          name: spec.name,
          hosts: spec.hosts,
          enabled,
          kinds: resolves ? spec.kinds : LINK_ONLY,
          // `web` has canonical URLs only while it answers: off, its hosts stay `none`.
          capabilities: { resolve: resolves, canonical: spec.id !== 'web' || enabled, ...capabilities },
          state: this.stateOf(spec),
          ...(spec.openEnded ? { hostsCircuitOpen: this.guard.openHosts(spec.id) } : {}),
          access: access[i]!,
        };
      }),
    };
  }

  private enabled(platform: PlatformId): boolean {
    return !this.settings.disabledPlatforms.includes(platform) && (platform !== 'web' || this.settings.webCards === true);
  }

  /** Disabled wins: a switched-off platform is never called, so its breaker says nothing. */
  private stateOf(spec: RegisteredSpec): PlatformInfo['state'] {
    if (!this.enabled(spec.id)) return 'disabled';
    return !spec.openEnded && this.guard.isOpen(spec.id) ? 'circuit-open' : 'ok';
  }
}
