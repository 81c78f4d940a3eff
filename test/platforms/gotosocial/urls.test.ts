// GoToSocial: every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('gotosocial URL routes', () => {
  canonicalTable([
    { input: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', denotes: 'post' },
    { input: 'https://gts.superseriousbusiness.org/@wren/statuses/01jx2y3z4a5b6c7d8e9f0ghjkm', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://gts.superseriousbusiness.org/users/Wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM/', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@Wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://www.gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM?utm_medium=social', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM#reply', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://gts.superseriousbusiness.org/@wren', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren', denotes: 'page' },
    { input: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJK', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJK', denotes: 'page' },
    { input: 'https://gts.superseriousbusiness.org/about', platform: 'gotosocial', canonical: 'https://gts.superseriousbusiness.org/about', denotes: 'page' },
    { input: 'https://gts.superseriousbusiness.org.evil.test/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', platform: 'none', canonical: 'https://gts.superseriousbusiness.org.evil.test/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
    { input: 'https://gts.example/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', platform: 'none', canonical: 'https://gts.example/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as gotosocial, recognises its posts as gotosocial without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'gts.example', id: 'gotosocial' }] });
    expect(canonicalize(specs, new URL('https://gts.example/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM'))).to.deep.include({ platform: 'gotosocial', canonicalUrl: 'https://gts.example/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM' });
    expect(canonicalize(createSpecList(), new URL('https://gts.example/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM'))).to.deep.include({ platform: 'none' });
  });
});
