// SSRF through a direct URL: the live HTTP client is asked for a literal IP, plainly or in one of
// the spellings that slipped past lookup-based filters (docs/design.md §13). Each host is on the
// request's allowlist, so only the address check can refuse; the connection pool would carry any
// request that got through to the loopback target. It sees no connection at all.
import { expect } from 'chai';
import type { Agent } from 'undici';
import { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';
import { LoopbackTarget, loopbackPool } from './loopback-target.js';

describe('SSRF guard: direct URLs', () => {
  let target: LoopbackTarget;
  let pool: Agent;
  before(async () => {
    target = await LoopbackTarget.start();
  });
  after(async () => {
    await target.close();
  });
  beforeEach(() => {
    target.reset();
    pool = loopbackPool();
  });
  afterEach(async () => {
    await pool.close();
  });

  function client(lookup = lookupTable({})): KyHttpClient {
    return new KyHttpClient({ timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup, dispatcher: pool });
  }

  /** Asks for `url` with its own host allowed; returns the error code, or 'ANSWERED'. */
  async function attempt(url: string, http = client()): Promise<string> {
    const host = new URL(url).hostname;
    return http.request({ url, allowedHosts: [host] }).then(
      () => 'ANSWERED',
      (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
    );
  }

  it('when the name is allowed and resolves to a public address, the request does reach the target (the harness can see one)', async () => {
    const lookup = lookupTable({ localhost: [PUBLIC_ADDRESS] });
    const response = await client(lookup).request({ url: `https://localhost:${target.port}/probe`, allowedHosts: ['localhost'] });
    expect(response.status).to.equal(200);
    expect(response.text()).to.equal('reached the inside');
    expect(target.seen).to.deep.equal({ connections: 1, requests: 1 });
  });

  it('when plain fetch is pointed at 0x7f.1 on the same pool, it reaches the target: the spelling is live', async () => {
    const response = await fetch(`https://0x7f.1:${target.port}/`, { dispatcher: pool } as unknown as RequestInit);
    expect(response.status).to.equal(200);
    await response.arrayBuffer();
    expect(target.seen.requests).to.equal(1);
  });

  const literals = (port: number): string[] => [
    `https://127.0.0.1:${port}/`,
    `https://0x7f.1:${port}/`,
    `https://2130706433:${port}/`,
    `https://127.1:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://0x7f000001:${port}/`,
    `https://127.0.0.1.:${port}/`,
    `https://%31%32%37.0.0.1:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `https://[::127.0.0.1]:${port}/`,
    `https://[::7f00:1]:${port}/`,
    `https://[::1]:${port}/`,
    `https://0.0.0.0:${port}/`,
    `https://0:${port}/`,
    `https://[::]:${port}/`,
    'https://10.0.0.5/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://240.0.0.1/',
    'https://[fe80::1]/',
    'https://[fd00::1]/',
    'https://[ff02::1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[::ffff:169.254.169.254]/',
  ];

  it('when the URL names an inner address literally, in any spelling, refuses it with UPSTREAM_HOST_REFUSED and nothing reaches the target', async () => {
    const lookup = lookupTable({});
    const outcomes = await Promise.all(literals(target.port).map(async (url) => [url, await attempt(url, client(lookup))] as const));
    for (const [url, code] of outcomes) expect(code, url).to.equal('UPSTREAM_HOST_REFUSED');
    expect(lookup.asked, 'a literal is judged as it stands, never looked up').to.deep.equal([]);
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when ::1 is listened on too, a request for [::1] does not reach it either', async function () {
    if (!target.ipv6) this.skip();
    expect(await attempt(`https://[::1]:${target.port}/`)).to.equal('UPSTREAM_HOST_REFUSED');
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when the URL is http, refuses it before resolving anything', async () => {
    const lookup = lookupTable({});
    expect(await attempt(`http://localhost:${target.port}/`, client(lookup))).to.equal('UPSTREAM_HOST_REFUSED');
    expect(lookup.asked).to.deep.equal([]);
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when the host is not on the allowlist, refuses it without even resolving the name', async () => {
    const lookup = lookupTable({});
    const error = await client(lookup)
      .request({ url: `https://localhost:${target.port}/`, allowedHosts: ['www.reddit.com'] })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_HOST_REFUSED');
    expect(lookup.asked).to.deep.equal([]);
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });
});
