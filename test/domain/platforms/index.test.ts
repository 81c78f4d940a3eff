import { expect } from 'chai';
import { createPlatformRules } from '../../../src/domain/platforms/index.js';
import { isPlatformId } from '../../../src/domain/platforms/platform-id.js';

describe('domain platforms index', () => {
  const rules = createPlatformRules();

  it('when asked about a name, knows the registry keys as platform ids and nothing else', () => {
    expect(isPlatformId('twitter')).to.equal(true);
    for (const name of ['none', 'Twitter', 'toString', '__proto__', '', 1]) expect(isPlatformId(name), String(name)).to.equal(false);
  });

  it('when listing the rules, gives every platform lower-case ASCII id and a #rrggbb theme colour', () => {
    for (const rule of rules) {
      expect(rule.id).to.match(/^[a-z][a-z0-9-]*$/);
      expect(rule.themeColor, rule.id).to.match(/^#[0-9a-f]{6}$/);
      expect(rule.name, rule.id).to.not.equal('');
    }
  });

  it('when listing the rules, never claims one host for two platforms', () => {
    const seen = new Map<string, string>();
    for (const rule of rules) {
      for (const host of rule.hosts) {
        expect(seen.get(host), `${host} claimed by ${seen.get(host)} and ${rule.id}`).to.equal(undefined);
        seen.set(host, rule.id);
      }
    }
  });

  it('when given extra Mastodon instances, adds them beside the defaults', () => {
    const mastodon = createPlatformRules({ mastodonInstances: ['social.example'] }).find((rule) => rule.id === 'mastodon');
    expect(mastodon?.hosts).to.include.members(['social.example', 'mastodon.social']);
  });
});
