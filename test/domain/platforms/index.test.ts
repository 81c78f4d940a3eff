import { expect } from 'chai';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { isPlatformId } from '../../../src/domain/platforms/platform-id.js';

describe('domain platforms index', () => {
  const specs = createSpecList();

  it('when asked about a name, knows the registry keys as platform ids and nothing else', () => {
    expect(isPlatformId('twitter')).to.equal(true);
    for (const name of ['none', 'Twitter', 'toString', '__proto__', '', 1]) expect(isPlatformId(name), String(name)).to.equal(false);
  });

  it('when listing the specs, gives every platform lower-case ASCII id and a #rrggbb theme colour', () => {
    for (const spec of specs) {
      expect(spec.id).to.match(/^[a-z][a-z0-9-]*$/);
      expect(spec.themeColor, spec.id).to.match(/^#[0-9a-f]{6}$/);
      expect(spec.name, spec.id).to.not.equal('');
    }
  });

  it('when listing the specs, never claims one host for two platforms', () => {
    const seen = new Map<string, string>();
    for (const spec of specs) {
      for (const host of spec.hosts) {
        expect(seen.get(host), `${host} claimed by ${seen.get(host)} and ${spec.id}`).to.equal(undefined);
        seen.set(host, spec.id);
      }
    }
  });

  it('when given extra Mastodon instances, adds them beside the defaults', () => {
    const mastodon = createSpecList({ mastodonInstances: ['social.example'] }).find((spec) => spec.id === 'mastodon');
    expect(mastodon?.hosts).to.include.members(['social.example', 'mastodon.social']);
  });
});
