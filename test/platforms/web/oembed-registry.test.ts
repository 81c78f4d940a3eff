// The oEmbed registry as the `oembed-providers` package gives it (docs/design.md §3 "Chain", step 1): which
// endpoint answers for a URL, by its provider's schemes, found by host.
import { expect } from 'chai';
import { createRequire } from 'node:module';
import { installedOembedRegistry, OembedRegistry } from '../../../src/infrastructure/platforms/web/oembed-registry.js';

describe('web: the oEmbed registry', () => {
  const registry = installedOembedRegistry();

  it('is the installed package’s data: every provider whose scheme it lists is found for a URL of that scheme', () => {
    const providers = createRequire(import.meta.url)('oembed-providers/providers.json') as { endpoints: { schemes?: string[]; url: string }[] }[];
    let checked = 0;
    for (const provider of providers) {
      for (const endpoint of provider.endpoints) {
        for (const scheme of endpoint.schemes ?? []) {
          // A URL the scheme describes: each wildcard filled with a label (host) or a path segment.
          const [, host, path = '/'] = /^https?:\/\/([^/]+)(\/.*)?$/.exec(scheme) ?? [];
          // A scheme naming a fragment can never match: the URL asked is canonical, without one.
          if (!host || path.includes('#')) continue;
          const url = new URL(`https://${host.replaceAll('*', 'w1')}${path.replaceAll('*', 'seg')}`);
          const found = registry.endpointFor(url);
          expect(found, scheme).to.be.a('string');
          checked += 1;
        }
      }
    }
    expect(checked).to.be.above(500);
  });

  it('matches a scheme’s host wildcard as one label and its path wildcard as anything; http and https alike', () => {
    const small = new OembedRegistry([
      { provider_name: 'Pics', endpoints: [{ schemes: ['http://*.pics.example/photos/*'], url: 'https://pics.example/oembed.{format}' }] },
      { provider_name: 'Exact', endpoints: [{ schemes: ['https://exact.example/v/*/embed'], url: 'https://exact.example/oembed' }] },
    ]);
    expect(small.endpointFor(new URL('https://www.pics.example/photos/a/b?c=1'))).to.equal('https://pics.example/oembed.json');
    expect(small.endpointFor(new URL('https://pics.example/photos/a'))).to.equal(undefined);
    expect(small.endpointFor(new URL('https://a.b.pics.example/photos/a'))).to.equal(undefined);
    expect(small.endpointFor(new URL('https://exact.example/v/123/embed'))).to.equal('https://exact.example/oembed');
    expect(small.endpointFor(new URL('https://exact.example/v/123/other'))).to.equal(undefined);
    expect(small.endpointFor(new URL('https://unknown.example/v/1/embed'))).to.equal(undefined);
  });
});
