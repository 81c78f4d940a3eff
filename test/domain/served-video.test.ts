// `needsProxy` comes from the platform's spec (docs/design.md §1): the adapters read media, the spec says
// whether the platform's media play on their own.
import { expect } from 'chai';
import { servedVideo } from '../../src/domain/card.js';
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';

describe('served video (needsProxy from the spec)', () => {
  it('each platform states whether its media need the proxy, as its media hosts behave', () => {
    // Each platform's expectation sits in its test folder (test/platforms/<id>/cases.ts), from the
    // access notes of its captures: signed, cookie- or origin-bound CDNs against open ones.
    const stated = Object.fromEntries(Object.values(PLATFORM_SPECS).map((spec) => [spec.id, spec.mediaNeedProxy]));
    // `web` (any page, no cases row yet): its media are whatever a page names, never proxied.
    expect(stated).to.deep.equal({ ...Object.fromEntries(PLATFORM_CASE_LIST.map(({ id, mediaNeedProxy }) => [id, mediaNeedProxy])), web: false });
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
