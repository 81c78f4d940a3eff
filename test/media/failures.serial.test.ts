// /v/{token} when something is wrong: tokens that do not open (404) or have expired (410), media
// hosts that refuse (one re-resolve of the post, then 502), redirects off the allowlist or too many
// (502), a host that does not answer in time (504), the rate limit, the switch — and never a 403.
import { expect } from 'chai';
import nock from 'nock';
import type { ServerResponse } from 'node:http';
import type { MediaTicket } from '../../src/application/ports/signer.port.js';
import { TestApp } from '../support/app.js';
import { getMedia, mediaPath } from '../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes } from '../support/media-upstream.js';
import { CHAIN_COOKIE, TIKTOK_POST, TIKTOK_VIDEO, serveLikeTikTok, useTikTokPage } from '../support/tiktok-media.js';

const SECRET = 'media-failures-test-secret-0123456789ab';
const STALE = 'https://v16-webapp-prime.tiktok.com/video/tos/stale/?expire=1999999999&signature=old';
const OLD_COOKIE = 'tt_chain_token=OldChainTokenValue';

function ticket(url = STALE, overrides: Partial<MediaTicket> = {}): MediaTicket {
  return { url, headers: { cookie: OLD_COOKIE, referer: 'https://www.tiktok.com/' }, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: TIKTOK_POST, ...overrides };
}

function redirect(location: string, status = 302) {
  return (_req: unknown, res: ServerResponse) => void res.writeHead(status, { location, 'content-type': 'text/html' }).end('moved');
}

function refuse(status: number) {
  return (_req: unknown, res: ServerResponse) => void res.writeHead(status, { 'content-type': 'text/html', 'set-cookie': 'x=1' }).end(`<h1>${status}</h1>`);
}

