// `needsProxy` comes from the platform's spec (DESIGN §1): the adapters read media, the spec says
// whether the platform's media play on their own.
import { expect } from 'chai';
import { servedVideo } from '../../src/domain/card.js';
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';

describe('served video (needsProxy from the spec)', () => {
  // Signed, cookie- or origin-bound CDNs (SOURCES.md access notes) against open ones.
  const EXPECTED = {
    twitter: false,
    instagram: true,
    tiktok: true,
    reddit: false,
    youtube: false,
    bluesky: false,
    mastodon: false,
    threads: true,
    facebook: true,
    dailymotion: false,
    vimeo: false,
    twitch: false,
    streamable: false,
    soundcloud: true,
    loom: false,
    tumblr: false,
    pinterest: false,
    imgur: false,
  };

  it('each platform states whether its media need the proxy, as its media hosts behave', () => {
    const stated = Object.fromEntries(Object.values(PLATFORM_SPECS).map((spec) => [spec.id, spec.mediaNeedProxy]));
    expect(stated).to.deep.equal(EXPECTED);
  });

  it('a media file of a platform whose media need the proxy needs it; of an open platform it does not', () => {
    const mp4 = { url: 'https://cdn.test/v.mp4', mimeType: 'video/mp4', width: 720, height: 1280 };
    expect(servedVideo(mp4, true)).to.deep.equal({ ...mp4, needsProxy: true });
    expect(servedVideo(mp4, false)).to.deep.equal({ ...mp4, needsProxy: false });
    expect(servedVideo({ url: 'https://cdn.test/p.m3u8', mimeType: 'application/vnd.apple.mpegurl' }, true)).to.have.property('needsProxy', true);
  });

  it('a player page never needs the proxy, whatever the platform says of its media', () => {
    expect(servedVideo({ url: 'https://www.test/embed/1', mimeType: 'text/html' }, true)).to.have.property('needsProxy', false);
    expect(servedVideo({ url: 'https://www.test/embed/1', mimeType: 'Text/HTML; charset=utf-8' }, true)).to.have.property('needsProxy', false);
  });
});
