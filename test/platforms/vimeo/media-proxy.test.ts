// Vimeo end to end through the media proxy: the adapter reads oEmbed and the player config (nock,
// test/platforms/vimeo/fixtures/unlisted-hls.json) and gives the HLS master playlist on Vimeo's
// CDN; `media=proxied` mints a playableUrl for it; a local host standing in for the CDN serves a
// ladder in Vimeo's shape (renditions by relative `../` paths, separate audio, subtitles, fMP4
// init and segments). Played from the playableUrl, every playlist comes back rewritten so that
// each URI is itself a /v/ token, and every byte arrives intact, Range included.
import { expect } from 'chai';
import nock from 'nock';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { playHlsLadder, playlistUris } from '../../support/hls-ladder.js';
import { getDirect, getMedia } from '../../support/media-client.js';
import { mediaBytes, MediaUpstream, serveBytes } from '../../support/media-upstream.js';

const SECRET = 'vimeo-media-proxy-test-secret-0123456789';
const POST = 'https://vimeo.com/913300417/3b9e1c7d2a';
const HLS = 'application/vnd.apple.mpegurl';
/** The config's master playlist (fixture), and the folder its ladder hangs from. */
const MASTER = 'https://skyfire.vimeocdn.com/4102444800-0x5e6f7a8b9c/b7f1/video/11,22/master.m3u8';
const BASE = 'https://skyfire.vimeocdn.com/4102444800-0x5e6f7a8b9c/b7f1';

const PLAYLISTS: Record<string, string> = {
  [MASTER]: [
    '#EXTM3U',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="../../subtitles/5501/playlist.m3u8",AUTOSELECT=YES,DEFAULT=NO',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-high",NAME="audio",DEFAULT=YES,CHANNELS="2",URI="../../audio/aa01/playlist.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=680000,RESOLUTION=640x360,CODECS="avc1.64001E,mp4a.40.2",AUDIO="audio-high",SUBTITLES="subs"',
    '../11/playlist.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=4100000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="audio-high",SUBTITLES="subs"',
    '../22/playlist.m3u8',
    '',
  ].join('\n'),
  [`${BASE}/video/11/playlist.m3u8`]: '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nsegment-1.m4s\n#EXTINF:6.0,\nsegment-2.m4s\n#EXT-X-ENDLIST\n',
  [`${BASE}/video/22/playlist.m3u8`]: '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nsegment-1.m4s\n#EXT-X-ENDLIST\n',
  [`${BASE}/audio/aa01/playlist.m3u8`]: '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nsegment-1.m4s\n#EXT-X-ENDLIST\n',
  [`${BASE}/subtitles/5501/playlist.m3u8`]: '#EXTM3U\n#EXT-X-TARGETDURATION:846\n#EXTINF:846.0,\nsubtitles.vtt\n#EXT-X-ENDLIST\n',
};
const BINARIES: Record<string, [string, Buffer]> = {
  [`${BASE}/video/11/init.mp4`]: ['video/mp4', mediaBytes(800, 21)],
  [`${BASE}/video/11/segment-1.m4s`]: ['video/mp4', mediaBytes(60_000, 22)],
  [`${BASE}/video/11/segment-2.m4s`]: ['video/mp4', mediaBytes(60_000, 23)],
  [`${BASE}/video/22/init.mp4`]: ['video/mp4', mediaBytes(900, 24)],
  [`${BASE}/video/22/segment-1.m4s`]: ['video/mp4', mediaBytes(240_000, 25)],
  [`${BASE}/audio/aa01/init.mp4`]: ['audio/mp4', mediaBytes(500, 26)],
  [`${BASE}/audio/aa01/segment-1.m4s`]: ['audio/mp4', mediaBytes(20_000, 27)],
  [`${BASE}/subtitles/5501/subtitles.vtt`]: ['text/vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHarbour at first light\n')],
};

