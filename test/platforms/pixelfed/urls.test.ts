// Pixelfed: every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('pixelfed URL routes', () => {
  canonicalTable([
    { input: 'https://pixelfed.social/p/lena_frames/812345678901234567', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/lena_frames/812345678901234567', denotes: 'post' },
    { input: 'https://pixelfed.social/p/lena_frames/812345678901234567/', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/lena_frames/812345678901234567' },
    { input: 'https://www.pixelfed.social/p/lena_frames/812345678901234567?utm_source=ig', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/lena_frames/812345678901234567' },
    { input: 'https://pixelfed.social/i/web/post/812345678901234567', platform: 'pixelfed', canonical: 'https://pixelfed.social/i/web/post/812345678901234567' },
    { input: 'https://pixelfed.social/p/mczachurski/624592411232880406', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/mczachurski/624592411232880406' },
    { input: 'https://pixelfed.de/p/anna/812345678901234567', platform: 'pixelfed', canonical: 'https://pixelfed.de/p/anna/812345678901234567' },
    { input: 'https://gram.social/p/anna/812345678901234567', platform: 'pixelfed', canonical: 'https://gram.social/p/anna/812345678901234567' },
    { input: 'https://pixey.org/p/anna/812345678901234567#c', platform: 'pixelfed', canonical: 'https://pixey.org/p/anna/812345678901234567' },
    { input: 'pixelfed.social/p/lena_frames/812345678901234567', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/lena_frames/812345678901234567' },
    { input: 'https://pixelfed.social/lena_frames', platform: 'pixelfed', canonical: 'https://pixelfed.social/lena_frames', denotes: 'page' },
    { input: 'https://pixelfed.social/discover/tags/film?src=hash', platform: 'pixelfed', canonical: 'https://pixelfed.social/discover/tags/film', denotes: 'page' },
    { input: 'https://pixelfed.social/p/lena_frames/notanid', platform: 'pixelfed', canonical: 'https://pixelfed.social/p/lena_frames/notanid', denotes: 'page' },
    { input: 'https://pixelfed.social.evil.test/p/lena_frames/812345678901234567', platform: 'none', canonical: 'https://pixelfed.social.evil.test/p/lena_frames/812345678901234567' },
    { input: 'https://notpixelfed.social/p/lena_frames/812345678901234567', platform: 'none', canonical: 'https://notpixelfed.social/p/lena_frames/812345678901234567' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as pixelfed, recognises its posts as pixelfed without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'pix.example', id: 'pixelfed' }] });
    expect(canonicalize(specs, new URL('https://pix.example/p/anna/812345678901234567'))).to.deep.include({ platform: 'pixelfed', canonicalUrl: 'https://pix.example/p/anna/812345678901234567' });
    expect(canonicalize(createSpecList(), new URL('https://pix.example/p/anna/812345678901234567'))).to.deep.include({ platform: 'none' });
  });
});
