// A platform guard for use-case tests that construct ResolveUseCase by hand: the real cockatiel
// guard with the configuration defaults (BREAKER_THRESHOLD 5, BREAKER_COOLDOWN_S 30).
import { CockatielPlatformGuard, type PlatformGuardOptions } from '../../src/infrastructure/resilience/cockatiel.platform-guard.js';
import { collectingLogger } from './redis.js';

export function testGuard(options: Partial<PlatformGuardOptions> = {}, logger = collectingLogger()): CockatielPlatformGuard {
  return new CockatielPlatformGuard({ threshold: 5, cooldownMs: 30_000, ...options }, logger);
}
