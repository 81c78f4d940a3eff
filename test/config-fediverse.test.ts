// The fediverse settings (docs/design.md §10): FEDIVERSE_INSTANCES as host=software, validated at start-up
// with a message naming the variable and the entry; FEDIVERSE_DISCOVERY and its rate per minute.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config/config.js';

describe('config: the fediverse', () => {
  it('when FEDIVERSE_INSTANCES names servers as host=software (forks included), maps each to its family', () => {
    const c = loadConfig({ FEDIVERSE_INSTANCES: 'Fedi.Example.=akkoma, shark.example=Sharkey,lemmy.example=lemmy,https://tube.example/=peertube' });
    expect(c.fediverse.instances).to.deep.equal([
      { host: 'fedi.example', id: 'pleroma' },
      { host: 'shark.example', id: 'misskey' },
      { host: 'lemmy.example', id: 'lemmy' },
      { host: 'tube.example', id: 'peertube' },
    ]);
  });

  for (const bad of ['fedi.example', 'fedi.example=wordpress', '=mastodon', 'a=b=c', 'localhost=mastodon']) {
    it(`when FEDIVERSE_INSTANCES holds "${bad}", stops start-up naming the variable and the entry`, () => {
      expect(() => loadConfig({ FEDIVERSE_INSTANCES: `ok.example=mastodon,${bad}` }))
        .to.throw(ConfigError)
        .with.property('message')
        .that.includes(`FEDIVERSE_INSTANCES entry "${bad}" must be host=software`);
    });
  }

  it('when nothing is set, discovery is on at 60 new hosts a minute and no server is added', () => {
    expect(loadConfig({}).fediverse).to.deep.equal({ instances: [], discovery: true, discoveryPerMinute: 60 });
  });

  it('when FEDIVERSE_DISCOVERY=false and FEDIVERSE_DISCOVERY_PER_MIN=5, says so; a rate that is no number stops start-up', () => {
    expect(loadConfig({ FEDIVERSE_DISCOVERY: 'false', FEDIVERSE_DISCOVERY_PER_MIN: '5' }).fediverse).to.include({ discovery: false, discoveryPerMinute: 5 });
    expect(() => loadConfig({ FEDIVERSE_DISCOVERY_PER_MIN: 'many' })).to.throw(ConfigError, /FEDIVERSE_DISCOVERY_PER_MIN must be a whole number/);
  });
});
