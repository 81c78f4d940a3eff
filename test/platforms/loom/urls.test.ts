// Loom's URL routes: share links (with their `sid` and title slugs), embeds and the bare domain as
// one canonical share URL, pages that are not recordings, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const ID = '5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f';
const SHARE = `https://www.loom.com/share/${ID}`;

describe('loom URL routes', () => {
  canonicalTable([
    { input: SHARE, platform: 'loom', canonical: SHARE, denotes: 'post', ids: { id: ID } },
    { input: `https://loom.com/share/${ID}`, platform: 'loom', canonical: SHARE },
    { input: `loom.com/share/${ID}`, platform: 'loom', canonical: SHARE },
    { input: `https://WWW.Loom.com/share/${ID}/`, platform: 'loom', canonical: SHARE },
    { input: `${SHARE}?sid=0b1c2d3e-0000-4000-8000-123456789abc`, platform: 'loom', canonical: SHARE },
    { input: `${SHARE}?utm_medium=email&utm_source=loom&t=42#comments`, platform: 'loom', canonical: SHARE },
    { input: `https://www.loom.com/embed/${ID}`, platform: 'loom', canonical: SHARE, denotes: 'post' },
    { input: `https://www.loom.com/embed/${ID}?hideEmbedTopBar=true&hide_owner=true&hide_share=true`, platform: 'loom', canonical: SHARE },
    { input: `http://www.loom.com/share/${ID}`, platform: 'loom', canonical: SHARE },
    // Newer share links put the title in front of the id.
    { input: `https://www.loom.com/share/Quarterly-tide-table-walkthrough-${ID}`, platform: 'loom', canonical: SHARE, ids: { id: ID } },
    { input: 'https://www.loom.com/share/43d05f362f734614a2e81b4694a3a523', platform: 'loom', canonical: 'https://www.loom.com/share/43d05f362f734614a2e81b4694a3a523' },
    // Not recordings: a folder, the home page, the pricing page, an id of the wrong length.
    { input: 'https://www.loom.com/share/folder/997db4db046f43e5912f10dc5f817b5c', platform: 'loom', canonical: 'https://www.loom.com/share/folder/997db4db046f43e5912f10dc5f817b5c', denotes: 'page' },
    { input: 'https://www.loom.com/', platform: 'loom', canonical: 'https://www.loom.com/', denotes: 'page' },
    { input: 'https://loom.com/pricing?utm_source=x', platform: 'loom', canonical: 'https://www.loom.com/pricing', denotes: 'page' },
    { input: 'https://www.loom.com/share/5c1e2d3f', platform: 'loom', canonical: 'https://www.loom.com/share/5c1e2d3f', denotes: 'page' },
  ]);

  samePost([SHARE, `https://loom.com/embed/${ID}?t=3`, `https://www.loom.com/share/Tide-tables-${ID}?sid=abc`]);
});

describe('loom matching traps', () => {
  canonicalTable([
    { input: `https://loom.com.evil.test/share/${ID}`, platform: 'none', canonical: `https://loom.com.evil.test/share/${ID}` },
    { input: `https://www.loom.com@evil.test/share/${ID}`, platform: 'none', canonical: `https://evil.test/share/${ID}` },
    { input: `https://useloom.com/share/${ID}`, platform: 'none', canonical: `https://useloom.com/share/${ID}` },
    { input: `https://cdn.loom.com/sessions/transcoded/${ID}.mp4`, platform: 'none', canonical: `https://cdn.loom.com/sessions/transcoded/${ID}.mp4` },
    { input: `https://evil.test/?u=${SHARE}`, platform: 'none', canonical: `https://evil.test/?u=${SHARE}` },
  ]);
});
