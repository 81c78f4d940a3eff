// The typed client (clients/typescript/) against a running instance: every endpoint of the
// document through its method, with typed answers; and its generated types equal a fresh
// generation from openapi.yaml, so they cannot drift from the document.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import nock from 'nock';
import { createPostlensClient, type ErrorCode, type PostlensClient, type ResolveResult } from '../../clients/typescript/index.js';
import type { MediaTicket } from '../../src/application/ports/signer.port.js';
import { TEST_KEY, TestApp } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';
import { mediaPath } from '../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes } from '../support/media-upstream.js';

const SECRET = 'typed-client-test-secret-0123456789abc';
const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
const MEDIA_URL = 'https://v16-webapp-prime.tiktok.com/video/tos/client-test/?expire=1999999999';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('typed TypeScript client', () => {
  let upstream: MediaUpstream;
  let app: TestApp;
  let client: PostlensClient;
  let anonymous: PostlensClient;

  before(async () => {
    upstream = await MediaUpstream.start();
    app = await TestApp.start({ PROXY_SECRET: SECRET }, { mediaDispatcher: upstream.dispatcher() });
    client = createPostlensClient({ baseUrl: `${app.baseUrl}/`, apiKey: TEST_KEY });
    anonymous = createPostlensClient({ baseUrl: app.baseUrl });
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });
  afterEach(() => nock.cleanAll());

  it('resolve: a card, typed as ResolveResult', async () => {
    useFixture('bluesky', 'image');
    const { data, error, response } = await client.resolve(IMAGE_POST, { media: 'raw' });
    expect(response.status).to.equal(200);
    expect(error).to.equal(undefined);
    const card: ResolveResult = data!;
    expect(card.status).to.equal('ok');
    if (card.status !== 'ok') return;
    expect(card.platform).to.equal('bluesky');
    expect(card.image?.width).to.equal(1600);
  });

  it('resolve: a refusal arrives as the typed error with its code', async () => {
    const { data, error, response } = await client.resolve('ftp://example.org/a');
    expect(response.status).to.equal(400);
    expect(data).to.equal(undefined);
    const code: ErrorCode | undefined = error?.code;
    expect(code).to.equal('URL_MALFORMED');
  });

  it('resolveBatch: results in request order, a malformed item among them', async () => {
    const { data } = await client.resolveBatch(['https://example.org/a', 'not a url'], { media: 'proxied' });
    expect(data!.results.map((item) => item.status)).to.deep.equal(['no-adapter', 'no-adapter']);
    const malformed = data!.results[1]!;
    expect('error' in malformed && malformed.error).to.match(/not a valid absolute URL/);
  });

  it('canonical: the platform and canonical URL', async () => {
    const { data } = await client.canonical('https://fxtwitter.com/jack/status/20?s=20');
    expect(data).to.deep.equal({ platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20' });
  });

  it('platforms: every platform with its capabilities', async () => {
    const { data } = await client.platforms();
    expect(data!.platforms.map((p) => p.id)).to.include.members(['bluesky', 'twitter', 'youtube']);
  });

  it('health: liveness without url, adapter health with one', async () => {
    const live = await client.health();
    expect(live.data).to.deep.equal({ ok: true, redis: false });
    const adapter = await client.health('https://example.org/a');
    expect(adapter.data).to.include({ platform: 'none', status: 'no-adapter', hasMedia: false });
  });

  it('info: the build and instance, typed', async () => {
    const { data, response } = await client.info();
    expect(response.status).to.equal(200);
    expect(data!.version).to.equal(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(data!.platforms.count).to.equal(data!.platforms.ids.length).and.be.greaterThan(0);
    expect(data!.cache.backend).to.equal('memory');
  });

  it('metrics: the Prometheus text with the key, the typed 401 without', async () => {
    await client.canonical(IMAGE_POST);
    const { data, response } = await client.metrics();
    expect(response.status).to.equal(200);
    expect(data).to.match(/^postlens_http_requests_total\{.*route="\/api\/v1\/canonical".*\} \d+$/m);
    const refused = await anonymous.metrics();
    expect(refused.response.status).to.equal(401);
  });

  it('playground: the page, with the oEmbed discovery link for a given url', async () => {
    const { data, response } = await anonymous.playground(IMAGE_POST);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    expect(data).to.include('application/json+oembed');
  });

  it('liveness: public, no key', async () => {
    const { data } = await anonymous.liveness();
    expect(data).to.deep.equal({ ok: true, redis: false });
  });

  it('without a key, /api/v1 answers the typed 401 AUTH_MISSING', async () => {
    const { error, response } = await anonymous.platforms();
    expect(response.status).to.equal(401);
    expect(error?.code).to.equal('AUTH_MISSING');
  });

  it('oembed: JSON and XML, public', async () => {
    useFixture('bluesky', 'image');
    const json = await anonymous.oembed(IMAGE_POST, { maxwidth: 400 });
    expect(json.data).to.include({ version: '1.0', type: 'photo', width: 400, height: 300 });
    useFixture('bluesky', 'image');
    const xml = await anonymous.oembedXml(IMAGE_POST);
    expect(xml.data).to.match(/^<\?xml /).and.include('<type>photo</type>');
    const yaml = await anonymous.raw.GET('/oembed', { params: { query: { url: IMAGE_POST, format: 'yaml' } } });
    expect(yaml.error?.code).to.equal('FORMAT_NOT_IMPLEMENTED');
  });

  it('openapi: the document as text', async () => {
    const { data } = await anonymous.openapi();
    expect(data).to.equal(await readFile(join(ROOT, 'openapi.yaml'), 'utf8'));
  });

  it('media: a token streams its bytes, ranges and HEAD included; an expired one is the typed 410', async () => {
    const video = mediaBytes(20_000, 3);
    upstream.on(MEDIA_URL, serveBytes(video));
    const ticket: MediaTicket = { url: MEDIA_URL, headers: {}, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: 'https://www.tiktok.com/@a/video/1' };
    const token = mediaPath(SECRET, ticket).slice('/v/'.length);
    const whole = await anonymous.media(token);
    expect(whole.response.status).to.equal(200);
    expect(Buffer.from(await new Response(whole.data!).arrayBuffer()).equals(video)).to.equal(true);
    const part = await anonymous.media(token, { range: 'bytes=10-19' });
    expect(part.response.status).to.equal(206);
    expect(Buffer.from(await new Response(part.data!).arrayBuffer()).equals(video.subarray(10, 20))).to.equal(true);
    const head = await anonymous.media(token, { method: 'HEAD' });
    expect(head.response.headers.get('content-length')).to.equal(String(video.length));
    const expired = await anonymous.media(mediaPath(SECRET, ticket, Date.now() - 1000).slice('/v/'.length));
    expect(expired.error?.code).to.equal('MEDIA_TOKEN_EXPIRED');
  });

  it('the committed types are what npm run client:generate makes of openapi.yaml today', async function () {
    this.timeout(30_000);
    const dir = await mkdtemp(join(tmpdir(), 'postlens-client-'));
    try {
      const fresh = join(dir, 'schema.d.ts');
      // package.json's own command, its output sent elsewhere.
      const scripts = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
      const [command, ...args] = scripts['client:generate']!.split(' ');
      const output = args.indexOf('-o') + 1;
      expect(args[output]).to.equal('clients/typescript/schema.d.ts');
      args[output] = fresh;
      await promisify(execFile)(join(ROOT, 'node_modules/.bin', command!), args, { cwd: ROOT });
      const committed = await readFile(join(ROOT, 'clients/typescript/schema.d.ts'), 'utf8');
      expect(committed === (await readFile(fresh, 'utf8')), 'clients/typescript/schema.d.ts is stale: run npm run client:generate').to.equal(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
