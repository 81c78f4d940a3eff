// PeerTube: every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('peertube URL routes', () => {
  canonicalTable([
    { input: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB', denotes: 'post' },
    { input: 'https://framatube.org/videos/watch/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://framatube.org/videos/watch/9C9DE5E8-0A1B-4C2D-8E3F-4A5B6C7D8E9F', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://framatube.org/videos/embed/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f?autoplay=1', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://framatube.org/w/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://framatube.org/videos/embed/kkGMgK9YJrR6bNHRi3TWNB', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://www.framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB?start=1m30s', platform: 'peertube', canonical: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://tube.tchncs.de/videos/watch/ee483448-5c0b-4d62-a1aa-8755e0cfe6dd', platform: 'peertube', canonical: 'https://tube.tchncs.de/w/vqABGP97fEjo7RhPuDnSZk' },
    { input: 'https://tube.tchncs.de/w/vqABGP97fEjo7RhPuDnSZk', platform: 'peertube', canonical: 'https://tube.tchncs.de/w/vqABGP97fEjo7RhPuDnSZk' },
    { input: 'https://tilvids.com/videos/watch/e7946124-7b72-4ad7-9d22-844a84bb2de1', platform: 'peertube', canonical: 'https://tilvids.com/w/uAAq412RqtKsMpaRE3bG5H' },
    { input: 'https://video.blender.org/w/kkGMgK9YJrR6bNHRi3TWNB', platform: 'peertube', canonical: 'https://video.blender.org/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://framatube.org/w/p/kkGMgK9YJrR6bNHRi3TWNB', platform: 'peertube', canonical: 'https://framatube.org/w/p/kkGMgK9YJrR6bNHRi3TWNB', denotes: 'page' },
    { input: 'https://framatube.org/videos/watch/playlist/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f', platform: 'peertube', canonical: 'https://framatube.org/videos/watch/playlist/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f', denotes: 'page' },
    { input: 'https://framatube.org/c/mira_workshop/videos', platform: 'peertube', canonical: 'https://framatube.org/c/mira_workshop/videos', denotes: 'page' },
    { input: 'https://framatube.org.evil.test/w/kkGMgK9YJrR6bNHRi3TWNB', platform: 'none', canonical: 'https://framatube.org.evil.test/w/kkGMgK9YJrR6bNHRi3TWNB' },
    { input: 'https://peertube.example/w/kkGMgK9YJrR6bNHRi3TWNB', platform: 'none', canonical: 'https://peertube.example/w/kkGMgK9YJrR6bNHRi3TWNB' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as peertube, recognises its posts as peertube without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'peertube.example', id: 'peertube' }] });
    expect(canonicalize(specs, new URL('https://peertube.example/videos/watch/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f'))).to.deep.include({ platform: 'peertube', canonicalUrl: 'https://peertube.example/w/kkGMgK9YJrR6bNHRi3TWNB' });
    expect(canonicalize(createSpecList(), new URL('https://peertube.example/videos/watch/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f'))).to.deep.include({ platform: 'none' });
  });
});
