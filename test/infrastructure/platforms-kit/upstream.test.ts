// The kit's side of the HTTP port: every request on the platform's hosts, pages asked as a browser
// or a link crawler with the one user-agent table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../src/application/ports/http.port.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { USER_AGENTS } from '../../../src/infrastructure/platforms/kit/user-agents.js';

class Asked implements HttpClient {
  readonly requests: HttpRequest[] = [];
  request(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    return Promise.resolve({ status: 200, url: request.url, headers: {}, body: Buffer.alloc(0), text: () => '', json: () => null });
  }
}

describe('upstream', () => {
  it("sends every request to the platform's hosts only, following redirects unless asked not to", async () => {
    const http = new Asked();
    const upstream = new Upstream(http, ['a.example.test', 'b.example.test']);
    const signal = AbortSignal.timeout(1000);
    await upstream.get('https://a.example.test/x', signal);
    await upstream.get('https://a.example.test/y', signal, { headers: { 'x-a': '1' }, redirect: 'manual' });
    await upstream.request({ url: 'https://b.example.test/z', method: 'POST', body: 'q=1', signal });
    expect(http.requests).to.deep.equal([
      { url: 'https://a.example.test/x', headers: {}, signal, allowedHosts: ['a.example.test', 'b.example.test'] },
      { url: 'https://a.example.test/y', headers: { 'x-a': '1' }, signal, redirect: 'manual', allowedHosts: ['a.example.test', 'b.example.test'] },
      { url: 'https://b.example.test/z', method: 'POST', body: 'q=1', signal, allowedHosts: ['a.example.test', 'b.example.test'] },
    ]);
  });

  it("asks for JSON, or for a page with the visitor's User-Agent and an HTML Accept, the caller's headers winning", async () => {
    const http = new Asked();
    const upstream = new Upstream(http, ['a.example.test']);
    const signal = AbortSignal.timeout(1000);
    await upstream.getJson('https://a.example.test/j', signal);
    await upstream.page('https://a.example.test/p', 'facebookCrawler', signal);
    await upstream.page('https://a.example.test/p', 'browser', signal, { headers: { accept: 'text/html', cookie: 'a=1' } });
    expect(http.requests.map((r) => r.headers)).to.deep.equal([
      { accept: 'application/json' },
      { 'user-agent': USER_AGENTS.facebookCrawler, accept: 'text/html,application/xhtml+xml' },
      { 'user-agent': USER_AGENTS.browser, accept: 'text/html', cookie: 'a=1' },
    ]);
  });

  it('when an adapter names a User-Agent, it is the table\'s: no browser or crawler string is written anywhere else', () => {
    const dir = 'src/infrastructure/platforms';
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== join('kit', 'user-agents.ts'));
    const offenders = files.filter((f) => /Mozilla\/5\.0|facebookexternalhit|Gecko\/|Chrome\/\d/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).to.deep.equal([]);
  });
});
