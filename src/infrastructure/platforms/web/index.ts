// The `web` adapter (docs/design.md §3 "The open web"): a card for any page on a host no platform claims.
// The chain: the oEmbed registry's endpoint when a provider's scheme matches the URL; the page
// itself, read only as far as its reader needs; then the page's own oEmbed discovery link when the
// registry was not asked — at most three upstream requests (redirect hops aside), every one through
// the HTTP port's guard and the host's per-minute allowance. Statuses and walls become reasons;
// a redirect onto a platform's URL hands the resolve to that platform.
import { inject, injectable } from 'tsyringe';
import { getDomain } from 'tldts';
import { isUpstreamError } from '../../../application/errors.js';
import { CLOCK, type Clock } from '../../../application/ports/clock.port.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { SPEC_LIST, type SpecList } from '../../../application/settings.js';
import { webCanonicalUrl } from '../../../domain/web-url.js';
import { pageModuleReading } from './page-module-reading.js';
import { SlidingWindow } from '../../../application/sliding-window.js';
import { installedOembedRegistry, type OembedRegistry } from './oembed-registry.js';
import type { PageReading, ReadPage } from './page-reading.js';
import { fetchPage } from './web-page-fetch.js';
import { WEB_SETTINGS, type WebSettings } from './web-settings.js';

@injectable()
export class WebAdapter implements PlatformAdapter {
  /** WEB_PER_HOST_PER_MIN: each host's requests in any minute (docs/design.md §3 "Politeness"). */
  private readonly hosts: SlidingWindow;
  private readonly registry: OembedRegistry;
  private readonly reading: PageReading = pageModuleReading;

  constructor(
    @inject(HTTP_CLIENT) private readonly http: HttpClient,
    @inject(SPEC_LIST) private readonly specs: SpecList,
    @inject(WEB_SETTINGS) private readonly settings: WebSettings,
    @inject(CLOCK) clock: Clock,
  ) {
    this.hosts = new SlidingWindow({ limit: settings.perHostPerMinute, windowMs: 60_000 }, clock);
    this.registry = installedOembedRegistry();
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const endpoint = this.registry.endpointFor(new URL(post.canonicalUrl));
    const registered = endpoint === undefined ? undefined : await this.oembed(endpoint, post.canonicalUrl, signal);
    const fetched = await fetchPage({ http: this.http, specs: this.specs, reading: this.reading, hosts: this.hosts, settings: this.settings }, post.canonicalUrl, signal).catch(refusedHere);
    if (!fetched.ok) {
      if ('handOff' in fetched) return { ok: false, reason: 'unsupported', handOff: fetched.handOff, unasked: true };
      return { ok: false, reason: fetched.reason, ...(fetched.unasked ? { unasked: true as const } : {}) };
    }
    const { page, url } = fetched;
    const discovered = endpoint === undefined && page.oembedDiscovery !== undefined ? await this.oembedAt(page.oembedDiscovery, signal) : undefined;
    const { card, declaredCanonical } = page.fields(registered ?? discovered);
    if (page.interstitial) return { ok: false, reason: 'blocked', partial: brandOf(page) };
    const canonicalUrl = sameSiteCanonical(declaredCanonical, url);
    return canonicalUrl !== undefined && canonicalUrl !== post.canonicalUrl ? { ok: true, card, canonicalUrl } : { ok: true, card };
  }

  /** The registry endpoint's answer for the page (`format=json`), or undefined: oEmbed only adds to the page. */
  private oembed(endpoint: string, pageUrl: string, signal: AbortSignal): Promise<unknown> {
    const query = new URLSearchParams({ url: pageUrl, format: 'json' }).toString();
    return this.oembedAt(`${endpoint}${endpoint.includes('?') ? '&' : '?'}${query}`, signal);
  }

  /** An oEmbed JSON answer at `href` (a registry endpoint or a page's discovery link), or undefined. */
  private async oembedAt(href: string, signal: AbortSignal): Promise<unknown> {
    if (!URL.canParse(href) || !this.hosts.take(new URL(href).hostname)) return undefined;
    try {
      const response = await this.http.request({ url: href, allowedHosts: [], openWeb: true, signal, maxBytes: this.settings.maxBytes, headers: { accept: 'application/json', 'user-agent': this.settings.userAgent } });
      return response.status === 200 ? response.json() : undefined;
    } catch (error) {
      // The resolve's own deadline ends the whole chain; any other failure of oEmbed leaves the page.
      if (signal.aborted) throw error;
      return undefined;
    }
  }
}

/**
 * A request the guard refused before any connection (an inner address, a bad scheme): our refusal,
 * not the host's failure (docs/design.md §9), so it never counts against the host's breaker.
 */
function refusedHere(error: unknown): { ok: false; reason: 'upstream-error'; unasked: true } {
  if (isUpstreamError(error) && error.code === 'UPSTREAM_HOST_REFUSED') return { ok: false, reason: 'upstream-error', unasked: true };
  throw error;
}

/** The site's name and colour as the page gave them, for a degraded answer. */
function brandOf(page: ReadPage): { siteName?: string; themeColor?: string } {
  const { card } = page.fields();
  return { ...(card.siteName ? { siteName: card.siteName } : {}), ...(card.themeColor ? { themeColor: card.themeColor } : {}) };
}

/**
 * The page's declared URL, cleaned as the canonical form is, when it is http(s) on the same site
 * (registrable domain, as the public-suffix list draws it) as the page that answered; else undefined.
 */
export function sameSiteCanonical(declared: string | undefined, answeredUrl: string): string | undefined {
  if (declared === undefined || !URL.canParse(declared)) return undefined;
  const url = new URL(declared);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const answered = new URL(answeredUrl).hostname;
  const site = (host: string) => getDomain(host, { allowPrivateDomains: true }) ?? host;
  return site(url.hostname) === site(answered) ? webCanonicalUrl(url) : undefined;
}
