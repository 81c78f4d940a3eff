// `npm run record`: a local HTTP server stands in for the platforms (the live client's fetch sends
// https://<platform host>/… to it), the recorder resolves real post URLs against it, and the
// written fixture must load, replay to the live outcome, hold no secret, and be cut to what the
// parsers read.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nock from 'nock';
import { UpstreamError } from '../../src/application/errors.js';
import type { HttpClient } from '../../src/application/ports/http.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { redact } from '../../src/infrastructure/http/fixture-writer.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { recordFixture, RecordError, type RecordReport } from '../../src/record.js';
import { q, TestApp } from '../support/app.js';
import { fixturePath, useExchanges } from '../support/fixtures.js';
import { publicLookup } from '../support/lookup.js';

// Secrets: sent by the client (credentials file), set by the stand-in, or echoed back in bodies.
const SESSION = 'sessSECRETsessionCookie0001';
const AUTH = 'authSECRETbearerToken0002';
const SET_COOKIE = 'setcookieSECRETvalue0003';
const CSRF_HEADER = 'csrfSECRETresponseHeader0004';
const CSRF_FIELD = 'csrfSECRETjsonField0005';
const ACCESS_TOKEN = 'accessSECRETqueryToken0006';
const OAUTH_SIGNATURE = 'oauthSECRETsignature0007';
const VISITOR = 'visitorSECRETdata0008';
const XSRF = 'xsrfSECRETpageConfig0009';
const SECRETS = [SESSION, AUTH, SET_COOKIE, CSRF_HEADER, CSRF_FIELD, ACCESS_TOKEN, OAUTH_SIGNATURE, VISITOR, XSRF];

const VIDEO_ID = 'St4ndInVid1';
const YOUTUBE_URL = `https://youtu.be/${VIDEO_ID}`;
const BLUESKY_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

