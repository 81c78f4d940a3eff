// The Bilibili adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/bilibili/fixtures/ (nock definitions), with the requests it made recorded: every
// card shape (a file, the player, a part, an av number without BV id), each fallback to the player,
// and every reason the API's codes and statuses give.
import { expect } from 'chai';
import nock from 'nock';
import { parseView } from '../../../src/infrastructure/platforms/bilibili/view.js';
import { given } from '../../support/given.js';

const VIEW = (query: string) => `https://api.bilibili.com/x/web-interface/view?${query}`;
const PLAYURL = (id: string, cid: number) => `https://api.bilibili.com/x/player/playurl?${id}&cid=${cid}&qn=64&fnval=1&fnver=0&platform=html5&high_quality=1`;
const FILE = (tag: string, cid: number) =>
  `https://upos-sz-mirrorcos.bilivideo.com/upgcxcode/${tag}/${cid}/${cid}-1-16.mp4?e=FixtureE${tag}&deadline=4102444800&gen=playurlv2&os=cosbv&platform=html5&upsig=fixturesig${tag}&uparams=e,deadline`;
const DEADLINE_MS = 4102444800_000;
const TIDEWATCH = { name: 'Tidewatch Studio', url: 'https://space.bilibili.com/40213377', avatar: 'https://i0.hdslb.com/bfs/face/tidewatchstudio01.jpg' };
const STATS = { views: 120345, likes: 8012, replies: 311, reposts: 97, bookmarks: 1544 };

/** The card of a fixture video whose file could not be had: the player, at the video's size. */
function playerCard(bvid: string, title: string, duration: number, size = { width: 1920, height: 1080 }) {
  return {
    kind: 'video',
    title,
    nsfw: false,
    author: TIDEWATCH,
    image: { url: `https://i1.hdslb.com/bfs/archive/${bvid.toLowerCase()}cover.jpg` },
    publishedAt: '2025-01-01T07:00:00Z',
    stats: STATS,
    video: { url: `https://player.bilibili.com/player.html?bvid=${bvid}`, mimeType: 'text/html', ...size, duration },
  };
}

