import { expect } from 'chai';
import { createPlatformRules } from '../../../src/domain/platforms/index.js';
import { PLATFORM_IDS, isPlatformId } from '../../../src/domain/platforms/platform-id.js';

describe('domain platforms index', () => {
  const rules = createPlatformRules();
  const ids = rules.map((rule) => rule.id);

  it('when listing the rules, gives each platform id once', () => {
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('when listing the rules, uses only ids from PLATFORM_IDS', () => {
    for (const id of ids) expect(isPlatformId(id), id).to.equal(true);
  });

  it('when listing the rules, covers every id in PLATFORM_IDS', () => {
    expect([...ids].sort()).to.deep.equal([...PLATFORM_IDS].sort());
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
