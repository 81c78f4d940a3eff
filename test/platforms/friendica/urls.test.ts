// Friendica: every URL shape of docs/design.md §3 "The fediverse" on a known server, its canonical form, and
// what stays another platform's or none (no request is ever made to tell).
import { expect } from 'chai';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('friendica URL routes', () => {
  canonicalTable([
    { input: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'friendica', canonical: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', denotes: 'post' },
    { input: 'https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'friendica', canonical: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908/', platform: 'friendica', canonical: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://www.libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908?zrl=x', platform: 'friendica', canonical: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://nerdica.net/display/a85d7459-1562-4a8e-b1c2-9f2c9a7e6b31', platform: 'friendica', canonical: 'https://nerdica.net/display/a85d7459-1562-4a8e-b1c2-9f2c9a7e6b31' },
    { input: 'https://pirati.ca/objects/ec054ce7-3562-6f8b-6a21-a0c846651397', platform: 'friendica', canonical: 'https://pirati.ca/display/ec054ce7-3562-6f8b-6a21-a0c846651397' },
    { input: 'https://squeet.me/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908#comments', platform: 'friendica', canonical: 'https://squeet.me/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://venera.social/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'friendica', canonical: 'https://venera.social/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'LIBRANET.DE/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'friendica', canonical: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://libranet.de/profile/jonas', platform: 'friendica', canonical: 'https://libranet.de/profile/jonas', denotes: 'page' },
    { input: 'https://libranet.de/network', platform: 'friendica', canonical: 'https://libranet.de/network', denotes: 'page' },
    { input: 'https://libranet.de.evil.test/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'none', canonical: 'https://libranet.de.evil.test/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
    { input: 'https://friendica.example/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', platform: 'none', canonical: 'https://friendica.example/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' },
  ]);

  it('when FEDIVERSE_INSTANCES names a server as friendica, recognises its posts as friendica without a fetch', () => {
    const specs = createSpecList({ fediverseInstances: [{ host: 'friendica.example', id: 'friendica' }] });
    expect(canonicalize(specs, new URL('https://friendica.example/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908'))).to.deep.include({ platform: 'friendica', canonicalUrl: 'https://friendica.example/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908' });
    expect(canonicalize(createSpecList(), new URL('https://friendica.example/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908'))).to.deep.include({ platform: 'none' });
  });
});