describe('BilibiliAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the view and playurl answer, returns the video card with the MP4 (sound included), its expiry and the Referer its CDN wants; covers and avatars on https', async () => {
    const { result, requests } = await given('bilibili', 'ok').resolve('https://www.bilibili.com/video/BV1Hq4y1m7Ts');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Harbour lights at dusk, a timelapse',
        description: 'Shot from the old pier over three hours.\nMusic: our own.',
        nsfw: false,
        author: TIDEWATCH,
        // http in the answer; the same file on https.
        image: { url: 'https://i1.hdslb.com/bfs/archive/bv1hq4y1m7tscover.jpg' },
        publishedAt: '2025-01-01T07:00:00Z',
        stats: STATS,
        // durl length 94021 ms; the file's size is the API's choice, not the video's: none given.
        video: { url: FILE('01', 500100200), mimeType: 'video/mp4', hasAudio: true, duration: 94.021 },
      },
      mediaHeaders: { referer: 'https://www.bilibili.com' },
      mediaExpiresAt: DEADLINE_MS,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([VIEW('bvid=BV1Hq4y1m7Ts'), PLAYURL('bvid=BV1Hq4y1m7Ts', 500100200)]);
  });

  it('when asking the API, sends a browser User-Agent and the Referer of www.bilibili.com, to api.bilibili.com only', async () => {
    const { requests } = await given('bilibili', 'ok').resolve('https://www.bilibili.com/video/BV1Hq4y1m7Ts');
    for (const request of requests) {
      expect(request.headers).to.include({ referer: 'https://www.bilibili.com/', accept: 'application/json' });
      expect(request.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
      expect(request.allowedHosts).to.deep.equal(['api.bilibili.com', 'b23.tv']);
    }
  });

  it('when a ?p=2 URL is resolved, returns that part: titled with its name, with its duration, the file asked by its cid', async () => {
    const { result, requests } = await given('bilibili', 'multipart').resolve('https://www.bilibili.com/video/BV1yMSEYvECT?p=2&vd_source=ab12');
    expect(result).to.deep.include({ ok: true, mediaHeaders: { referer: 'https://www.bilibili.com' }, mediaExpiresAt: DEADLINE_MS });
    expect(result.ok && result.card).to.deep.include({
      title: 'Coastal walk, the whole series · P2 The cliff path',
      description: 'Three days on the coast path.',
      video: { url: FILE('02', 600200302), mimeType: 'video/mp4', hasAudio: true, duration: 412 },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([VIEW('bvid=BV1yMSEYvECT'), PLAYURL('bvid=BV1yMSEYvECT', 600200302)]);
  });

  it('when a part the video does not have is asked for, returns not-found without asking playurl', async () => {
    const { result, requests } = await given('bilibili', 'multipart').resolve('https://www.bilibili.com/video/BV1yMSEYvECT?p=4');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when an av number is resolved, asks by the BV id it converts to', async () => {
    const { result, requests } = await given('bilibili', 'ok').resolve('https://www.bilibili.com/video/av592580265');
    expect(result.ok).to.equal(true);
    expect(requests[0]!.url).to.equal(VIEW('bvid=BV1Hq4y1m7Ts'));
  });

  const fallbacks = [
    { scenario: 'flv', why: 'playurl gives only an FLV file', bvid: 'BV1s7411A79p', cid: 700300400, title: 'Tram depot at night', duration: 61, size: { width: 1280, height: 720 } },
    { scenario: 'segments', why: 'playurl gives the video in two segments', bvid: 'BV1s7411A79H', cid: 700300500, title: 'Ferry timetable explained', duration: 720 },
    { scenario: 'playurl-refused', why: 'playurl refuses the region (code -10403)', bvid: 'BV1s7411A79n', cid: 700300600, title: "Lock keeper's diary", duration: 240 },
    { scenario: 'playurl-down', why: 'playurl answers 503', bvid: 'BV1s7411A7R7', cid: 700300700, title: 'Signal box restoration', duration: 180 },
  ];
  for (const { scenario, why, bvid, cid, title, duration, size } of fallbacks) {
    it(`when ${why}, returns the card with the embeddable player as its video, with no media headers`, async () => {
      const { result, requests } = await given('bilibili', scenario).resolve(`https://www.bilibili.com/video/${bvid}`);
      expect(result).to.deep.equal({ ok: true, card: playerCard(bvid, title, duration, size) });
      // (A 503 may be asked again by the HTTP port's retry: the same request.)
      expect([...new Set(requests.map((r) => r.url))]).to.deep.equal([VIEW(`bvid=${bvid}`), PLAYURL(`bvid=${bvid}`, cid)]);
    });
  }

  it('when the playurl request cannot connect, returns the card with the player', async () => {
    nock('https://api.bilibili.com').get('/x/player/playurl').query(true).replyWithError({ code: 'ECONNRESET' });
    const { result } = await given('bilibili', 'ok', { only: (def) => def.path.startsWith('/x/web-interface/') }).resolve('https://www.bilibili.com/video/BV1Hq4y1m7Ts');
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://player.bilibili.com/player.html?bvid=BV1Hq4y1m7Ts', mimeType: 'text/html', width: 1920, height: 1080, duration: 94 });
    expect(result).not.to.have.property('mediaHeaders');
  });

  it('when an av number from 2^51 up is resolved, asks by aid; an answer without BV id gives the player by aid', async () => {
    const aid = '2251799813685249';
    const { result, requests } = await given('bilibili', 'av-large').resolve(`https://www.bilibili.com/video/av${aid}`);
    expect(result.ok && result.card).to.deep.include({
      title: 'Estuary birds in winter',
      author: { name: 'Mudflat Notes', url: 'https://space.bilibili.com/51200777', avatar: 'https://i2.hdslb.com/bfs/face/mudflatnotes.jpg' },
      video: { url: `https://player.bilibili.com/player.html?aid=${aid}`, mimeType: 'text/html', width: 1920, height: 1080, duration: 133 },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([VIEW(`aid=${aid}`), PLAYURL(`aid=${aid}`, 800400500)]);
  });

  it('when the view says there is no such video (-404), returns not-found without asking playurl', async () => {
    const { result, requests } = await given('bilibili', 'not-found').resolve('https://www.bilibili.com/video/BV1s7411A7Rj');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  // The API's codes (HTTP 200), and statuses without an envelope.
  const refusals: { code?: number; status?: number; body?: string; reason: string }[] = [
    { code: 62002, reason: 'not-found' },
    { code: 62004, reason: 'private' },
    { code: 62012, reason: 'private' },
    { code: -403, reason: 'blocked' },
    { code: -412, reason: 'blocked' },
    { code: -352, reason: 'blocked' },
    { code: -509, reason: 'rate-limited' },
    { code: -799, reason: 'rate-limited' },
    { code: -10403, reason: 'region-locked' },
    { code: -400, reason: 'upstream-error' },
    { code: 41001, reason: 'upstream-error' },
    { status: 412, body: '<html>request blocked</html>', reason: 'blocked' },
    { status: 429, body: '', reason: 'rate-limited' },
    { status: 200, body: '<!DOCTYPE html><html><body>Service upgrade in progress</body></html>', reason: 'upstream-error' },
  ];
  for (const { code, status = 200, body, reason } of refusals) {
    const what = code !== undefined ? `code ${code}` : `HTTP ${status} ${body === '' ? 'with no body' : 'with an HTML page'}`;
    it(`when the view answers ${what}, returns ${reason} without asking playurl`, async () => {
      nock('https://api.bilibili.com')
        .get('/x/web-interface/view')
        .query({ bvid: 'BV1Hq4y1m7Ts' })
        .reply(status, code !== undefined ? { code, message: 'refused', ttl: 1 } : body);
      const { result, requests } = await given('bilibili').resolve('https://www.bilibili.com/video/BV1Hq4y1m7Ts');
      expect(result).to.deep.equal({ ok: false, reason });
      expect(requests).to.have.length(1);
    });
  }
});

describe('BilibiliAdapter.readShortLink', () => {
  afterEach(() => nock.cleanAll());

  it('when b23.tv redirects, answers the video page it points to', async () => {
    const { adapter } = given('bilibili', 'short-link');
    const hop = await adapter.readShortLink('https://b23.tv/Xk3mQ7p', AbortSignal.timeout(5000));
    expect(hop).to.deep.equal({
      ok: true,
      location: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts?share_medium=iphone&share_plat=ios&share_source=COPY&share_tag=s_i&timestamp=1735714800&unique_k=Xk3mQ7p',
    });
  });

  it('when b23.tv answers 404, answers not-found', async () => {
    nock('https://b23.tv').get('/Gone404').reply(404, '');
    const { adapter } = given('bilibili');
    expect(await adapter.readShortLink('https://b23.tv/Gone404', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
  });
});

describe('bilibili parseView', () => {
  const data = { bvid: 'BV1Hq4y1m7Ts', title: 'Night ferry', desc: '-', pic: 'http://i0.hdslb.com/bfs/archive/nightferry.jpg', owner: { mid: 0, name: '' }, stat: {} };

  it('when the answer names no cid, no uploader, no counts and the "-" placeholder description, gives the player only and leaves those fields out', () => {
    expect(parseView(data, { bvid: 'BV1Hq4y1m7Ts' }, 1)).to.deep.equal({
      ok: true,
      viewed: { card: { kind: 'video', title: 'Night ferry', nsfw: false, image: { url: 'https://i0.hdslb.com/bfs/archive/nightferry.jpg' }, video: { url: 'https://player.bilibili.com/player.html?bvid=BV1Hq4y1m7Ts', mimeType: 'text/html' } } },
    });
  });

  it('when a part is turned a quarter (rotate 1), gives the player its size as it plays, and names the part in the player URL', () => {
    const pages = [{ cid: 11, page: 1, part: 'One', duration: 10 }, { cid: 12, page: 2, part: '', duration: 20, dimension: { width: 1920, height: 1080, rotate: 1 } }];
    const result = parseView({ ...data, pages }, { bvid: 'BV1Hq4y1m7Ts' }, 2);
    expect(result.ok && result.viewed).to.deep.include({
      card: { kind: 'video', title: 'Night ferry · P2', nsfw: false, image: { url: 'https://i0.hdslb.com/bfs/archive/nightferry.jpg' }, video: { url: 'https://player.bilibili.com/player.html?bvid=BV1Hq4y1m7Ts&p=2', mimeType: 'text/html', width: 1080, height: 1920, duration: 20 } },
      stream: { id: { bvid: 'BV1Hq4y1m7Ts' }, cid: 12 },
    });
  });

  it('when the answer has no title, throws (the chain counts it as upstream-error)', () => {
    expect(() => parseView({ bvid: 'BV1Hq4y1m7Ts' }, { bvid: 'BV1Hq4y1m7Ts' }, 1)).to.throw(/no title/);
  });
});