interface Received {
  host: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** The platforms' stand-in: routes on the host the client meant (x-upstream-host) and the path. */
class StandIn {
  readonly received: Received[] = [];
  private server!: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A fetch that sends https://<platform host>/… here instead, as ky's `fetch` option. */
  fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set('x-upstream-host', url.host);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(new URL(url.pathname + url.search, this.origin), { method: request.method, headers, body, redirect: 'manual', signal: request.signal });
  };

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const host = String(req.headers['x-upstream-host']);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    this.received.push({ host, method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers });
    req.resume();
    const common = {
      'set-cookie': [`__session=${SET_COOKIE}; Domain=.${host}; Path=/; Secure; HttpOnly`, `consent=${SET_COOKIE}x; Path=/`],
      'x-csrf-token': CSRF_HEADER,
      'cache-control': 'private, max-age=0',
      'x-request-id': 'req-0001',
    };
    const json = (status: number, body: unknown) => res.writeHead(status, { ...common, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

    if (host === 'public.api.bsky.app' && url.pathname === '/xrpc/app.bsky.feed.getPostThread') {
      // The platform sends the client on to a signed URL of its own.
      const signed = `https://public.api.bsky.app/signed/app.bsky.feed.getPostThread${url.search}&access_token=${ACCESS_TOKEN}&oauth_signature=${OAUTH_SIGNATURE}`;
      res.writeHead(302, { ...common, location: signed }).end();
    } else if (host === 'public.api.bsky.app' && url.pathname === '/signed/app.bsky.feed.getPostThread') {
      json(200, blueskyThread(req.headers));
    } else if (host === 'www.youtube.com' && url.pathname === '/oembed') {
      res.writeHead(401, { ...common, 'content-type': 'text/html; charset=utf-8' }).end('Unauthorized');
    } else if (host === 'youtubei.googleapis.com' && url.pathname === '/youtubei/v1/player') {
      json(400, { error: { code: 400, message: 'Precondition check failed.', status: 'FAILED_PRECONDITION' } });
    } else if (host === 'www.youtube.com' && url.pathname === '/watch') {
      res.writeHead(200, { ...common, 'content-type': 'text/html; charset=utf-8' }).end(watchPage(req.headers));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such stand-in route');
    }
  }
}

/** What the client sent, echoed as a careless platform might (no secret-sounding field names). */
function echo(headers: IncomingHttpHeaders): string {
  return `${headers.cookie ?? ''} | ${headers.authorization ?? ''}`;
}

function blueskyThread(headers: IncomingHttpHeaders): unknown {
  const [def] = loadRecordedExchanges(fixturePath('bluesky', 'image'));
  const body = structuredClone(def!.response) as { thread: { post: Record<string, unknown> } };
  body.thread.post['viewer'] = { csrfToken: CSRF_FIELD, seen: echo(headers) };
  return body;
}

function watchPage(headers: IncomingHttpHeaders): string {
  const player = {
    responseContext: { visitorData: VISITOR, seen: echo(headers) },
    playabilityStatus: { status: 'OK', playableInEmbed: true },
    videoDetails: {
      videoId: VIDEO_ID,
      title: 'Stand-in trail ride',
      author: 'Stand-in Channel',
      channelId: 'UCst4ndInChanne1000000001',
      shortDescription: 'Recorded against a local server.',
      thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${VIDEO_ID}/hqdefault.jpg`, width: 480, height: 360 }] },
    },
    microformat: { playerMicroformatRenderer: { isFamilySafe: true, ownerProfileUrl: 'http://www.youtube.com/@standin' } },
  };
  return [
    '<!DOCTYPE html><html lang="en" dir="ltr"><head>',
    '<title>Stand-in trail ride - YouTube</title>',
    `<meta property="og:title" content="Stand-in trail ride"><meta property="og:image" content="https://i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg">`,
    `<link rel="canonical" href="https://www.youtube.com/watch?v=${VIDEO_ID}"><link rel="stylesheet" href="/s/STYLESHEET_LINK.css">`,
    `<style>${'.STYLE_MARKER-rule { color: #123456; margin: 0 auto; }\n'.repeat(2000)}</style>`,
    `<script nonce="n0nce">var ytcfg = {"XSRF_TOKEN":"${XSRF}","CODE_SCRIPT_MARKER":1}; function boot(){ return '<meta name="fake" content="in a string">'; }</script>`,
    '<script src="/s/player/base.js"></script>',
    `</head><body><div id="MARKUP_MARKER">${'<div class="tile"><span>filler</span></div>'.repeat(500)}</div><!-- COMMENT_MARKER -->`,
    `<script nonce="n0nce">var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = document.createElement('meta');</script>`,
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":"LD_JSON_MARKER"}</script>',
    `<svg viewBox="0 0 24 24"><path d="${'M0 0L24 24'.repeat(200)}"/></svg>`,
    '</body></html>',
  ].join('\n');
}

/** Credentials as an adapter would send them from PLATFORM_CREDENTIALS_FILE. */
function withCredentials(live: HttpClient): HttpClient {
  return {
    request: (r) =>
      live.request({
        ...r,
        headers: { ...r.headers, cookie: [r.headers?.['cookie'], `sessionid=${SESSION}`].filter(Boolean).join('; '), authorization: `Bearer ${AUTH}` },
      }),
  };
}

describe('npm run record', () => {
  const standIn = new StandIn();
  let dir: string;
  let config: Config;

  before(async () => {
    await standIn.start();
    config = {
      ...loadConfig({ API_KEYS: 'record-test-key', LOG_LEVEL: 'silent' }),
      platformCredentials: {
        youtube: { sessions: [{ name: 'youtube#1', cookies: { sessionid: SESSION }, clientSecret: AUTH }], proxies: [] },
        bluesky: { sessions: [{ name: 'bluesky#1', cookies: { sessionid: SESSION }, clientSecret: AUTH }], proxies: [] },
      },
    };
  });
  after(() => standIn.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'postlens-record-'));
    standIn.received.length = 0;
  });
  afterEach(() => {
    nock.cleanAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const record = (url: string, more: { scenario?: string; force?: boolean } = {}): Promise<RecordReport> =>
    recordFixture({ url, fixturesDir: dir, config, http: withCredentials(new KyHttpClient({ timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: 'postlens-test', fetch: standIn.fetch, lookup: publicLookup })), ...more });

  /** Every secret the stand-in received or sent, literally. */
  function secretsOnTheWire(): string[] {
    const sent = standIn.received.flatMap((r) => [r.headers.cookie ?? '', r.headers.authorization ?? '', ...(r.headers.cookie ?? '').split(/;\s*/)]);
    return [...SECRETS, ...sent.filter((s) => s.length >= 8)];
  }

  describe('a JSON platform (Bluesky) that redirects to a signed URL', () => {
    it('writes <platform>/<outcome>-<content id>.json, which loads, replays through nock to the live card, and keeps no secret', async () => {
      const report = await record(BLUESKY_POST);
      expect(report.outcome).to.include({ status: 'ok', platform: 'bluesky', kind: 'image' });
      expect(report.file).to.equal(join(dir, 'bluesky', 'image-did-plc-bobplcidplcidplcidplcidp-3lpbimage22ab.json'));
      expect(standIn.received.map((r) => r.path.split('?')[0])).to.deep.equal(['/xrpc/app.bsky.feed.getPostThread', '/signed/app.bsky.feed.getPostThread']);

      const text = readFileSync(report.file, 'utf8');
      for (const secret of secretsOnTheWire()) expect(text, secret).not.to.include(secret);
      expect(text).not.to.match(/set-cookie|x-csrf-token|authorization|x-request-id|cache-control/i);

      const defs = loadRecordedExchanges(report.file);
      expect(defs.map((d) => [d.scope, d.method, d.status])).to.deep.equal([
        ['https://public.api.bsky.app', 'GET', 302],
        ['https://public.api.bsky.app', 'GET', 200],
      ]);
      expect(defs[0]!.headers).to.deep.equal({ location: `https://public.api.bsky.app/signed/app.bsky.feed.getPostThread${defs[0]!.path.slice(defs[0]!.path.indexOf('?'))}` });
      expect(defs[1]!.path).to.match(/^\/signed\/app\.bsky\.feed\.getPostThread\?uri=at%3A%2F%2Fdid%3Aplc%3Abobplcidplcidplcidplcidp%2F.*&depth=0&parentHeight=0$/);
      expect(defs[1]!.headers).to.deep.equal({ 'content-type': 'application/json; charset=utf-8' });
      const viewer = (defs[1]!.response as { thread: { post: { viewer: Record<string, string> } } }).thread.post.viewer;
      expect(viewer['csrfToken']).to.equal(redact(CSRF_FIELD));
      expect(viewer['seen']).to.equal(`sessionid=${redact(SESSION)} | Bearer ${redact(AUTH)}`);

      // Replayed through the real live adapter with nock standing in for the network.
      useExchanges(defs);
      const replay = compose(config, { logDestination: process.stderr, upstreamLookup: publicLookup });
      try {
        const replayed = await replay.container.resolve(ResolveUseCase).execute(BLUESKY_POST, { skipCacheRead: true });
        expect(replayed).to.deep.equal({ ok: true, result: { ...report.outcome, cacheHit: false } });
      } finally {
        await replay.close();
      }
    });

    it('when the fixture exists, refuses before fetching anything unless forced', async () => {
      const first = await record(BLUESKY_POST, { scenario: 'signed-redirect' });
      expect(first.file).to.equal(join(dir, 'bluesky', 'signed-redirect.json'));
      const before = readFileSync(first.file, 'utf8');
      const fetched = standIn.received.length;

      const error = await record(BLUESKY_POST, { scenario: 'signed-redirect' }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(RecordError);
      expect((error as RecordError).code).to.equal('RECORD_EXISTS');
      expect((error as RecordError).message).to.include('--force');
      expect(standIn.received.length, 'nothing fetched').to.equal(fetched);

      // A default name is known only after the fetch; it is guarded when the file is written.
      await record(BLUESKY_POST);
      const defaultName = await record(BLUESKY_POST).catch((e: unknown) => e);
      expect((defaultName as RecordError).code).to.equal('RECORD_EXISTS');

      const forced = await record(BLUESKY_POST, { scenario: 'signed-redirect', force: true });
      expect(forced.file).to.equal(first.file);
      expect(readFileSync(first.file, 'utf8')).to.equal(before);
    });
  });

