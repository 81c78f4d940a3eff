// HLS through the media proxy: the pure playlist rewrite (every variant, rendition, segment, key
// and init-map URI, relative or absolute), and a whole ladder — master, variants, audio rendition,
// key, map, segments — played through /v/ from a local media host that wants the sealed cookie.
import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hlsPartType, isHlsPlaylist, rewriteHlsPlaylist, type HlsUri } from '../../src/domain/hls-playlist.js';
import type { MediaTicket } from '../../src/application/ports/signer.port.js';
import { TestApp } from '../support/app.js';
import { playHlsLadder } from '../support/hls-ladder.js';
import { getMedia, mediaPath } from '../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes, type Handler } from '../support/media-upstream.js';

describe('rewriteHlsPlaylist', () => {
  const BASE = 'https://cdn.example/video/hls/master.m3u8?sig=1';
  const seen: HlsUri[] = [];
  const mark = (uri: HlsUri) => {
    seen.push(uri);
    return `P(${uri.kind}:${uri.url})`;
  };
  beforeEach(() => (seen.length = 0));

  it('when given a master playlist, replaces variant lines, renditions and I-frame playlists, resolved against the playlist URL', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/en.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
      'low/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2400000',
      'https://other.example/high.m3u8?x=1',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="/iframes.m3u8"',
      '',
    ].join('\n');
    expect(rewriteHlsPlaylist(text, BASE, mark)).to.equal(
      [
        '#EXTM3U',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="P(playlist:https://cdn.example/video/hls/audio/en.m3u8)"',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
        'P(playlist:https://cdn.example/video/hls/low/index.m3u8)',
        '#EXT-X-STREAM-INF:BANDWIDTH=2400000',
        'P(playlist:https://other.example/high.m3u8?x=1)',
        '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="P(playlist:https://cdn.example/iframes.m3u8)"',
        '',
      ].join('\n'),
    );
  });

  it('when given a media playlist, replaces segments, the key and the init map, and leaves other attributes and CRLF line ends alone', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-KEY:METHOD=AES-128,URI="../keys/k.key",IV=0x0001,KEYFORMAT="identity"',
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"',
      '#EXTINF:4.0,',
      'seg0.ts',
      '#EXT-X-BYTERANGE:1000@0',
      '#EXTINF:4.0,title with URI="not a tag attribute"',
      'https://cdn.example/abs/seg1.ts',
      '#EXT-X-KEY:METHOD=NONE',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    const out = rewriteHlsPlaylist(text, 'https://cdn.example/video/hls/low/index.m3u8', mark).split('\r\n');
    expect(out[2]).to.equal('#EXT-X-KEY:METHOD=AES-128,URI="P(key:https://cdn.example/video/hls/keys/k.key)",IV=0x0001,KEYFORMAT="identity"');
    expect(out[3]).to.equal('#EXT-X-MAP:URI="P(map:https://cdn.example/video/hls/low/init.mp4)",BYTERANGE="720@0"');
    expect(out[5]).to.equal('P(segment:https://cdn.example/video/hls/low/seg0.ts)');
    expect(out[7]).to.equal('#EXTINF:4.0,title with URI="not a tag attribute"');
    expect(out[8]).to.equal('P(segment:https://cdn.example/abs/seg1.ts)');
    expect(out[9]).to.equal('#EXT-X-KEY:METHOD=NONE');
    expect(seen.map((u) => u.kind)).to.deep.equal(['key', 'map', 'segment', 'segment']);
  });

  it('when the replacement declines a URI, keeps it as written', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key-id"\n#EXTINF:4,\nseg.ts\n';
    expect(rewriteHlsPlaylist(text, BASE, () => undefined)).to.equal(text);
  });

  it('when a low-latency playlist names parts, preload hints and rendition reports, replaces them all', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-PART:DURATION=1,URI="part1.m4s"',
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part2.m4s"',
      '#EXT-X-PRELOAD-HINT:TYPE=MAP,URI="init2.mp4"',
      '#EXT-X-RENDITION-REPORT:URI="../high/index.m3u8",LAST-MSN=1',
    ].join('\n');
    rewriteHlsPlaylist(text, 'https://cdn.example/hls/low/index.m3u8', mark);
    expect(seen).to.deep.equal([
      { kind: 'segment', url: 'https://cdn.example/hls/low/part1.m4s' },
      { kind: 'segment', url: 'https://cdn.example/hls/low/part2.m4s' },
      { kind: 'map', url: 'https://cdn.example/hls/low/init2.mp4' },
      { kind: 'playlist', url: 'https://cdn.example/hls/high/index.m3u8' },
    ]);
  });

  it('recognises a playlist by its #EXTM3U header (a byte-order mark allowed)', () => {
    expect(isHlsPlaylist('#EXTM3U\n')).to.equal(true);
    expect(isHlsPlaylist('\uFEFF#EXTM3U\n')).to.equal(true);
    expect(isHlsPlaylist('<html>')).to.equal(false);
  });

  it('names the type each part is minted as', () => {
    const table: [HlsUri, string][] = [
      [{ kind: 'playlist', url: 'https://c.example/a.m3u8' }, 'application/vnd.apple.mpegurl'],
      [{ kind: 'key', url: 'https://c.example/k' }, 'application/octet-stream'],
      [{ kind: 'map', url: 'https://c.example/init.mp4' }, 'video/mp4'],
      [{ kind: 'segment', url: 'https://c.example/s.ts?x=1' }, 'video/mp2t'],
      [{ kind: 'segment', url: 'https://c.example/s.aac' }, 'audio/aac'],
      [{ kind: 'segment', url: 'https://c.example/s' }, 'video/mp2t'],
      [{ kind: 'subtitles', url: 'https://c.example/s.vtt' }, 'text/vtt'],
    ];
    for (const [part, type] of table) expect(hlsPartType(part), part.url).to.equal(type);
  });
});

