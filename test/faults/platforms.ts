// One post per platform for the fault suite, from each platform's cases (test/platforms/<id>/cases.ts):
// a URL a client would paste, and the recorded exchanges that make its healthy resolve an `ok` card.
// Faults are staged over these: the same requests, answered badly.
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { PLATFORM_CASE_LIST, type HealthyPost } from '../platforms/cases.js';
import { fixturePath } from '../support/fixtures.js';
import type { Expected } from './faults.js';

export interface FaultPlatform {
  id: PlatformId;
  /** The post URL sent to GET /api/v1/resolve. */
  url: string;
  /** The healthy upstream: every exchange of the post's fixture scenario. */
  exchanges: readonly RecordedExchange[];
  /** The card kind the healthy resolve answers. */
  kind: HealthyPost['kind'];
  /** Every host the adapter's strategies may call (the fault server answers for all of them): the spec's. */
  hosts: readonly string[];
  /** Faults (by title) under which this platform answers otherwise than the fault's usual reason. */
  faults: Readonly<Record<string, Expected>>;
}

export const PLATFORMS: readonly FaultPlatform[] = PLATFORM_CASE_LIST.map(({ id, healthy }) => ({
  id,
  url: healthy.url,
  exchanges: loadRecordedExchanges(fixturePath(id, healthy.scenario)),
  kind: healthy.kind,
  hosts: PLATFORM_SPECS[id].upstreamHosts,
  faults: healthy.faults ?? {},
}));
