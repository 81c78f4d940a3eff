// The real live HTTP adapter as the tests use it (nock intercepts its fetch calls).
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';

export function testHttpClient(overrides: Partial<{ timeoutMs: number; maxBytes: number }> = {}): KyHttpClient {
  return new KyHttpClient({ timeoutMs: 2000, maxBytes: 5 * 1024 * 1024, userAgent: 'postlens-test', ...overrides });
}
