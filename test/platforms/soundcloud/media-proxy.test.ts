// A SoundCloud sound through the media proxy: its signed stream URL expires, so the card says it
// needs the proxy, and `media=proxied` gives the `audio` a playableUrl that streams the file from
// a local stand-in for the CDN through `/v/`, whole and by range.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { getMedia } from '../../support/media-client.js';
import { mediaBytes, MediaUpstream, serveBytes } from '../../support/media-upstream.js';

const SECRET = 'soundcloud-media-proxy-secret-0123456789ab';
const BASE = 'https://media.postlens.test/';
const TRACK = 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide';
const STREAM = 'https://cf-media.sndcdn.com/Tw4hB3lLs0aA.128.mp3';

describe('media proxy: a SoundCloud sound end to end', () => {
  const sound = mediaBytes(120_000, 7);
  let cdn: MediaUpstream;
  let app: TestApp;

  before(async () => {
    cdn = (await MediaUpstream.start()).on(STREAM, serveBytes(sound, { type: 'audio/mpeg' }));
    app = await TestApp.start({ PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE }, { mediaDispatcher: cdn.dispatcher() });
  });
  afterEach(() => nock.cleanAll());
  after(async () => {
    await app.close();
    await cdn.close();
  });

  it('when resolved with media=proxied, the audio gets a playableUrl that streams the sound, whole and by range', async () => {
    useFixture('soundcloud', 'ok');
    const resolved = await app.get(`/api/v1/resolve?url=${q(TRACK)}&media=proxied`);
    expect(resolved.status).to.equal(200);
    expect(resolved.body.audio).to.include({ mimeType: 'audio/mpeg', needsProxy: true });
    const playableUrl = String(resolved.body.audio.playableUrl);
    expect(playableUrl.startsWith(`${BASE}v/`), playableUrl).to.equal(true);
    const path = '/' + playableUrl.slice(BASE.length);

    const whole = await getMedia(app, path);
    expect(whole.status).to.equal(200);
    expect(whole.headers['content-type']).to.equal('audio/mpeg');
    expect(whole.body.equals(sound)).to.equal(true);

    const part = await getMedia(app, path, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).to.equal(206);
    expect(part.body.equals(sound.subarray(1000, 2000))).to.equal(true);
    // The proxy fetched the signed URL the card names.
    expect(cdn.seen(STREAM).at(-1)!.path).to.equal(new URL(resolved.body.audio.url).pathname + new URL(resolved.body.audio.url).search);
  });

  it('without media=proxied, the audio has no playableUrl', async () => {
    useFixture('soundcloud', 'ok');
    const resolved = await app.get(`/api/v1/resolve?url=${q(TRACK)}`);
    expect(resolved.body.audio).to.not.have.property('playableUrl');
  });
});
