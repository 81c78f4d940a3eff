// Canonical URL and platform of a URL, without any upstream request.
import { inject, injectable } from 'tsyringe';
import { acceptUrl } from '../../domain/accept-url.js';
import { canonicalize } from '../../domain/canonicalize.js';
import { PLATFORM_RULES, SETTINGS, type PlatformRules, type Settings } from '../settings.js';

export interface CanonicalAnswer {
  platform: string;
  canonicalUrl: string;
}

@injectable()
export class CanonicalizeUseCase {
  constructor(
    @inject(PLATFORM_RULES) private readonly rules: PlatformRules,
    @inject(SETTINGS) private readonly settings: Settings,
  ) {}

  execute(input: unknown): { ok: true; result: CanonicalAnswer } | { ok: false; error: string } {
    const accepted = acceptUrl(input, this.settings.maxUrlLength);
    if (!accepted.ok) return accepted;
    const { platform, canonicalUrl } = canonicalize(this.rules, accepted.url);
    return { ok: true, result: { platform, canonicalUrl } };
  }
}
