// The open-web settings (docs/design.md §10): WEB_CARDS, WEB_USER_AGENT, WEB_MAX_BYTES,
// WEB_PER_HOST_PER_MIN and WEB_DENY_HOSTS, read and validated at start-up with the others; a bad
// value stops start-up with a message naming the variable.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { defaultWebUserAgent } from '../src/config/web-config.js';

describe('config: the open web', () => {
  it('when nothing is set, web cards are off, 1 MiB is read, 60 requests a host a minute, no host denied, the default User-Agent', () => {
    expect(loadConfig({}).web).to.deep.equal({ cards: false, maxBytes: 1_048_576, perHostPerMinute: 60, denyHosts: [] });
    expect(defaultWebUserAgent('1.2.3', 'https://lens.example')).to.equal('Mozilla/5.0 (compatible; postlens/1.2.3; +https://lens.example)');
  });

  it('when each is set, reads it: deny hosts lower case, punycode, without stray dots', () => {
    const web = loadConfig({ WEB_CARDS: 'yes', WEB_USER_AGENT: 'Bot/1 (+https://bot.example)', WEB_MAX_BYTES: '65536', WEB_PER_HOST_PER_MIN: '5', WEB_DENY_HOSTS: ' Ads.Example , .tracker.example., bücher.example' }).web;
    expect(web).to.deep.equal({ cards: true, userAgent: 'Bot/1 (+https://bot.example)', maxBytes: 65536, perHostPerMinute: 5, denyHosts: ['ads.example', 'tracker.example', 'xn--bcher-kva.example'] });
  });

  for (const [name, value, message] of [
    ['WEB_CARDS', 'maybe', 'WEB_CARDS must be true or false'],
    ['WEB_MAX_BYTES', '1MB', 'WEB_MAX_BYTES must be a whole number'],
    ['WEB_MAX_BYTES', '10', 'WEB_MAX_BYTES must be at least 1024'],
    ['WEB_PER_HOST_PER_MIN', '0', 'WEB_PER_HOST_PER_MIN must be at least 1'],
    ['WEB_PER_HOST_PER_MIN', '-3', 'WEB_PER_HOST_PER_MIN must be a whole number'],
    ['WEB_USER_AGENT', 'Bot\u0007', 'WEB_USER_AGENT must be printable ASCII'],
    ['WEB_DENY_HOSTS', 'ok.example,https://bad.example/', 'WEB_DENY_HOSTS entry "https://bad.example/" is not a host name'],
  ] as const) {
    it(`when ${name}=${JSON.stringify(value)}, stops start-up naming the variable`, () => {
      expect(() => loadConfig({ [name]: value }))
        .to.throw(ConfigError)
        .with.property('message')
        .that.includes(message);
    });
  }
});
