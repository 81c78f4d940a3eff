// What the access tests share: the local internet with the recordings they resolve, its throwaway
// CA, proxies on loopback addresses of their own, and a credentials file written per test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { proxyEgress } from '../../src/application/access/egress.js';
import type { HostLookup } from '../../src/infrastructure/http/address-guard.js';
import { hostsOf, LocalInternet, startLocalProxy, throwawayCa, type LocalProxy, type ThrowawayCa } from '../support/local-internet.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/replay/', import.meta.url));

/** Recorded posts of three platforms with anonymous chains, one with media (TikTok). */
export const RECORDINGS = ['reddit-gallery', 'reddit-poll', 'bluesky-image', 'tiktok-video', 'x-video', 'x-poll', 'mastodon-poll'].map((name) => join(EXAMPLES, `${name}.json`));

export const POSTS = {
  redditGallery: 'https://www.reddit.com/r/woodworking/comments/1rgal03/',
  redditPoll: 'https://www.reddit.com/r/gardening/comments/1rpol15/',
  bluesky: 'https://bsky.app/profile/nora.test/post/3lqlighthouse2',
  tiktok: 'https://www.tiktok.com/@ines.bakes/video/7400000000000000202',
  x: 'https://x.com/nora_sails/status/1861000000000000201',
  xPoll: 'https://x.com/ines_bakes/status/1861000000000000117',
  mastodon: 'https://mastodon.social/@marta_kv/113900000000002020',
} as const;

/** A DNS that answers nothing: behind a proxy the service must not need one. */
export const noDns: HostLookup & { asked: string[] } = Object.assign(
  async (hostname: string) => {
    noDns.asked.push(hostname);
    throw Object.assign(new Error(`no DNS here (${hostname})`), { code: 'ENOTFOUND' });
  },
  { asked: [] as string[] },
);

export interface World {
  ca: ThrowawayCa;
  internet: LocalInternet;
  /** Proxies A, B, C, each tunnelling from its own loopback address. */
  proxies: { a: LocalProxy; b: LocalProxy; c: LocalProxy };
  /** Proxy G, a gateway with several users (`gatewayUsers`), each password `pw-{user}-S3CRET`. */
  gateway: LocalProxy;
  close(): Promise<void>;
}

export interface WorldOptions {
  passwords?: boolean;
  /** Names the local internet answers besides the recordings' (by rules): discovered servers. */
  extraNames?: readonly string[];
  /** The users of the gateway proxy G (default one, `gateway-user`). */
  gatewayUsers?: readonly string[];
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  // oauth.reddit.com has no recording: tests that use Reddit's OAuth sessions answer it with rules.
  const ca = throwawayCa([...hostsOf(RECORDINGS), 'oauth.reddit.com', ...(options.extraNames ?? [])]);
  const internet = await LocalInternet.start(RECORDINGS, ca);
  const credentials = (user: string) => (options.passwords ? { user, password: `pw-${user}-S3CRET` } : undefined);
  const gatewayUsers = (options.gatewayUsers ?? ['gateway-user']).map((user) => ({ user, password: `pw-${user}-S3CRET` }));
  const [a, b, c, g] = await Promise.all([
    startLocalProxy(internet, 'A', '127.0.0.11', credentials('proxy-user-a')),
    startLocalProxy(internet, 'B', '127.0.0.12', credentials('proxy-user-b')),
    startLocalProxy(internet, 'C', '127.0.0.13', credentials('proxy-user-c')),
    startLocalProxy(internet, 'G', '127.0.0.14', gatewayUsers),
  ]);
  return {
    ca,
    internet,
    proxies: { a: a!, b: b!, c: c! },
    gateway: g!,
    close: async () => {
      await Promise.all([a!.close(), b!.close(), c!.close(), g!.close()]);
      internet.close();
    },
  };
}

/**
 * The name the service gives a proxy: its host and port, and for one whose URL holds a user and
 * password a digest of that URL (never the user or password themselves).
 */
export function egressName(proxy: LocalProxy | string): string {
  const proxyUrl = typeof proxy === 'string' ? proxy : proxy.url;
  const url = new URL(proxyUrl);
  const base = `${url.hostname}:${url.port}`;
  if (!url.username) return base;
  const name = proxyEgress(proxyUrl).name;
  // The digest part is made of the whole URL, and shows nothing of its user or password.
  if (!name.startsWith(`${base}~`) || name.includes(decodeURIComponent(url.password)) || name.includes(decodeURIComponent(url.username))) throw new Error(`unexpected egress name ${name}`);
  return name;
}

export function credentialsFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'postlens-access-')), 'credentials.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}
