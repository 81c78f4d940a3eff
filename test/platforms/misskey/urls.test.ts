// Misskey (Sharkey, Firefish, Iceshrimp…): every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('misskey URL routes', () => {
  canonicalTable([
    { input: 'https://misskey.io/notes/9mnz2jxcfwwdsd0g', platform: 'misskey', canonical: 'https://misskey.io/notes/9mnz2jxcfwwdsd0g', denotes: 'post' },
    { input: 'https://misskey.io/notes/a1b2c3d4e5/', platform: 'misskey', canonical: 'https://misskey.io/notes/a1b2c3d4e5' },
    { input: 'https://www.misskey.io/notes/a1b2c3d4e5?ref=x', platform: 'misskey', canonical: 'https://misskey.io/notes/a1b2c3d4e5' },
    { input: 'https://misskey.io/notes/5f0a1b2c3d4e5f6a7b8c9d0e', platform: 'misskey', canonical: 'https://misskey.io/notes/5f0a1b2c3d4e5f6a7b8c9d0e' },
    { input: 'https://misskey.design/notes/a1b2c3d4e5', platform: 'misskey', canonical: 'https://misskey.design/notes/a1b2c3d4e5' },
    { input: 'https://sushi.ski/notes/a1b2c3d4e5', platform: 'misskey', canonical: 'https://sushi.ski/notes/a1b2c3d4e5' },
    { input: 'https://nijimiss.moe/notes/a1b2c3d4e5#top', platform: 'misskey', canonical: 'https://nijimiss.moe/notes/a1b2c3d4e5' },
    { input: 'https://mk.absturztau.be/notes/93e7nm8wqg', platform: 'misskey', canonical: 'https://mk.absturztau.be/notes/93e7nm8wqg' },
    { input: 'https://is-a.wyvern.rip/notes/9m0f1ghyybelv847', platform: 'misskey', canonical: 'https://is-a.wyvern.rip/notes/9m0f1ghyybelv847' },
    { input: 'MISSKEY.IO/notes/a1b2c3d4e5', platform: 'misskey', canonical: 'https://misskey.io/notes/a1b2c3d4e5' },
    { input: 'https://misskey.io/@yuki_draws', platform: 'misskey', canonical: 'https://misskey.io/@yuki_draws', denotes: 'page' },
    { input: 'https://misskey.io/notes/short', platform: 'misskey', canonical: 'https://misskey.io/notes/short', denotes: 'page' },
    { input: 'https://misskey.io/explore', platform: 'misskey', canonical: 'https://misskey.io/explore', denotes: 'page' },
    { input: 'https://misskey.io.evil.test/notes/a1b2c3d4e5', platform: 'none', canonical: 'https://misskey.io.evil.test/notes/a1b2c3d4e5' },
    { input: 'https://notmisskey.io/notes/a1b2c3d4e5', platform: 'none', canonical: 'https://notmisskey.io/notes/a1b2c3d4e5' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as sharkey, recognises its posts as misskey without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'shark.example', id: 'misskey' }] });
    expect(canonicalize(specs, new URL('https://shark.example/notes/a1b2c3d4e5'))).to.deep.include({ platform: 'misskey', canonicalUrl: 'https://shark.example/notes/a1b2c3d4e5' });
    expect(canonicalize(createSpecList(), new URL('https://shark.example/notes/a1b2c3d4e5'))).to.deep.include({ platform: 'none' });
  });
});