describe('media proxy: failures', () => {
  let upstream: MediaUpstream;
  let app: TestApp;
  const video = mediaBytes(50_000, 5);

  before(async () => {
    upstream = await MediaUpstream.start();
    app = await TestApp.start({ PROXY_SECRET: SECRET }, { mediaDispatcher: upstream.dispatcher() });
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());
  afterEach(() => nock.cleanAll());

  describe('tokens', () => {
    const good = () => mediaPath(SECRET, ticket()).slice('/v/'.length);

    it('when a character of the token is changed, answers 404 and fetches nothing', async () => {
      const token = good();
      const i = Math.floor(token.length / 2);
      const tampered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      const answer = await getMedia(app, `/v/${tampered}`);
      expect(answer.status).to.equal(404);
      expect(JSON.parse(answer.body.toString())).to.deep.equal({ error: 'Unknown or invalid media token.', code: 'MEDIA_TOKEN_INVALID' });
      expect(upstream.requests).to.have.length(0);
    });

    for (const [name, path] of [
      ['truncated', () => `/v/${good().slice(0, -5)}`],
      ['garbage', () => '/v/not-a-token'],
      ['garbage with an extension', () => '/v/AAAA.mp4'],
      ['followed by two extensions', () => `/v/${good()}.mp4.mp4`],
      ['followed by an overlong extension', () => `/v/${good()}.mpeg4video`],
      ['percent-encoded', () => `/v/${good().slice(0, 10)}%2F${good().slice(10)}`],
      ['of another secret', () => mediaPath('some-other-secret-0123456789abcdefgh', ticket())],
    ] as const) {
      it(`when the token is ${name}, answers 404`, async () => {
        const answer = await getMedia(app, path());
        expect(answer.status).to.equal(404);
        expect(upstream.requests).to.have.length(0);
      });
    }

    it('when the token has expired, answers 410 and fetches nothing', async () => {
      const answer = await getMedia(app, mediaPath(SECRET, ticket(), Date.now() - 1000));
      expect(answer.status).to.equal(410);
      expect(JSON.parse(answer.body.toString())).to.include({ code: 'MEDIA_TOKEN_EXPIRED' }).and.property('error').match(/expired/);
      expect(upstream.requests).to.have.length(0);
    });

    it('when the token is sent with another method, answers 404', async () => {
      const res = await app.request(mediaPath(SECRET, ticket()), { method: 'POST', anonymous: true, body: '' });
      expect(res.status).to.equal(404);
      expect(upstream.requests).to.have.length(0);
    });
  });

  describe('refusals', () => {
    for (const status of [401, 403, 404, 410]) {
      it(`when the media host answers ${status}, resolves the post again and plays its fresh media URL with the fresh cookie`, async () => {
        useTikTokPage();
        upstream.on(STALE, refuse(status)).on(TIKTOK_VIDEO, serveLikeTikTok(video));
        const answer = await getMedia(app, mediaPath(SECRET, ticket()), { headers: { range: 'bytes=10-19' } });
        expect(answer.status).to.equal(206);
        expect(answer.body.equals(video.subarray(10, 20))).to.equal(true);
        expect(upstream.seen(STALE)).to.have.length(1);
        const fresh = upstream.seen(TIKTOK_VIDEO);
        expect(fresh).to.have.length(1);
        expect(fresh[0]!.headers.cookie).to.equal(CHAIN_COOKIE);
        expect(fresh[0]!.headers.range).to.equal('bytes=10-19');
      });
    }

    it('when the fresh media URL is refused as well, answers 502 after exactly one re-resolve', async () => {
      useTikTokPage();
      upstream.on(STALE, refuse(403)).on(TIKTOK_VIDEO, refuse(403));
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(502);
      expect(JSON.parse(answer.body.toString())).to.include({ code: 'MEDIA_HOST_REFUSED' });
      expect(answer.headers).not.to.have.property('set-cookie');
      expect(upstream.seen(STALE)).to.have.length(1);
      expect(upstream.seen(TIKTOK_VIDEO)).to.have.length(1);
      const logs = app.logs.join('\n');
      expect(logs).to.include('media host refused; resolved the post again');
      // The use case's lines for this request carry its id, as its access line does.
      const mine = app.logs.map((l) => JSON.parse(l) as { reqId?: string; msg: string }).filter((l) => l.reqId === answer.headers['x-request-id']);
      expect(mine.map((l) => l.msg)).to.include.members(['media host refused; resolved the post again', 'media host refused the fresh media URL too', 'request']);
      for (const secret of ['OldChainTokenValue', 'Q2hhaW5Ub2tlbk1hcnRh', 'signature=']) expect(logs).not.to.include(secret);
    });

    it('when the media host answers a page instead of media, answers 502 MEDIA_NOT_MEDIA', async () => {
      upstream.on(STALE, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a video</p>'));
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(502);
      expect(JSON.parse(answer.body.toString())).to.include({ code: 'MEDIA_NOT_MEDIA' });
    });

    it('when the media host drops the connection, answers 502 MEDIA_HOST_UNREACHABLE', async () => {
      upstream.on(STALE, (_req, res) => void res.socket?.destroy());
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(502);
      expect(JSON.parse(answer.body.toString())).to.include({ code: 'MEDIA_HOST_UNREACHABLE' });
    });

    it('when the post no longer resolves, answers 502', async () => {
      nock('https://www.tiktok.com').get(/.*/).times(3).reply(404, 'gone');
      upstream.on(STALE, refuse(403));
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(502);
    });

    it('when a part of a proxied playlist is refused, answers 502 without resolving the post (its fresh video is not this part)', async () => {
      const page = nock('https://www.tiktok.com').get(/.*/).reply(200, 'never asked');
      upstream.on(STALE, refuse(403));
      const answer = await getMedia(app, mediaPath(SECRET, ticket(STALE, { canonicalUrl: '', mimeType: 'video/mp2t' })));
      expect(answer.status).to.equal(502);
      expect(page.isDone()).to.equal(false);
      expect(upstream.requests).to.have.length(1);
    });

    for (const status of [400, 401, 403, 404, 405, 410, 429, 451, 500, 503]) {
      it(`when the media host answers ${status} every time, the answer is 502, never 403`, async () => {
        nock('https://www.tiktok.com').get(/.*/).times(3).reply(403, 'blocked');
        upstream.on(STALE, refuse(status));
        const answer = await getMedia(app, mediaPath(SECRET, ticket()));
        expect(answer.status).to.equal(502);
      });
    }

    it('when the media host answers 500, the post is not resolved again (only refusals are)', async () => {
      const page = nock('https://www.tiktok.com').get(/.*/).reply(200, 'never asked');
      upstream.on(STALE, refuse(500));
      expect((await getMedia(app, mediaPath(SECRET, ticket()))).status).to.equal(502);
      expect(page.isDone()).to.equal(false);
    });
  });

  describe('redirects', () => {
    const hops = [
      'https://v16-webapp-prime.tiktok.com/hop/1',
      'https://v19-webapp-prime.tiktok.com/hop/2',
      'https://p16-sign-va.tiktokcdn.com/hop/3',
      'https://v16-webapp-prime.tiktok.com/hop/4',
      'https://v16-webapp-prime.tiktok.com/hop/5',
    ];

    it('when the media host redirects 4 times between allowlisted https hosts (relative Location too), follows with the sealed headers to the media', async () => {
      upstream
        .on(hops[0]!, redirect(hops[1]!))
        .on(hops[1]!, redirect(hops[2]!, 301))
        .on(hops[2]!, redirect(hops[3]!, 307))
        .on(hops[3]!, redirect('/hop/5', 308))
        .on(hops[4]!, serveBytes(video));
      const answer = await getMedia(app, mediaPath(SECRET, ticket(hops[0]!)), { headers: { range: 'bytes=0-99' } });
      expect(answer.status).to.equal(206);
      expect(answer.body.equals(video.subarray(0, 100))).to.equal(true);
      expect(upstream.requests.map((r) => r.headers.cookie)).to.deep.equal(Array(5).fill(OLD_COOKIE));
      expect(upstream.requests.map((r) => r.headers.range)).to.deep.equal(Array(5).fill('bytes=0-99'));
    });

    it('when there are 5 redirects, answers 502 without following the fifth', async () => {
      const six = 'https://v16-webapp-prime.tiktok.com/hop/6';
      upstream
        .on(hops[0]!, redirect(hops[1]!))
        .on(hops[1]!, redirect(hops[2]!))
        .on(hops[2]!, redirect(hops[3]!))
        .on(hops[3]!, redirect(hops[4]!))
        .on(hops[4]!, redirect(six))
        .on(six, serveBytes(video));
      const answer = await getMedia(app, mediaPath(SECRET, ticket(hops[0]!)));
      expect(answer.status).to.equal(502);
      expect(upstream.seen(six)).to.have.length(0);
    });

    for (const [name, target] of [
      ['a host off the allowlist', 'https://evil.example/steal'],
      ['plain http on an allowlisted host', 'http://v19-webapp-prime.tiktok.com/x'],
      ['another port on an allowlisted host', 'https://v19-webapp-prime.tiktok.com:8443/x'],
      ['a lookalike host', 'https://tiktok.com.evil.example/x'],
    ] as const) {
      it(`when a redirect points to ${name}, answers 502 and never contacts it`, async () => {
        upstream.on(hops[0]!, redirect(target));
        const answer = await getMedia(app, mediaPath(SECRET, ticket(hops[0]!)));
        expect(answer.status).to.equal(502);
        expect(upstream.requests.map((r) => r.path)).to.deep.equal(['/hop/1']);
      });
    }
  });

  describe('time and limits', () => {
    it('when the media host does not answer in time, answers 504 within the budget', async () => {
      const slow = await TestApp.start({ PROXY_SECRET: SECRET, UPSTREAM_TIMEOUT_MS: '300' }, { mediaDispatcher: upstream.dispatcher() });
      try {
        upstream.on(STALE, () => undefined); // never answers
        const started = performance.now();
        const answer = await getMedia(slow, mediaPath(SECRET, ticket()));
        expect(answer.status).to.equal(504);
        expect(JSON.parse(answer.body.toString())).to.include({ code: 'MEDIA_HOST_TIMEOUT' }).and.property('error').match(/in time/);
        expect(performance.now() - started).to.be.below(3000);
      } finally {
        await slow.close();
      }
    });

    it('when a client spends its points, /v/ answers 429 with Retry-After, counted per client IP', async () => {
      const limited = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_RATE_LIMIT_POINTS: '2' }, { mediaDispatcher: upstream.dispatcher() });
      try {
        upstream.on(STALE, serveBytes(video));
        const path = mediaPath(SECRET, ticket());
        const first = await getMedia(limited, path);
        expect(first.status).to.equal(200);
        expect(first.headers['ratelimit-limit']).to.equal('2');
        expect((await getMedia(limited, path, { method: 'HEAD' })).status).to.equal(200);
        const third = await getMedia(limited, path);
        expect(third.status).to.equal(429);
        expect(Number(third.headers['retry-after'])).to.be.at.least(1);
        expect(upstream.requests).to.have.length(2);
      } finally {
        await limited.close();
      }
    });

    it('when PROXY_ENABLED=false, every /v/ path answers 404 before the rate limiter and fetches nothing', async () => {
      const closed = await TestApp.start({ PROXY_SECRET: SECRET, PROXY_ENABLED: 'false' }, { mediaDispatcher: upstream.dispatcher() });
      try {
        upstream.on(STALE, serveBytes(video));
        const answer = await getMedia(closed, mediaPath(SECRET, ticket()));
        expect(answer.status).to.equal(404);
        expect(answer.headers).not.to.have.property('ratelimit-limit');
        expect(upstream.requests).to.have.length(0);
      } finally {
        await closed.close();
      }
    });
  });
});
