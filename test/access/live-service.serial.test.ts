// The service as it runs in production — a child process in live mode, its own undici, TLS checked
// against a CA it trusts only through NODE_EXTRA_CA_CERTS, no DNS of its own — reaching the local
// HTTPS internet through local CONNECT proxies that ask for a password (issue 24, point 7): the
// chains of four platforms end to end (Reddit's JSON view, Bluesky's two API calls, TikTok's page
// and its video through /v/, X's syndication answer and its MP4 through /v/), each through the way
// out the file gives it; then SIGHUP (point 5): a new file is used at once, an invalid one refused
// with one log line and the old set kept.
import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { ServiceProcess } from '../lifecycle/service-process.js';
import { registerSecret } from '../support/secret-scan.js';
import { credentialsFile, POSTS, startWorld, type World } from './harness.js';

const API_KEY = 'live-access-test-key-0123456789';
const PROXY_SECRET = 'live-access-proxy-secret-0123456789abcdef';

describe('access: the live service through local proxies', function () {
  this.timeout(60_000);
  let world: World;
  let service: ServiceProcess | undefined;
  let file: string;

  before(async () => {
    world = await startWorld({ passwords: true });
    for (const proxy of Object.values(world.proxies)) registerSecret(decodeURIComponent(new URL(proxy.url).password), `proxy ${proxy.name}'s password`);
    file = credentialsFile({ reddit: { proxies: [world.proxies.a.url] }, tiktok: { proxies: [world.proxies.b.url] } });
    service = await ServiceProcess.start({
      env: { API_KEYS: API_KEY, PROXY_SECRET, UPSTREAM_PROXY: world.proxies.c.url, PLATFORM_CREDENTIALS_FILE: file, NODE_EXTRA_CA_CERTS: world.ca.caFile },
    });
  });
  after(async () => {
    await service?.kill();
    await world.close();
  });

  async function get(path: string, authorized = true): Promise<{ status: number; body: Record<string, unknown>; bytes: number }> {
    const response = await fetch(`${service!.baseUrl}${path}`, { headers: authorized ? { authorization: `Bearer ${API_KEY}` } : {} });
    const buffer = Buffer.from(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.includes('json') ? (JSON.parse(buffer.toString('utf8')) as Record<string, unknown>) : {};
    return { status: response.status, body: json, bytes: buffer.length };
  }
  const resolve = (url: string, media = '') => get(`/api/v1/resolve?url=${encodeURIComponent(url)}${media}`);
  const via = (host: string) => world.internet.seen.filter((r) => r.host === host).map((r) => r.via);

  it('resolves four platforms’ chains in live mode, each through its egress, and streams their media through the same', async () => {
    const reddit = await resolve(POSTS.redditGallery);
    expect(reddit.body).to.include({ status: 'ok', platform: 'reddit', kind: 'gallery' });
    const bluesky = await resolve(POSTS.bluesky);
    expect(bluesky.body).to.include({ status: 'ok', platform: 'bluesky', kind: 'image' });
    const tiktok = await resolve(POSTS.tiktok, '&media=proxied');
    expect(tiktok.body).to.include({ status: 'ok', platform: 'tiktok', kind: 'video' });
    const x = await resolve(POSTS.x, '&media=proxied');
    expect(x.body).to.include({ status: 'ok', platform: 'twitter', kind: 'video' });
    for (const card of [tiktok.body, x.body]) {
      const playable = new URL((card['video'] as { playableUrl: string }).playableUrl);
      const media = await get(playable.pathname, false);
      expect(media.status).to.equal(200);
      expect(media.bytes).to.be.greaterThan(0);
    }
    expect(via('www.reddit.com')).to.deep.equal(['A']);
    expect(via('public.api.bsky.app')).to.deep.equal(['C', 'C']);
    expect(via('www.tiktok.com')).to.deep.equal(['B']);
    expect(via('v16-webapp-prime.tiktok.com')).to.deep.equal(['B']);
    expect(via('cdn.syndication.twimg.com')).to.deep.equal(['C']);
    expect(via('video.twimg.com')).to.deep.equal(['C']);
    expect(world.proxies.a.connects.every((target) => target === 'www.reddit.com:443')).to.equal(true);
    const answers = JSON.stringify([reddit.body, bluesky.body, tiktok.body, x.body]);
    for (const proxy of Object.values(world.proxies)) expect(answers).not.to.include(decodeURIComponent(new URL(proxy.url).password));
  });

  it('on SIGHUP uses a new file at once, and refuses an invalid one with one log line, keeping the set in use', async () => {
    writeFileSync(file, JSON.stringify({ reddit: { proxies: [world.proxies.b.url] }, twitter: { proxies: [world.proxies.b.url] } }));
    service!.signal('SIGHUP');
    const read = await service!.waitFor((line) => line.msg === 'credentials file read again');
    expect(read).to.include({ platforms: 2, sessions: 0, proxies: 2 });
    world.internet.reset();
    expect((await resolve(POSTS.redditPoll)).body).to.include({ status: 'ok' });
    expect(via('www.reddit.com')).to.deep.equal(['B']);

    writeFileSync(file, JSON.stringify({ reddit: { proxies: ['socks5://user:SECRET-IN-BAD-FILE@127.0.0.1:1080'] } }));
    service!.signal('SIGHUP');
    const refused = await service!.waitFor((line) => line.msg.startsWith('credentials file refused'));
    expect(refused['problems']).to.deep.equal(['PLATFORM_CREDENTIALS_FILE: reddit.proxies[0] must be an http: or https: proxy URL']);
    expect(service!.lines.filter((line) => line.msg.startsWith('credentials file refused'))).to.have.length(1);
    expect(JSON.stringify(service!.lines)).not.to.include('SECRET-IN-BAD-FILE');
    // X's proxy from the file that was read is still the one in use.
    world.internet.reset();
    expect((await resolve(POSTS.xPoll)).body).to.include({ status: 'ok' });
    expect(via('cdn.syndication.twimg.com')).to.deep.equal(['B']);
  });
});