describe('media proxy: Vimeo end to end (HLS ladder rewritten)', () => {
  let cdn: MediaUpstream;
  let app: TestApp;

  before(async () => {
    cdn = await MediaUpstream.start();
    const playlist = (text: string) => (req: IncomingMessage, res: ServerResponse) =>
      void res.writeHead(200, { 'content-type': HLS, 'content-length': String(Buffer.byteLength(text)) }).end(req.method === 'HEAD' ? undefined : text);
    for (const [url, text] of Object.entries(PLAYLISTS)) cdn.on(url, playlist(text));
    for (const [url, [type, body]] of Object.entries(BINARIES)) cdn.on(url, serveBytes(body, { type }));
    app = await TestApp.start({ PROXY_SECRET: SECRET }, { mediaDispatcher: cdn.dispatcher() });
  });
  afterEach(() => nock.cleanAll());
  after(async () => {
    await app.close();
    await cdn.close();
  });

  it('when an unlisted video is resolved with media=proxied, its HLS master gets a playableUrl, and the whole ladder plays through /v/', async () => {
    useFixture('vimeo', 'unlisted-hls');
    const resolved = await app.get(`/api/v1/resolve?url=${q(POST)}&media=proxied`);
    expect(resolved.body).to.include({ status: 'ok', platform: 'vimeo', canonicalUrl: POST, kind: 'video' });
    const { url, playableUrl, mimeType, needsProxy } = resolved.body.video as Record<string, string | boolean>;
    expect({ url: String(url).split('?')[0], mimeType, needsProxy }).to.deep.equal({ url: MASTER, mimeType: HLS, needsProxy: false });
    expect(new URL(String(playableUrl)).pathname).to.match(/^\/v\/[A-Za-z0-9_-]+/);

    // Rewritten: no Vimeo host, no absolute URL, the CDN's signed path nowhere to be read.
    const served = await playHlsLadder(app, new URL(String(playableUrl)).pathname, /vimeocdn|https?:|0x5e6f7a8b9c/);
    // 5 playlists and 8 files, each fetched once from its own URL on the CDN.
    expect(served.size).to.equal(13);
    const bodies = [...served.values()];
    for (const [type, body] of Object.values(BINARIES)) {
      const match = bodies.find((s) => s.body.equals(body));
      expect(match, `a body served as ${type}`).not.to.equal(undefined);
      expect(match!.type).to.equal(type);
    }
    expect(cdn.requests).to.have.length(13);
    // Vimeo's CDN wants nothing but the signed URL: no cookie or Referer goes to it.
    for (const r of cdn.requests) expect([r.headers.cookie, r.headers.referer]).to.deep.equal([undefined, undefined]);
  });

  it('when a segment is asked for by range through /v/, answers 206 with the upstream Content-Range; the raw master plays on its own too', async () => {
    useFixture('vimeo', 'unlisted-hls');
    const resolved = await app.get(`/api/v1/resolve?url=${q(POST)}&media=proxied`);
    const master = await getMedia(app, new URL(String(resolved.body.video.playableUrl)).pathname);
    // The master names the subtitles, the audio, then the 360p variant (tokens are opaque: by place).
    const variant = playlistUris(master.body.toString('utf8'))[2]!;
    const variantPath = new URL(variant, `${app.baseUrl}/v/x`).pathname;
    const media = await getMedia(app, variantPath);
    const segment = playlistUris(media.body.toString('utf8'))[1]!;
    const part = await getMedia(app, new URL(segment, app.baseUrl + variantPath).pathname, { headers: { range: 'bytes=1000-1999' } });
    const whole = BINARIES[`${BASE}/video/11/segment-1.m4s`]![1];
    expect(part.status).to.equal(206);
    expect(part.headers['content-range']).to.equal(`bytes 1000-1999/${whole.length}`);
    expect(part.body.equals(whole.subarray(1000, 2000))).to.equal(true);
    // needsProxy false is true to the CDN: the raw URL answers a plain client.
    expect((await getDirect(String(resolved.body.video.url), cdn.dispatcher())).status).to.equal(200);
  });
});
