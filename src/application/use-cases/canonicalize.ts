// Canonical URL and platform of a URL, without any upstream request.
import { inject, injectable } from 'tsyringe';
import { acceptUrl } from '../../domain/accept-url.js';
import { canonicalize } from '../../domain/canonicalize.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import { SETTINGS, type Settings } from '../settings.js';
import { webPageOf } from '../web-page.js';

export interface CanonicalAnswer {
  platform: string;
  canonicalUrl: string;
}

@injectable()
export class CanonicalizeUseCase {
  constructor(
    @inject(PLATFORMS) private readonly platforms: Platforms,
    @inject(SETTINGS) private readonly settings: Settings,
  ) {}

  execute(input: unknown): { ok: true; result: CanonicalAnswer } | { ok: false; error: string } {
    const accepted = acceptUrl(input, this.settings.maxUrlLength);
    if (!accepted.ok) return accepted;
    const { platform, canonicalUrl } = canonicalize(this.platforms.specs, accepted.url);
    // With WEB_CARDS on, a host no platform claims is a page of the open web (docs/design.md §3).
    const web = platform === 'none' ? webPageOf(this.platforms.specs, this.settings, accepted.url) : undefined;
    if (web) return { ok: true, result: { platform: 'web', canonicalUrl: 'post' in web ? web.post.canonicalUrl : web.disabled } };
    return { ok: true, result: { platform, canonicalUrl } };
  }
}
