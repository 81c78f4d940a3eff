// The real live HTTP adapter as the tests use it (nock intercepts its fetch calls). Names resolve
// through a stand-in for DNS (public unless a test says otherwise), as the address guard asks.
import { KyHttpClient, type KyHttpSettings } from '../../src/infrastructure/http/ky.http.js';
import { publicLookup } from './lookup.js';

export function testHttpClient(overrides: Partial<Omit<KyHttpSettings, 'userAgent'>> = {}): KyHttpClient {
  return new KyHttpClient({ timeoutMs: 2000, maxBytes: 5 * 1024 * 1024, userAgent: 'postlens-test', lookup: publicLookup, ...overrides });
}
