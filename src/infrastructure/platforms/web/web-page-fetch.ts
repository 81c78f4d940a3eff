// The page of a web card (docs/design.md §3 "Chain", step 2): a GET as a polite crawler (WEB_USER_AGENT,
// an HTML-first Accept, no cookie), its redirects followed here one hop at a time — at most 5, each
// through the HTTP port's guard and the host's per-minute allowance — so that a hop landing on a
// URL a platform claims hands the resolve to that platform instead of reading its page. The body
// goes straight into the page reader, which stops the download once it has what it needs.
import type { HttpClient, HttpResponse } from '../../../application/ports/http.port.js';
import { matchPlatform } from '../../../domain/platforms/match-platform.js';
import type { RegisteredSpec } from '../../../domain/platforms/registered-spec.js';
import type { Reason } from '../../../domain/reasons.js';
import { reasonForStatus } from '../kit/status.js';
import { httpUrl } from './page/index.js';
import type { SlidingWindow } from '../../../application/sliding-window.js';
import type { BodyReading, PageReading, ReadPage } from './page-reading.js';
import type { WebSettings } from './web-settings.js';

export const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const MAX_HOPS = 5;

export type FetchedPage =
  | { ok: true; url: string; page: ReadPage }
  /** A URL a platform claims, reached by a redirect. */
  | { ok: false; handOff: string }
  /** `unasked`: refused here (a host's allowance spent), no request made. */
  | { ok: false; reason: Reason; unasked?: true };

export interface PageFetchDeps {
  http: HttpClient;
  specs: readonly RegisteredSpec[];
  reading: PageReading;
  /** Each host's allowance of requests a minute (WEB_PER_HOST_PER_MIN). */
  hosts: SlidingWindow;
  settings: WebSettings;
}

export async function fetchPage({ http, specs, reading, hosts, settings }: PageFetchDeps, start: string, signal: AbortSignal): Promise<FetchedPage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const target = new URL(url);
    if (hop > 0 && matchPlatform(specs, target)) return { ok: false, handOff: url };
    if (!hosts.take(target.hostname)) return { ok: false, reason: 'rate-limited', unasked: true };
    let reader: BodyReading | undefined;
    const response: HttpResponse = await http.request({
      url,
      allowedHosts: [],
      openWeb: true,
      redirect: 'manual',
      signal,
      maxBytes: settings.maxBytes,
      headers: { accept: PAGE_ACCEPT, 'user-agent': settings.userAgent },
      // Only a 2xx answer is read; any other body is cancelled at its first chunk.
      bodySink: (answer) => {
        if (answer.status < 200 || answer.status > 299) return { push: () => 'enough' };
        reader = reading.reader({ url: answer.url, maxBytes: settings.maxBytes, ...header('contentType', answer.headers['content-type']), ...header('link', answer.headers['link']) });
        return reader;
      },
    });
    const location = response.headers['location'];
    if (isRedirect(response.status) && location !== undefined) {
      if (hop >= MAX_HOPS) return { ok: false, reason: 'upstream-error' };
      const next = httpUrl(location, url);
      // A redirect to `javascript:`, `data:` or nothing readable leads to no page.
      if (!next) return { ok: false, reason: 'upstream-error' };
      url = next;
      continue;
    }
    // docs/design.md §3 "Outcomes": every 5xx (504 included) is the upstream's error.
    const refused = response.status >= 500 ? 'upstream-error' : reasonForStatus(response.status);
    if (refused) return { ok: false, reason: refused };
    // A 2xx without a body (204) was never handed to a reader: an empty one reads it.
    return { ok: true, url: response.url, page: (reader ?? reading.reader({ url: response.url, maxBytes: settings.maxBytes })).finish() };
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function header<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
