// GET /api/v1/info: the build (version from package.json, commit from POSTLENS_COMMIT or the
// checkout's HEAD), start time and uptime, platforms, cache backend, Node — behind the key, with
// nothing secret in it.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { TEST_KEY, TestApp } from '../support/app.js';
import { describeWithRedis, REDIS_URL, uniquePrefix } from '../support/redis.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

async function infoOf(env: Record<string, string>): Promise<{ status: number; body: any; text: string }> {
  const app = await TestApp.start(env);
  try {
    const res = await app.get('/api/v1/info');
    return { status: res.status, body: res.body, text: res.text };
  } finally {
    await app.close();
  }
}

describe('GET /api/v1/info', () => {
  it('tells the version, the commit POSTLENS_COMMIT names, start time, uptime, the platforms less the disabled ones, the memory backend and Node', async () => {
    const before = Date.now();
    const { status, body } = await infoOf({ POSTLENS_COMMIT: 'ABCDEF1234567', DISABLED_PLATFORMS: 'tiktok,vimeo' });
    expect(status).to.equal(200);
    expect(body.version).to.equal(PACKAGE.version);
    expect(body.commit).to.equal('abcdef1234567');
    expect(Date.parse(body.startedAt)).to.be.within(before - 1000, Date.now());
    expect(body.uptimeSeconds).to.be.a('number').and.to.be.within(0, 5);
    expect(body.platforms.ids).to.include('bluesky').and.not.to.include('tiktok').and.not.to.include('vimeo');
    expect(body.platforms.count).to.equal(body.platforms.ids.length);
    expect(body.cache).to.deep.equal({ backend: 'memory' });
    expect(body.node).to.equal(process.version);
  });

  it('without POSTLENS_COMMIT, reads the commit from the checkout it runs from', async () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const { body } = await infoOf({});
    expect(body.commit).to.equal(head);
  });

  it('without the key, answers 401', async () => {
    const app = await TestApp.start();
    try {
      expect((await app.get('/api/v1/info', { anonymous: true })).status).to.equal(401);
    } finally {
      await app.close();
    }
  });

  describeWithRedis('with Redis', () => {
    it('names the redis backend and no host, password or key', async () => {
      const url = REDIS_URL;
      const { body, text } = await infoOf({ REDIS_URL: url, REDIS_KEY_PREFIX: uniquePrefix('info') });
      expect(body.cache).to.deep.equal({ backend: 'redis' });
      expect(text).not.to.include(new URL(url).host);
      expect(text).not.to.include(TEST_KEY);
    });
  });
});
