// Lemmy: every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('lemmy URL routes', () => {
  canonicalTable([
    { input: 'https://lemmy.world/post/4242', platform: 'lemmy', canonical: 'https://lemmy.world/post/4242', denotes: 'post' },
    { input: 'https://lemmy.world/post/4242/', platform: 'lemmy', canonical: 'https://lemmy.world/post/4242' },
    { input: 'https://lemmy.world/comment/977', platform: 'lemmy', canonical: 'https://lemmy.world/comment/977', denotes: 'post' },
    { input: 'https://www.lemmy.world/post/4242?scrollToComments=true', platform: 'lemmy', canonical: 'https://lemmy.world/post/4242' },
    { input: 'https://lemmy.ml/post/123', platform: 'lemmy', canonical: 'https://lemmy.ml/post/123' },
    { input: 'https://sh.itjust.works/post/123#comments', platform: 'lemmy', canonical: 'https://sh.itjust.works/post/123' },
    { input: 'https://beehaw.org/comment/55', platform: 'lemmy', canonical: 'https://beehaw.org/comment/55' },
    { input: 'https://programming.dev/post/1', platform: 'lemmy', canonical: 'https://programming.dev/post/1' },
    { input: 'https://feddit.org/post/1', platform: 'lemmy', canonical: 'https://feddit.org/post/1' },
    { input: 'LEMMY.WORLD/post/4242', platform: 'lemmy', canonical: 'https://lemmy.world/post/4242' },
    { input: 'https://lemmy.world/c/woodworking', platform: 'lemmy', canonical: 'https://lemmy.world/c/woodworking', denotes: 'page' },
    { input: 'https://lemmy.world/u/quill', platform: 'lemmy', canonical: 'https://lemmy.world/u/quill', denotes: 'page' },
    { input: 'https://lemmy.world/post/abc', platform: 'lemmy', canonical: 'https://lemmy.world/post/abc', denotes: 'page' },
    { input: 'https://lemmy.world.evil.test/post/4242', platform: 'none', canonical: 'https://lemmy.world.evil.test/post/4242' },
    { input: 'https://notlemmy.world/post/4242', platform: 'none', canonical: 'https://notlemmy.world/post/4242' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as lemmy, recognises its posts as lemmy without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'lemmy.example', id: 'lemmy' }] });
    expect(canonicalize(specs, new URL('https://lemmy.example/comment/9'))).to.deep.include({ platform: 'lemmy', canonicalUrl: 'https://lemmy.example/comment/9' });
    expect(canonicalize(createSpecList(), new URL('https://lemmy.example/comment/9'))).to.deep.include({ platform: 'none' });
  });
});