describe('media proxy: an HLS ladder', () => {
  const SECRET = 'media-hls-test-secret-0123456789abcdefg';
  const COOKIE = 'tt_chain_token=HlsChainToken';
  const HOST = 'https://v16-webapp-prime.tiktok.com';
  const MASTER = `${HOST}/hls/master.m3u8`;
  const HLS = 'application/vnd.apple.mpegurl';

  const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  const init = mediaBytes(700, 1);
  const segs = { low0: mediaBytes(4000, 2), low1: mediaBytes(4000, 3), high0: mediaBytes(9000, 4), aud0: mediaBytes(1500, 5) };

  const playlists: Record<string, [string, string]> = {
    [MASTER]: [
      HLS,
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="en",DEFAULT=YES,URI="audio/index.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"',
        'low/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,AUDIO="aud"',
        'https://v19-webapp-prime.tiktok.com/hls/high/index.m3u8?sig=abc',
        '',
      ].join('\n'),
    ],
    [`${HOST}/hls/low/index.m3u8`]: [
      'application/x-mpegURL',
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-KEY:METHOD=AES-128,URI="../keys/k1.key",IV=0x000102030405060708090a0b0c0d0e0f',
        '#EXT-X-MAP:URI="init.mp4"',
        '#EXTINF:4.0,',
        'seg0.m4s',
        '#EXTINF:4.0,',
        'https://p16-sign-va.tiktokcdn.com/hls/low/seg1.m4s?x-expires=1999999999',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    ],
    ['https://v19-webapp-prime.tiktok.com/hls/high/index.m3u8']: [HLS, '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n#EXT-X-ENDLIST\n'],
    [`${HOST}/hls/audio/index.m3u8`]: ['audio/mpegurl', '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.aac\n#EXT-X-ENDLIST\n'],
  };
  const binaries: Record<string, [string, Buffer]> = {
    [`${HOST}/hls/keys/k1.key`]: ['application/octet-stream', key],
    [`${HOST}/hls/low/init.mp4`]: ['video/mp4', init],
    [`${HOST}/hls/low/seg0.m4s`]: ['video/iso.segment', segs.low0],
    ['https://p16-sign-va.tiktokcdn.com/hls/low/seg1.m4s']: ['application/octet-stream', segs.low1],
    ['https://v19-webapp-prime.tiktok.com/hls/high/seg0.ts']: ['video/mp2t', segs.high0],
    [`${HOST}/hls/audio/seg0.aac`]: ['audio/aac', segs.aud0],
  };

  let upstream: MediaUpstream;
  let app: TestApp;

  const needsCookie = (req: IncomingMessage) => req.headers.cookie === COOKIE;
  const playlist = (type: string, text: string): Handler => (req: IncomingMessage, res: ServerResponse) => {
    if (!needsCookie(req)) return void res.writeHead(403).end();
    res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)), etag: '"pl"', 'accept-ranges': 'bytes' }).end(req.method === 'HEAD' ? undefined : text);
  };

  before(async () => {
    upstream = await MediaUpstream.start();
    app = await TestApp.start({ PROXY_SECRET: SECRET }, { mediaDispatcher: upstream.dispatcher() });
  });
  beforeEach(() => {
    upstream.reset();
    for (const [url, [type, text]] of Object.entries(playlists)) upstream.on(url, playlist(type, text));
    for (const [url, [type, body]] of Object.entries(binaries)) upstream.on(url, serveBytes(body, { type, require: needsCookie }));
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });

  const masterTicket: MediaTicket = { url: MASTER, headers: { cookie: COOKIE }, mimeType: HLS, platform: 'tiktok', canonicalUrl: 'https://www.tiktok.com/@i/video/7400000000000000101' };

  it('when the master playlist is played, every playlist, key, map and segment is reached through /v/ and arrives intact', async () => {
    const start = mediaPath(SECRET, masterTicket, Date.now() + 600_000, '.m3u8');
    const served = await playHlsLadder(app, start, /tiktok|https?:/);
    // 4 playlists and 6 binaries, each fetched once from its own upstream URL, with the cookie.
    expect(served.size).to.equal(10);
    const bodies = [...served.values()];
    for (const [type, body] of Object.values(binaries)) {
      const match = bodies.find((s) => s.body.equals(body));
      expect(match, `a body served as ${type}`).not.to.equal(undefined);
      // An unlabelled segment is served as the type its playlist part was minted as.
      expect(match!.type).to.equal(type === 'application/octet-stream' && body !== key ? 'video/iso.segment' : type);
    }
    expect(upstream.requests).to.have.length(10);
    for (const r of upstream.requests) expect(r.headers.cookie).to.equal(COOKIE);
  });

  it('when a playlist is asked for with HEAD or a Range, answers 200 with the rewritten length and fetches it whole', async () => {
    const path = mediaPath(SECRET, masterTicket);
    const full = await getMedia(app, path);
    const head = await getMedia(app, path, { method: 'HEAD' });
    const ranged = await getMedia(app, path, { headers: { range: 'bytes=0-9' } });
    expect(head.status).to.equal(200);
    expect(head.headers['content-length']).to.equal(String(full.body.length));
    expect(head.headers).not.to.have.property('etag');
    expect(ranged.status).to.equal(200);
    expect(ranged.body.toString()).to.match(/^#EXTM3U/);
    expect(upstream.seen(MASTER).map((r) => [r.method, r.headers.range])).to.deep.equal([
      ['GET', undefined],
      ['GET', undefined],
      ['GET', undefined],
    ]);
  });

  it('when a playlist names a host off the allowlist, that URI is left as written and nothing else changes', async () => {
    upstream.on(MASTER, playlist(HLS, '#EXTM3U\n#EXTINF:4,\nhttps://cdn.elsewhere.example/seg.ts\n#EXTINF:4,\nseg1.ts\n'));
    const text = (await getMedia(app, mediaPath(SECRET, masterTicket))).body.toString();
    const lines = text.split('\n');
    expect(lines[2]).to.equal('https://cdn.elsewhere.example/seg.ts');
    expect(lines[4]).to.match(/^[A-Za-z0-9_-]+\.ts$/);
  });

  it('when the body labelled a playlist is not one, answers 502', async () => {
    upstream.on(MASTER, playlist(HLS, '<html>blocked</html>'));
    expect((await getMedia(app, mediaPath(SECRET, masterTicket))).status).to.equal(502);
  });
});
