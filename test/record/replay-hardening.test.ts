// Replay mode (UPSTREAM_REPLAY_DIR) fed hostile recordings: header values no wire could carry
// (CR/LF, NUL), a header name with a space, a content-length that lies either way, a body that is
// not the JSON its endpoint promises. The service must answer as it would live: no 5xx, no header
// injected into a `/v/` answer, and a keep-alive connection that stays in step.
import { expect } from 'chai';
import { Client } from 'undici';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { UpstreamError } from '../../src/application/errors.js';
import { prepareAnswer } from '../../src/infrastructure/http/recorded-answer.js';
import { RecordedExchangeIndex } from '../../src/infrastructure/http/recorded-exchange-index.js';
import { exchangeBody, findExchange, loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { ReplayHttpClient } from '../../src/infrastructure/http/replay.http.js';
import { ReplayMediaFetcher } from '../../src/infrastructure/http/replay-media.fetcher.js';
import { q, TEST_KEY, TestApp } from '../support/app.js';
import { fixturePath } from '../support/fixtures.js';
import { getMedia, mediaPath } from '../support/media-client.js';
import { mediaBytes } from '../support/media-upstream.js';
import { collectingLogger } from '../support/redis.js';
import { TIKTOK_POST, TIKTOK_VIDEO, tiktokPageExchanges } from '../support/tiktok-media.js';

const SECRET = 'replay-hardening-secret-0123456789abcdef';
const BLUESKY_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
const MEDIA_ORIGIN = new URL(TIKTOK_VIDEO).origin;
const CRLF_ETAG = 'W/"v1"\r\nX-Injected: yes';
const NUL_DATE = 'Mon, 01 Jan 2024 00:00:00\u0000GMT';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Requests one after another on one keep-alive connection (an undici Client holds one); each must
 * end within 3 s. Also says how many connections the service accepted meanwhile: an answer out of
 * step with its content-length breaks the connection, and the client would open another.
 */
async function onOneConnection(app: TestApp, requests: { path: string; method?: 'GET' | 'HEAD' | 'POST'; body?: unknown }[]): Promise<{ answers: Answer[]; connections: number }> {
  let connections = 0;
  const count = () => connections++;
  app.server.on('connection', count);
  const client = new Client(app.baseUrl, { pipelining: 1, headersTimeout: 3000, bodyTimeout: 3000 });
  try {
    const answers: Answer[] = [];
    for (const { path, method = 'GET', body } of requests) {
      const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await client.request({ path, method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      answers.push({ status: answer.statusCode, headers: answer.headers, body: Buffer.from(await answer.body.arrayBuffer()) });
    }
    return { answers, connections };
  } finally {
    app.server.off('connection', count);
    await client.close();
  }
}

function mediaExchange(path: string, body: Buffer, headers: Record<string, string>): RecordedExchange {
  return {
    scope: MEDIA_ORIGIN,
    method: 'GET',
    path,
    status: 200,
    headers: { 'content-type': 'video/mp4', ...headers },
    response: body.toString('hex'),
    responseIsBinary: true,
  };
}

function tiktokMediaPath(url: string): string {
  return mediaPath(SECRET, { url, headers: {}, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: TIKTOK_POST }, Date.now() + 600_000, '.mp4');
}

const def = (over: Partial<RecordedExchange>): RecordedExchange => ({ scope: 'https://api.example', method: 'GET', path: '/x', status: 200, response: 'hello', ...over });

function prepared(d: RecordedExchange) {
  const result = prepareAnswer(d);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('replay mode: hostile recordings', () => {
  describe('a recorded answer', () => {
    it('when a header value holds CR, LF or NUL, or its name is no token, drops it (only that value of a repeated header)', () => {
      const { answer, corrections } = prepared(
        def({
          headers: { etag: CRLF_ETAG, 'last-modified': NUL_DATE, 'bad name': 'x', 'x-emoji': 'a😀', 'x-null': null as unknown as string, 'cache-control': 'max-age=60' },
          rawHeaders: ['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2\nc=3', 'X-Count', 7 as unknown as string],
        }),
      );
      expect(answer.headers).to.deep.equal({ 'cache-control': ['max-age=60'], 'set-cookie': ['a=1'], 'x-count': ['7'] });
      expect(corrections.dropped).to.have.members(['etag', 'last-modified', 'bad name', 'x-emoji', 'x-null', 'set-cookie']);
    });

    const lengths: [string, string | string[], string][] = [
      ['longer than the body', '999', '5'],
      ['shorter than the body', '2', '5'],
      ['not a number', 'five', '5'],
      ['given twice', ['5', '6'], '5'],
    ];
    for (const [what, recorded, served] of lengths) {
      it(`when the content-length is ${what}, corrects it to the body's length`, () => {
        const { answer, corrections } = prepared(def({ headers: { 'content-length': recorded as string } }));
        expect(answer.headers['content-length']).to.deep.equal([served]);
        expect(corrections.contentLength).to.deep.equal({ recorded: [recorded].flat().join(', '), body: 5 });
      });
    }

    it('when the content-length is right, or belongs to a HEAD or 304 answer, leaves it; a HEAD answer\'s that is no length goes', () => {
      expect(prepared(def({ headers: { 'content-length': '5' } })).corrections).to.deep.equal({ dropped: [] });
      expect(prepared(def({ method: 'HEAD', response: undefined, headers: { 'content-length': '1234' } })).answer.headers['content-length']).to.deep.equal(['1234']);
      expect(prepared(def({ status: 304, response: undefined, headers: { 'content-length': '1234' } })).answer.headers['content-length']).to.deep.equal(['1234']);
      const junk = prepared(def({ method: 'HEAD', response: undefined, headers: { 'content-length': '12x' } }));
      expect(junk.answer.headers).not.to.have.property('content-length');
      expect(junk.corrections.dropped).to.deep.equal(['content-length']);
    });

    it('when its status or binary body cannot have come off the wire, refuses it', () => {
      expect(prepareAnswer(def({ status: 0 }))).to.include({ ok: false });
      expect(prepareAnswer(def({ status: '200' as unknown as number }))).to.include({ ok: false });
      expect(prepareAnswer(def({ response: '0g', responseIsBinary: true }))).to.include({ ok: false });
      expect(prepareAnswer(def({ response: ['1f8b', 'zz'], headers: { 'content-encoding': 'gzip' } }))).to.include({ ok: false });
    });

    it("reads nock's body formats: JSON, text, hex binary, and a content-encoded body as hex chunks", async () => {
      expect(prepared(def({ response: { a: 1 } })).answer).to.deep.include({ body: Buffer.from('{"a":1}') });
      expect(prepared(def({ response: { a: 1 } })).answer.headers['content-type']).to.deep.equal(['application/json']);
      expect(prepared(def({ response: 'plain' })).answer.body.toString()).to.equal('plain');
      expect([...prepared(def({ response: '00ff', responseIsBinary: true })).answer.body]).to.deep.equal([0, 255]);
      const zipped = gzipSync(Buffer.from('{"zipped":true}'));
      const encoded = def({ path: '/z', response: [zipped.subarray(0, 5).toString('hex'), zipped.subarray(5).toString('hex')], headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' } });
      expect(prepared(encoded).answer.body.equals(zipped)).to.equal(true);
      // The HTTP port decodes it as fetch does live; the media fetcher hands the encoded bytes on, as undici does.
      const http = new ReplayHttpClient([encoded, def({ path: '/broken', response: ['1f8b0800'], headers: { 'content-encoding': 'gzip' } })], collectingLogger());
      expect((await http.request({ url: 'https://api.example/z', allowedHosts: ['api.example'] })).json()).to.deep.equal({ zipped: true });
      const broken = await http.request({ url: 'https://api.example/broken', allowedHosts: ['api.example'] }).catch((e: unknown) => e);
      expect((broken as UpstreamError).code).to.equal('UPSTREAM_BAD_RESPONSE');
      const media = await new ReplayMediaFetcher([encoded], collectingLogger()).fetch({ url: 'https://api.example/z', method: 'GET', headers: {}, allowedHosts: ['api.example'], signal: new AbortController().signal });
      const chunks: Buffer[] = [];
      for await (const chunk of media.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(zipped)).to.equal(true);
    });
  });

  describe('the index', () => {
    it('logs one line per corrected or refused exchange, naming headers but no value, and serves the corrected answer', async () => {
      const logger = collectingLogger();
      const index = new RecordedExchangeIndex(
        [def({ path: '/a?token=s3cr3t', headers: { etag: CRLF_ETAG, 'content-length': '99' } }), def({ path: '/b', status: 0 }), def({ path: '//[bad' }), def({ path: '/fine' })],
        logger,
      );
      expect(logger.lines.map((l) => [l.level, l.message])).to.deep.equal([
        ['warn', 'replay: recorded answer corrected'],
        ['warn', 'replay: recorded exchange refused'],
        ['warn', 'replay: recorded exchange refused'],
      ]);
      expect(logger.lines[0]!.fields).to.deep.equal({ method: 'GET', url: 'https://api.example/a', dropped: ['etag'], contentLength: { recorded: '99', body: 5 } });
      expect(JSON.stringify(logger.lines)).not.to.include('Injected').and.not.to.include('s3cr3t');
      expect(index.find('GET', new URL('https://api.example/a?token=s3cr3t'))!.headers).to.deep.equal({ 'content-length': ['5'] });
      expect(index.find('GET', new URL('https://api.example/b'))).to.equal(undefined);
      const http = new ReplayHttpClient(index, collectingLogger());
      expect((await http.request({ url: 'https://api.example/fine', allowedHosts: ['api.example'] })).text()).to.equal('hello');
    });

    it('when thousands of exchanges are loaded, a lookup examines only those of its method, scope and path', () => {
      const defs: RecordedExchange[] = [];
      for (let i = 0; i < 5000; i++) defs.push(def({ scope: `https://host${i % 10}.example`, path: `/item/${i % 500}?page=${i}`, response: `#${i}` }));
      const index = new RecordedExchangeIndex(defs, collectingLogger());
      const url = new URL('https://host7.example/item/17?page=2017');
      // 5000 exchanges over 10 hosts × 500 paths: /item/17 on host7 was recorded for pages 17, 517, … 4517.
      expect(index.candidates('GET', url)).to.have.length(10);
      expect(index.candidates('POST', url)).to.have.length(0);
      expect(index.find('GET', url)!.body.toString()).to.equal('#2017');
    });

    it('when looking up, answers exactly what a scan of every exchange in load order answers', () => {
      const defs = [
        def({ path: '/p?x=1', response: 'x1' }),
        def({ path: '/p', response: 'any' }),
        def({ path: '/p?x=1&y=2', response: 'x1y2' }),
        def({ scope: 'HTTPS://API.EXAMPLE/', path: '/p?z=%2F', response: 'z' }),
        def({ method: 'post', path: '/p', response: 'post' }),
        def({ path: '/q?uri=at%3A%2F%2Fa', response: 'q' }),
      ];
      const index = new RecordedExchangeIndex(defs, collectingLogger());
      const requests: [string, string][] = [
        ['GET', 'https://api.example/p?x=1'],
        ['GET', 'https://api.example/p?x=1&y=2'],
        ['GET', 'https://api.example/p?y=2'],
        ['GET', 'https://api.example/p?z=/'],
        ['POST', 'https://api.example/p?x=1'],
        ['HEAD', 'https://api.example/p'],
        ['GET', 'https://api.example/q?uri=at://a'],
        ['GET', 'https://api.example/q?uri=at://b'],
        ['GET', 'https://other.example/p'],
      ];
      for (const [method, url] of requests) {
        const scanned = findExchange(defs, method, new URL(url));
        const found = index.find(method, new URL(url));
        expect(found?.body.toString(), `${method} ${url}`).to.equal(scanned ? exchangeBody(scanned).toString() : undefined);
      }
    });
  });

  describe('the service answering from them', () => {
    const video = mediaBytes(5000, 3);
    // One media exchange per defect, each on its own path of the TikTok media host.
    const mediaCases: [string, Record<string, string>][] = [
      ['CR/LF in its etag', { etag: CRLF_ETAG }],
      ['a NUL in its last-modified', { 'last-modified': NUL_DATE }],
      ['a header name with a space', { 'accept ranges': 'bytes' }],
      ['a content-length longer than its body', { 'content-length': String(video.length + 1000) }],
      ['a content-length shorter than its body', { 'content-length': String(video.length - 1000) }],
    ];
    let dir: string;
    let app: TestApp;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'postlens-replay-hardening-'));
      const [page, ...rest] = tiktokPageExchanges();
      // The post page itself carries every defect too: the HTTP port must take it as live would.
      const hostilePage: RecordedExchange = {
        ...page!,
        headers: { ...page!.headers, etag: CRLF_ETAG, 'x-nul': 'a\u0000b', 'bad name': 'x', 'content-length': '7' },
      };
      const tiktokVideo = mediaExchange(new URL(TIKTOK_VIDEO).pathname, video, {
        etag: CRLF_ETAG,
        'last-modified': NUL_DATE,
        'accept ranges': 'bytes',
        'content-length': String(video.length + 1000),
      });
      const defects = mediaCases.map(([, headers], i) => mediaExchange(`/hostile/${i}.mp4`, video, headers));
      // The post's JSON endpoint answers something that is not JSON, with a lying length as well.
      const [thread] = loadRecordedExchanges(fixturePath('bluesky', 'image'));
      const brokenThread: RecordedExchange = { ...thread!, response: '{"thread": {"post": not json', headers: { 'content-type': 'application/json', 'content-length': '3' } };
      writeFileSync(join(dir, 'tiktok.json'), JSON.stringify([hostilePage, ...rest, tiktokVideo, ...defects]));
      writeFileSync(join(dir, 'bluesky.json'), JSON.stringify([brokenThread]));
      app = await TestApp.start({ UPSTREAM_REPLAY_DIR: dir, PROXY_SECRET: SECRET, PUBLIC_BASE_URL: 'http://replay.test' });
    });
    after(async () => {
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('when the post page holds invalid headers, resolves it and mints a playableUrl that plays the recorded bytes', async () => {
      const resolved = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(resolved.status).to.equal(200);
      expect(resolved.body).to.include({ status: 'ok', platform: 'tiktok' });
      const path = new URL(resolved.body.video.playableUrl as string).pathname;
      const answer = await getMedia(app, path);
      expect(answer.status).to.equal(200);
      expect(answer.body.equals(video)).to.equal(true);
      expect(answer.headers['content-length']).to.equal(String(video.length));
      expect(answer.headers).not.to.have.property('etag');
      expect(answer.headers).not.to.have.property('x-injected');
      expect(answer.headers).not.to.have.property('last-modified');
    });

    it('when a JSON endpoint answered a body that is not JSON, the post degrades (a 200), alone and in a batch', async () => {
      const single = await app.get(`/api/v1/resolve?url=${q(BLUESKY_POST)}`);
      expect(single.status).to.equal(200);
      expect(single.body).to.include({ status: 'degraded', platform: 'bluesky' });
      const batch = await app.request('/api/v1/resolve', { body: { urls: [TIKTOK_POST, BLUESKY_POST, 'https://bsky.app/profile/did:plc:nobody/post/3knothere'], media: 'proxied' } });
      expect(batch.status).to.equal(200);
      expect(batch.body.results.map((r: { status: string }) => r.status)).to.deep.equal(['ok', 'degraded', 'degraded']);
    });

    mediaCases.forEach(([what, headers], i) => {
      it(`when a recorded media answer has ${what}, /v/ serves the recorded bytes with valid headers, twice on one connection`, async () => {
        const path = tiktokMediaPath(`${MEDIA_ORIGIN}/hostile/${i}.mp4`);
        const checked = await getMedia(app, path);
        expect(checked.status).to.equal(200);
        const { answers, connections } = await onOneConnection(app, [{ path }, { path }, { path, method: 'HEAD' }]);
        const [first, second, head] = answers;
        // A recording without a content-length was a chunked answer, and is served so.
        const length = 'content-length' in headers ? String(video.length) : undefined;
        for (const answer of [first!, second!]) {
          expect(answer.status).to.equal(200);
          expect(answer.body.equals(video), 'the body is the recorded one').to.equal(true);
          expect(answer.headers['content-length']).to.equal(length);
          expect(answer.headers).not.to.have.property('x-injected');
        }
        expect(head!.status).to.equal(200);
        expect(head!.headers['content-length']).to.equal(length);
        expect(connections, 'connections the three requests took').to.equal(1);
        if ('etag' in headers || 'last-modified' in headers) expect(first!.headers).to.not.have.any.keys('etag', 'last-modified');
      });
    });

    it('when /v/, resolve and a batch share one connection, each answers in step', async () => {
      const path = tiktokMediaPath(`${MEDIA_ORIGIN}/hostile/3.mp4`);
      const { answers, connections } = await onOneConnection(app, [
        { path },
        { path: `/api/v1/resolve?url=${q(BLUESKY_POST)}` },
        { path: tiktokMediaPath(`${MEDIA_ORIGIN}/hostile/4.mp4`) },
        { path: '/api/v1/resolve', method: 'POST', body: { urls: [TIKTOK_POST, BLUESKY_POST] } },
      ]);
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
      expect(answers[0]!.body.equals(video)).to.equal(true);
      expect(JSON.parse(answers[1]!.body.toString('utf8'))).to.include({ status: 'degraded' });
      expect(answers[2]!.body.equals(video)).to.equal(true);
      expect(JSON.parse(answers[3]!.body.toString('utf8')).results).to.have.length(2);
      expect(connections, 'connections the four requests took').to.equal(1);
    });

    it('never answered a 5xx nor logged an unhandled error', () => {
      const access = app.logs.map((line) => JSON.parse(line) as { status?: number }).filter((line) => line.status !== undefined);
      expect(access.length, 'access lines logged').to.be.above(20);
      expect(access.filter((line) => line.status! >= 500)).to.deep.equal([]);
      expect(app.logs.filter((line) => /"level":(50|60)/.test(line))).to.deep.equal([]);
    });
  });
});