  describe('an HTML platform (YouTube watch page fallback)', () => {
    it('cuts the page to title, meta, canonical link and the data script the parser reads, keeps no secret, and replays to the live card', async () => {
      const report = await record(YOUTUBE_URL);
      expect(report.outcome).to.include({ status: 'ok', platform: 'youtube', kind: 'link', title: 'Stand-in trail ride' });
      expect(report.file).to.equal(join(dir, 'youtube', `link-${VIDEO_ID}.json`));
      expect(standIn.received.some((r) => r.path.startsWith('/watch'))).to.equal(true);

      const text = readFileSync(report.file, 'utf8');
      for (const secret of secretsOnTheWire()) expect(text, secret).not.to.include(secret);
      expect(report.bytes).to.be.below(4 * 1024);

      const defs = loadRecordedExchanges(report.file);
      expect(defs.map((d) => `${d.method} ${d.scope}${d.path.split('?')[0]} ${d.status}`).sort()).to.deep.equal([
        'GET https://www.youtube.com/oembed 401',
        'GET https://www.youtube.com/watch 200',
        'POST https://youtubei.googleapis.com/youtubei/v1/player 400',
      ]);
      const page = defs.find((d) => d.path.startsWith('/watch'))!.response as string;
      expect(page).to.include('<title>Stand-in trail ride - YouTube</title>');
      expect(page).to.include('<meta property="og:title" content="Stand-in trail ride">');
      expect(page).to.include(`<link rel="canonical" href="https://www.youtube.com/watch?v=${VIDEO_ID}">`);
      expect(page).to.include('var ytInitialPlayerResponse = {');
      expect(page).to.include(`"visitorData":"${redact(VISITOR)}"`);
      for (const gone of ['STYLE_MARKER', 'STYLESHEET_LINK', 'CODE_SCRIPT_MARKER', 'name="fake"', 'base.js', 'MARKUP_MARKER', 'filler', 'COMMENT_MARKER', '<svg']) {
        expect(page, gone).not.to.include(gone);
      }
      expect(page, 'a data script the parser does not read is pruned').not.to.include('LD_JSON_MARKER');
      expect(report.notes.join('\n')).to.match(/watch: HTML cut to title, meta, links and data scripts \(\d+ → \d+ characters; 1 of 2 data pieces needed\)/);

      // Replayed by the service itself in replay mode.
      const app = await TestApp.start({ UPSTREAM_REPLAY_DIR: join(dir, 'youtube') });
      try {
        const replayed = await app.get(`/api/v1/resolve?url=${q(YOUTUBE_URL)}`);
        expect(replayed.body).to.deep.equal({ ...report.outcome, cacheHit: false });
      } finally {
        await app.close();
      }
    });
  });

