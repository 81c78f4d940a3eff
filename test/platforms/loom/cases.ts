// Loom's rows for the shared suites (test/platforms/cases.ts). Loom has no short links.
import fc from 'fast-check';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one recording in 2–4 equivalent URLs.
const loomRecording = fc.record({ id: re(/^[0-9a-f]{32}$/), slug: re(/^[A-Za-z0-9][A-Za-z0-9-]{0,40}$/) }).chain(({ id, slug }) => {
  const form = fc.record({ host: hostFrom(hostsOf(specOf('loom'))), path: fc.constantFrom(`/share/${id}`, `/share/${slug}-${id}`, `/embed/${id}`) });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'loom', denotes: 'post', contentId: id, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.loom.com/share/folder/997db4db046f43e5912f10dc5f817b5c'],
  healthy: {
    url: 'https://www.loom.com/share/5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f',
    scenario: 'share',
    kind: 'video',
  },
  wellFormed: [
    'https://www.loom.com/share/5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f',
    'https://loom.com/share/5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f?sid=0b1c2d3e-0000-4000-8000-123456789abc',
    'https://www.loom.com/embed/5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f?hideEmbedTopBar=true',
    'https://www.loom.com/share/Quarterly-tide-table-walkthrough-5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f',
    'https://www.loom.com/share/' + 'f'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: loomRecording, shortLinks: [] },
};
