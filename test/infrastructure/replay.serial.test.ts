import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpstreamError } from '../../src/application/errors.js';
import { exchangeMatches, findExchange, loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { ReplayHttpClient } from '../../src/infrastructure/http/replay.http.js';
import { q, TestApp } from '../support/app.js';
import { fixturesDir } from '../support/fixtures.js';
import { collectingLogger } from '../support/redis.js';

function dirWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-replay-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}

const def = (over: Partial<RecordedExchange>): RecordedExchange => ({ scope: 'https://api.example', method: 'GET', path: '/x', status: 200, response: { n: 1 }, ...over });

describe('recorded exchanges', () => {
  it('when a folder is loaded, reads its *.json files in name order and ignores others', () => {
    const dir = dirWith({ 'b.json': [def({ path: '/b' })], 'a.json': [def({ path: '/a1' }), def({ path: '/a2' })], 'c.txt': [def({})] });
    expect(loadRecordedExchanges(dir).map((d) => d.path)).to.deep.equal(['/a1', '/a2', '/b']);
  });

  it('when a file is not an array of definitions, says which file and entry', () => {
    const dir = dirWith({ 'bad.json': [{ scope: 'https://a' }] });
    expect(() => loadRecordedExchanges(dir)).to.throw(/bad\.json\[0\]/);
  });

  describe('matching', () => {
    const d = def({ path: '/xrpc/get?uri=at%3A%2F%2Fdid%3Aplc%3Aa&depth=0' });
    const cases: [string, string, string, boolean][] = [
      ['same path and query', 'GET', 'https://api.example/xrpc/get?uri=at://did:plc:a&depth=0', true],
      ['query in another order with an extra parameter', 'GET', 'https://api.example/xrpc/get?x=1&depth=0&uri=at%3A%2F%2Fdid%3Aplc%3Aa', true],
      ['a parameter missing', 'GET', 'https://api.example/xrpc/get?uri=at://did:plc:a', false],
      ['a parameter with another value', 'GET', 'https://api.example/xrpc/get?uri=at://did:plc:b&depth=0', false],
      ['another method', 'POST', 'https://api.example/xrpc/get?uri=at://did:plc:a&depth=0', false],
      ['another scope', 'GET', 'https://other.example/xrpc/get?uri=at://did:plc:a&depth=0', false],
      ['another path', 'GET', 'https://api.example/xrpc/get2?uri=at://did:plc:a&depth=0', false],
    ];
    for (const [what, method, url, expected] of cases) {
      it(`when the request has ${what}, ${expected ? 'matches' : 'does not match'}`, () => {
        expect(exchangeMatches(d, method, new URL(url))).to.equal(expected);
      });
    }
    it('when the definition has no query, matches any query', () => {
      expect(exchangeMatches(def({ path: '/x' }), 'GET', new URL('https://api.example/x?a=1'))).to.equal(true);
    });
  });

  describe('replay HTTP client', () => {
    it('answers JSON, string and binary (hex) bodies with their headers, any number of times', async () => {
      const logger = collectingLogger();
      const client = new ReplayHttpClient(
        [
          def({ path: '/json' }),
          def({ path: '/text', response: 'hello', headers: { 'content-type': 'text/plain' } }),
          def({ path: '/bin', response: '00ff10', responseIsBinary: true, rawHeaders: ['Content-Type', 'video/mp4'] }),
        ],
        logger,
      );
      const allowedHosts = ['api.example'];
      for (let i = 0; i < 2; i++) expect((await client.request({ url: 'https://api.example/json', allowedHosts })).json()).to.deep.equal({ n: 1 });
      const text = await client.request({ url: 'https://api.example/text', allowedHosts });
      expect(text.text()).to.equal('hello');
      expect(text.headers['content-type']).to.equal('text/plain');
      const bin = await client.request({ url: 'https://api.example/bin', allowedHosts });
      expect([...bin.body]).to.deep.equal([0, 255, 16]);
      expect(bin.headers['content-type']).to.equal('video/mp4');
    });

    it('when nothing matches, fails like a network error and logs method and URL', async () => {
      const logger = collectingLogger();
      const client = new ReplayHttpClient([def({})], logger);
      const error = await client.request({ url: 'https://api.example/missing?q=1', allowedHosts: ['api.example'] }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UpstreamError);
      expect((error as UpstreamError).code).to.equal('UPSTREAM_NOT_RECORDED');
      expect(JSON.stringify(logger.lines)).to.include('https://api.example/missing').and.include('GET');
    });

    describe('request bodies (nock semantics)', () => {
      const allowedHosts = ['api.example'];
      const post = (body: unknown, response: unknown) => def({ method: 'POST', path: '/player', body, response });
      const ask = (client: ReplayHttpClient, body?: string) =>
        client.request({ url: 'https://api.example/player', method: 'POST', body, allowedHosts }).then((r) => r.json(), (e: unknown) => e);

      it('when two definitions differ only by body, each request gets its own answer', async () => {
        const client = new ReplayHttpClient([post({ videoId: 'aaa' }, { title: 'A' }), post({ videoId: 'bbb' }, { title: 'B' })], collectingLogger());
        expect(await ask(client, JSON.stringify({ videoId: 'bbb' }))).to.deep.equal({ title: 'B' });
        expect(await ask(client, JSON.stringify({ videoId: 'aaa' }))).to.deep.equal({ title: 'A' });
        expect(await ask(client, JSON.stringify({ videoId: 'ccc' }))).to.be.instanceOf(UpstreamError);
      });

      it('compares JSON bodies as values: key order and spacing do not matter, a recorded JSON string counts as JSON', async () => {
        const client = new ReplayHttpClient(
          [post({ context: { hl: 'en', gl: 'US' }, videoId: 'aaa' }, { title: 'A' }), post('{"videoId": "bbb", "n": 1}', { title: 'B' })],
          collectingLogger(),
        );
        expect(await ask(client, '{"videoId":"aaa","context":{"gl":"US","hl":"en"}}')).to.deep.equal({ title: 'A' });
        expect(await ask(client, '{"n":1,"videoId":"bbb"}')).to.deep.equal({ title: 'B' });
        expect(await ask(client, '{"videoId":"aaa","context":{"gl":"US","hl":"en"},"extra":true}')).to.be.instanceOf(UpstreamError);
      });

      it('compares a text body (a form) as text', async () => {
        const client = new ReplayHttpClient([post('doc_id=1&variables=%7B%22id%22%3A1%7D', { n: 1 }), post('doc_id=1&variables=%7B%22id%22%3A2%7D', { n: 2 })], collectingLogger());
        expect(await ask(client, 'doc_id=1&variables=%7B%22id%22%3A2%7D')).to.deep.equal({ n: 2 });
        expect(await ask(client, 'doc_id=1&variables=%7B%22id%22%3A1%7D')).to.deep.equal({ n: 1 });
        expect(await ask(client, 'doc_id=1')).to.be.instanceOf(UpstreamError);
      });

      it('when the definition has no body, answers any body, or none', async () => {
        const client = new ReplayHttpClient([def({ method: 'POST', path: '/player', response: { any: true } })], collectingLogger());
        expect(await ask(client, '{"videoId":"zzz"}')).to.deep.equal({ any: true });
        expect(await ask(client, 'a=1')).to.deep.equal({ any: true });
        expect(await ask(client)).to.deep.equal({ any: true });
      });

      it('findExchange (the fault server) holds a definition to its body too; the tests\' nock helpers do (test/support/fixtures.ts)', () => {
        const d = post({ videoId: 'aaa' }, {});
        expect(findExchange([d], 'POST', new URL('https://api.example/player'), '{"videoId":"aaa"}')).to.equal(d);
        expect(findExchange([d], 'POST', new URL('https://api.example/player'), '{"videoId":"bbb"}')).to.equal(undefined);
      });
    });

    it('follows recorded redirects on allowed hosts', async () => {
      const client = new ReplayHttpClient(
        [def({ path: '/old', status: 301, response: '', headers: { location: '/new' } }), def({ path: '/new', response: { moved: true } })],
        collectingLogger(),
      );
      const res = await client.request({ url: 'https://api.example/old', allowedHosts: ['api.example'] });
      expect(res.json()).to.deep.equal({ moved: true });
      expect(res.url).to.equal('https://api.example/new');
    });
  });

  describe('the service in replay mode', () => {
    it('when UPSTREAM_REPLAY_DIR holds the fixtures, resolves from them; an unrecorded post degrades at once', async () => {
      const app = await TestApp.start({ UPSTREAM_REPLAY_DIR: fixturesDir('bluesky') });
      try {
        const ok = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab')}`);
        expect(ok.body).to.include({ status: 'ok', kind: 'image' });
        const missing = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:nobody/post/3knothere')}`);
        expect(missing.body).to.include({ status: 'degraded', reason: 'upstream-error' });
        expect(missing.ms).to.be.below(500);
        expect(app.logs.some((l) => l.includes('replay: no recorded exchange'))).to.equal(true);
      } finally {
        await app.close();
      }
    });
  });
});
