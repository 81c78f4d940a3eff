// Pleroma (Akkoma, Rebased): every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('pleroma URL routes', () => {
  canonicalTable([
    { input: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR', denotes: 'post' },
    { input: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR/', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://www.akko.wtf/notice/AQb3xYz9Kp2LmNoPqR?utm_source=share', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://akko.wtf/@ines/posts/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://akko.wtf/@ines@remote.example/posts/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://akko.wtf/notice/103874034847713213', platform: 'pleroma', canonical: 'https://akko.wtf/notice/103874034847713213' },
    { input: 'https://akko.wtf/objects/0F3C9A52-6A7E-4D0E-9A51-7D1B2C3D4E5F', platform: 'pleroma', canonical: 'https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f' },
    { input: 'https://social.kernel.org/notice/AQb3xYz9Kp2LmNoPqR#reply', platform: 'pleroma', canonical: 'https://social.kernel.org/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://fe.disroot.org/notice/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://fe.disroot.org/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://gleasonator.com/notice/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://gleasonator.com/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://FREESPEECHEXTREMIST.COM./notice/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://freespeechextremist.com/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'akko.wtf/notice/AQb3xYz9Kp2LmNoPqR', platform: 'pleroma', canonical: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://akko.wtf/users/ines', platform: 'pleroma', canonical: 'https://akko.wtf/users/ines', denotes: 'page' },
    { input: 'https://akko.wtf/main/public', platform: 'pleroma', canonical: 'https://akko.wtf/main/public', denotes: 'page' },
    { input: 'https://notakko.wtf/notice/AQb3xYz9Kp2LmNoPqR', platform: 'none', canonical: 'https://notakko.wtf/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://akko.wtf.evil.test/notice/AQb3xYz9Kp2LmNoPqR', platform: 'none', canonical: 'https://akko.wtf.evil.test/notice/AQb3xYz9Kp2LmNoPqR' },
    { input: 'https://pleroma.unknown.example/notice/AQb3xYz9Kp2LmNoPqR', platform: 'none', canonical: 'https://pleroma.unknown.example/notice/AQb3xYz9Kp2LmNoPqR' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as akkoma, recognises its posts as pleroma without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'fedi.example', id: 'pleroma' }] });
    expect(canonicalize(specs, new URL('https://fedi.example/notice/AQb3xYz9Kp2LmNoPqR'))).to.deep.include({ platform: 'pleroma', canonicalUrl: 'https://fedi.example/notice/AQb3xYz9Kp2LmNoPqR' });
    expect(canonicalize(createSpecList(), new URL('https://fedi.example/notice/AQb3xYz9Kp2LmNoPqR'))).to.deep.include({ platform: 'none' });
  });
});
