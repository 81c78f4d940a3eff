// One post per platform for the fault suite, from each platform's cases (test/platforms/<id>/cases.ts):
// a URL a client would paste, and the recorded exchanges that make its healthy resolve an `ok` card.
// Faults are staged over these: the same requests, answered badly.
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { PLATFORM_CASE_LIST, type HealthyPost } from '../platforms/cases.js';
import { fixturePath } from '../support/fixtures.js';
import type { Expected } from './faults.js';
import { WEB_PAGE_HOST, WEB_PAGE_URL, webPageExchange } from '../platforms/web/recorded-page.js';
import type { Card } from '../../src/domain/card.js';

export interface FaultPlatform {
  id: PlatformId;
  /** The post URL sent to GET /api/v1/resolve. */
  url: string;
  /** The healthy upstream: every exchange of the post's fixture scenario. */
  exchanges: readonly RecordedExchange[];
  /** The card kind the healthy resolve answers. */
  kind: HealthyPost['kind'] | Card['kind'];
  /** Every host the adapter's strategies may call (the fault server answers for all of them): the spec's. */
  hosts: readonly string[];
  /** Faults (by title) under which this platform answers otherwise than the fault's usual reason. */
  faults: Readonly<Record<string, Expected>>;
  /** `web` has no platform to leave: a redirect to another site is followed (through the guard) as a browser would. */
  followsRedirectsOffSite?: boolean;
}

export const PLATFORMS: readonly FaultPlatform[] = PLATFORM_CASE_LIST.map(({ id, healthy }) => ({
  id,
  url: healthy.url,
  exchanges: loadRecordedExchanges(fixturePath(id, healthy.scenario)),
  kind: healthy.kind,
  hosts: PLATFORM_SPECS[id].upstreamHosts,
  faults: healthy.faults ?? {},
}));

/**
 * `web` (any page, WEB_CARDS on in the harness): one recorded page on a host no platform claims.
 * Its exceptions are where a page differs from an API answer.
 */
export const WEB_FAULT_PLATFORM: FaultPlatform = {
  id: 'web',
  url: WEB_PAGE_URL,
  exchanges: [webPageExchange()],
  kind: 'image',
  hosts: [WEB_PAGE_HOST],
  faults: {
    // A page is read up to WEB_MAX_BYTES and made from what its head says (docs/design.md §3
    // "Reading"): a head with nothing in it is a link card of the host, never an error.
    'sends a 50 MB body': 'ok (link)',
    'declares and sends a 50 MB body': 'ok (link)',
    'sends a gzip bomb': 'ok (link)',
    // Reading stops after </head> once it holds Open Graph and JSON-LD: the missing tail is never waited for.
    'declares a Content-Length longer than its body': 'ok',
    // The first half still has the head's Open Graph (the JSON-LD block is cut): the card from it.
    'declares a Content-Length shorter than its body': 'ok (image)',
    // Not HTML: a link card titled by its file name (docs/design.md §3 "Not HTML").
    'answers invalid JSON': 'ok (link)',
    // A 200 page that is not a challenge or consent wall is a page like any other: its title is its card's.
    'answers an HTML error page where JSON was expected': 'ok (link)',
    // The page stripped of its meta values: what is left (its lang, its host) is a link card.
    'answers a schema with its fields missing': 'ok (link)',
  },
  followsRedirectsOffSite: true,
};

