import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config/config.js';

describe('configuration', () => {
  it('when nothing is set outside production, uses the documented defaults and generates a dev key', () => {
    const c = loadConfig({}, () => 'generated-key');
    expect(c).to.include({
      port: 8080,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:8080',
      apiEnabled: true,
      proxyEnabled: true,
      redisKeyPrefix: 'postlens:',
      cacheTtlOk: 3600,
      cacheTtlDegraded: 60,
      cacheMaxEntries: 10000,
      rateLimitPoints: 120,
      rateLimitDuration: 60,
      publicRateLimitPoints: 300,
      maxBatch: 50,
      maxBodyBytes: 65536,
      maxUrlLength: 2048,
      upstreamTimeoutMs: 5000,
      resolveBudgetMs: 10000,
      upstreamMaxBytes: 5242880,
      breakerThreshold: 5,
      breakerCooldownS: 30,
      benchS: 300,
      proxyTokenTtl: 3600,
      apiKeyGenerated: true,
      trustProxy: false,
      maxConnections: 8000,
      maxConnectionsPerIp: 256,
      headersTimeoutMs: 10000,
      requestTimeoutMs: 30000,
      authFailPoints: 30,
    });
    expect(c.apiKeys).to.deep.equal(['generated-key']);
    expect(c.redis).to.equal(undefined);
  });

  it('when API_KEYS_FILE is set, reads one key per line, skipping blanks and # comments', () => {
    const dir = mkdtempSync(join(tmpdir(), 'postlens-keys-'));
    const file = join(dir, 'keys');
    writeFileSync(file, '# team keys\nkey-one\n\n  key-two  # laptop\n');
    const c = loadConfig({ API_KEYS: 'key-zero', API_KEYS_FILE: file });
    expect(c.apiKeys).to.deep.equal(['key-zero', 'key-one', 'key-two']);
    expect(c.apiKeyGenerated).to.equal(false);
  });

  it('when values are wrong, refuses to start, naming every variable at fault', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', MAX_BATCH: '0', TRUST_PROXY: 'maybe', REDIS_URL: 'http://nope' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'MAX_BATCH', 'TRUST_PROXY', 'REDIS_URL']) expect(message).to.include(name);
  });

  it('when SESSION_COOLDOWN_S is not a whole number of seconds from 1 to 3600, refuses to start, naming it', () => {
    expect(loadConfig({ SESSION_COOLDOWN_S: '60' }, () => 'k').benchS).to.equal(60);
    for (const bad of ['0', '-5', '3601', 'soon']) expect(() => loadConfig({ SESSION_COOLDOWN_S: bad }, () => 'k'), bad).to.throw(ConfigError, /SESSION_COOLDOWN_S/);
  });

  it('when in production without keys or proxy secret, refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).to.throw(ConfigError, /API_KEYS.*PROXY_SECRET/);
  });

  it('when DISABLED_PLATFORMS names an unknown platform, refuses to start', () => {
    expect(() => loadConfig({ DISABLED_PLATFORMS: 'twitter,myspace' })).to.throw(ConfigError, /myspace/);
  });

  it('when lists are given, trims and lower-cases them as needed', () => {
    const c = loadConfig({ API_KEYS: ' a , b ,', DISABLED_PLATFORMS: 'tiktok', MASTODON_INSTANCES: 'Social.Example, other.example' });
    expect(c.apiKeys).to.deep.equal(['a', 'b']);
    expect(c.disabledPlatforms).to.deep.equal(['tiktok']);
    expect(c.mastodonInstances).to.deep.equal(['social.example', 'other.example']);
  });
});