  describe('--whole, for repairing a parser', () => {
    it('strips the secrets but cuts nothing', async () => {
      const report = await recordFixture({
        url: YOUTUBE_URL,
        fixturesDir: dir,
        config,
        trim: false,
        http: withCredentials(new KyHttpClient({ timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: 'postlens-test', fetch: standIn.fetch, lookup: publicLookup })),
      });
      const text = readFileSync(report.file, 'utf8');
      for (const secret of secretsOnTheWire()) expect(text, secret).not.to.include(secret);
      const page = loadRecordedExchanges(report.file).find((d) => d.path.startsWith('/watch'))!.response as string;
      for (const kept of ['STYLE_MARKER', 'CODE_SCRIPT_MARKER', 'MARKUP_MARKER', 'LD_JSON_MARKER', 'base.js']) expect(page, kept).to.include(kept);
      expect(report.notes[0]).to.include('kept whole');
    });
  });

  describe('refusals', () => {
    it('when the URL is not one postlens accepts, says so and fetches nothing', async () => {
      const error = await record('not a url').catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_BAD_URL');
      expect(standIn.received).to.deep.equal([]);
    });

    it('when no platform knows the URL, says so', async () => {
      const error = await record('https://example.com/some/post').catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_NO_ADAPTER');
      expect((error as RecordError).message).to.include('https://example.com/some/post');
    });

    it('when the platform is disabled, there is nothing to record', async () => {
      const error = await recordFixture({ url: BLUESKY_POST, fixturesDir: dir, config: { ...config, disabledPlatforms: ['bluesky'] } }).catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_NOTHING_FETCHED');
    });

    it('when an upstream request gets no answer and the outcome cannot be replayed, writes nothing and names the request', async () => {
      const live = new KyHttpClient({ timeoutMs: 5000, maxBytes: 1024 * 1024, userAgent: 'postlens-test', fetch: standIn.fetch, lookup: publicLookup });
      const timingOut: HttpClient = {
        request: (r) => (r.url.includes('/signed/') ? Promise.reject(new UpstreamError('UPSTREAM_TIMEOUT', 'too slow')) : live.request(r)),
      };
      const error = await recordFixture({ url: BLUESKY_POST, fixturesDir: dir, config, http: timingOut }).catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_NOT_REPLAYABLE');
      expect((error as RecordError).message).to.include('"reason":"timeout"').and.include('no answer: GET https://public.api.bsky.app/signed/app.bsky.feed.getPostThread: UPSTREAM_TIMEOUT');
      expect((error as RecordError).message).not.to.include(ACCESS_TOKEN);
      expect(readdirSync(dir)).to.deep.equal([]);
    });

    it('when no upstream request gets an answer, there is nothing to record', async () => {
      const down: HttpClient = { request: () => Promise.reject(new UpstreamError('UPSTREAM_NETWORK', 'refused')) };
      const error = await recordFixture({ url: BLUESKY_POST, fixturesDir: dir, config, http: down }).catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_NOTHING_FETCHED');
      expect((error as RecordError).message).to.include('no answer: GET https://public.api.bsky.app/xrpc/app.bsky.feed.getPostThread: UPSTREAM_NETWORK');
    });

    it('when the scenario is not a plain file name, refuses it', async () => {
      const error = await record(BLUESKY_POST, { scenario: '../escape' }).catch((e: unknown) => e);
      expect((error as RecordError).code).to.equal('RECORD_BAD_SCENARIO');
    });

    it('the command exits 2 with its usage without a URL, and 1 with the reason for a URL it cannot record', () => {
      const script = fileURLToPath(new URL('../../scripts/record.ts', import.meta.url));
      const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
      const usage = run();
      expect(usage.status).to.equal(2);
      expect(usage.stderr).to.include('usage: npm run record -- <post url> [scenario]');
      const noAdapter = run('https://example.com/a/post', '--out', dir);
      expect(noAdapter.status).to.equal(1);
      expect(noAdapter.stderr).to.include('record: https://example.com/a/post is on no platform postlens knows');
    });
  });
});
