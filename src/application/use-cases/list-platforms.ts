// The platforms this instance knows, what each can do, and whether it is usable right now.
import { inject, injectAll, injectable } from 'tsyringe';
import type { Kind } from '../../domain/card.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import { PLATFORM_ADAPTER, type PlatformAdapter } from '../ports/platform-adapter.port.js';
import { PLATFORM_GUARD, type PlatformGuard } from '../ports/platform-guard.port.js';
import { PLATFORM_RULES, SETTINGS, type PlatformRules, type Settings } from '../settings.js';

export interface PlatformInfo {
  id: string;
  name: string;
  hosts: readonly string[];
  kinds: readonly Kind[];
  capabilities: { resolve: boolean; canonical: boolean; shortLinks: boolean; video: boolean; nsfw: boolean; proxy: boolean };
  state: 'ok' | 'circuit-open' | 'disabled';
}

@injectable()
export class ListPlatformsUseCase {
  private readonly adapters: ReadonlyMap<string, PlatformAdapter>;

  constructor(
    @inject(PLATFORM_RULES) private readonly rules: PlatformRules,
    @injectAll(PLATFORM_ADAPTER) adapters: PlatformAdapter[],
    @inject(SETTINGS) private readonly settings: Settings,
    @inject(PLATFORM_GUARD) private readonly guard: PlatformGuard,
  ) {
    this.adapters = new Map(adapters.map((a) => [a.id, a]));
  }

  execute(): { platforms: PlatformInfo[] } {
    return {
      platforms: this.rules.map((rule) => {
        const adapter = this.adapters.get(rule.id);
        const caps = adapter?.capabilities;
        return {
          id: rule.id,
          name: rule.name,
          hosts: rule.hosts,
          // Until an adapter resolves the platform, the only card it can give is a branded link.
          kinds: adapter ? rule.kinds : ['link'],
          capabilities: {
            resolve: adapter !== undefined,
            canonical: true,
            shortLinks: caps?.shortLinks ?? false,
            video: caps?.video ?? false,
            nsfw: caps?.nsfw ?? false,
            proxy: caps?.proxy ?? false,
          },
          state: this.stateOf(rule.id),
        };
      }),
    };
  }

  /** Disabled wins: a switched-off platform is never called, so its breaker says nothing. */
  private stateOf(platform: PlatformId): PlatformInfo['state'] {
    if (this.settings.disabledPlatforms.includes(platform)) return 'disabled';
    return this.guard.isOpen(platform) ? 'circuit-open' : 'ok';
  }
}
