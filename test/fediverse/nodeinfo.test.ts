// NodeInfo reading over the real documents in ../shared/fixtures/upstream/nodeinfo (read in place):
// every document's software.name maps to its family or to none, and the well-known index links the
// 2.x document only on its own host.
import { expect } from 'chai';
import { familyOfSoftware } from '../../src/domain/platforms/fediverse-software.js';
import { documentHref, softwareName } from '../../src/infrastructure/platforms/fediverse/nodeinfo.js';
import { captureFiles, describeCaptures, readCapture } from '../support/shared-fixtures.js';

describeCaptures('NodeInfo over the captures', () => {
  const FAMILY: Record<string, string | undefined> = {
    'diasporanodeinfo-nodeinfo-2.0-lemmy-0.18.5-lemmy.world.json': 'lemmy',
    'diasporanodeinfo-nodeinfo-2.0-mastodon.social-4.1.5-2023-07.json': 'mastodon',
    'diasporanodeinfo-nodeinfo-2.0-pleroma-2.5.51-shitposter.club.json': 'pleroma',
    'firefish-nodeinfo-2.0-mastodon.social-4.3.0-nightly-2024-04.json': 'mastodon',
    'firefish-nodeinfo-2.0-peertube-5.0.0-video.blender.org.json': 'peertube',
    'firefish-nodeinfo-2.0-pixelfed-0.12.0.json': 'pixelfed',
    'firefish-nodeinfo-2.1-catodon-misskey-family-REDACTED.json': 'misskey',
    'firefish-nodeinfo-2.1-meisskey-misskey-fork-REDACTED.json': 'misskey',
    'rebased-nodeinfo-2.0-mastodon-4.1.0-mastodon.social-2023-03.json': 'mastodon',
  };

  it('maps every captured document\'s software.name to its family', () => {
    const files = captureFiles('nodeinfo', /nodeinfo-2\.\d-.*\.json$/);
    expect(files).to.have.members(Object.keys(FAMILY));
    for (const file of files) expect(familyOfSoftware(softwareName(JSON.parse(readCapture('nodeinfo', file)))), file).to.equal(FAMILY[file]);
  });

  it('follows the well-known index to its 2.0 document on the same host, and not to any other host', () => {
    const index = JSON.parse(readCapture('nodeinfo', 'rebased-well-known-nodeinfo-mastodon-EDITED-host.json'));
    expect(documentHref(index, 'mastodon.example.org')).to.equal('https://mastodon.example.org/nodeinfo/2.0');
    expect(documentHref(index, 'other.example')).to.equal(undefined);
  });
});

describe('NodeInfo index', () => {
  it('prefers the highest 2.x schema, and ignores 1.x and non-https links', () => {
    const link = (minor: string, href: string) => ({ rel: `http://nodeinfo.diaspora.software/ns/schema/${minor}`, href });
    expect(documentHref({ links: [link('1.0', 'https://a.example/1.0'), link('2.0', 'https://a.example/2.0'), link('2.1', 'https://a.example/2.1')] }, 'a.example')).to.equal('https://a.example/2.1');
    expect(documentHref({ links: [link('1.0', 'https://a.example/1.0')] }, 'a.example')).to.equal(undefined);
    expect(documentHref({ links: [link('2.0', 'http://a.example/2.0')] }, 'a.example')).to.equal(undefined);
  });

  it('maps forks to their family, mixed case included, and other software to none', () => {
    expect(['Sharkey', 'akkoma', 'glitchsoc', 'hometown', 'Iceshrimp', 'wordpress', 'mbin', undefined].map(familyOfSoftware)).to.deep.equal([
      'misskey',
      'pleroma',
      'mastodon',
      'mastodon',
      'misskey',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
