// What the access tests share: the local internet with the recordings they resolve, its throwaway
// CA, proxies on loopback addresses of their own, and a credentials file written per test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostLookup } from '../../src/infrastructure/http/address-guard.js';
import { hostsOf, LocalInternet, startLocalProxy, throwawayCa, type LocalProxy, type ThrowawayCa } from '../support/local-internet.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/replay/', import.meta.url));

/** Recorded posts of three platforms with anonymous chains, one with media (TikTok). */
export const RECORDINGS = ['reddit-gallery', 'reddit-poll', 'bluesky-image', 'tiktok-video', 'x-video', 'x-poll'].map((name) => join(EXAMPLES, `${name}.json`));

export const POSTS = {
  redditGallery: 'https://www.reddit.com/r/woodworking/comments/1rgal03/',
  redditPoll: 'https://www.reddit.com/r/gardening/comments/1rpol15/',
  bluesky: 'https://bsky.app/profile/nora.test/post/3lqlighthouse2',
  tiktok: 'https://www.tiktok.com/@ines.bakes/video/7400000000000000202',
  x: 'https://x.com/nora_sails/status/1861000000000000201',
  xPoll: 'https://x.com/ines_bakes/status/1861000000000000117',
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
  close(): Promise<void>;
}

export async function startWorld(options: { passwords?: boolean } = {}): Promise<World> {
  // oauth.reddit.com has no recording: tests that use Reddit's OAuth sessions answer it with rules.
  const ca = throwawayCa([...hostsOf(RECORDINGS), 'oauth.reddit.com']);
  const internet = await LocalInternet.start(RECORDINGS, ca);
  const credentials = (user: string) => (options.passwords ? { user, password: `pw-${user}-S3CRET` } : undefined);
  const [a, b, c] = await Promise.all([
    startLocalProxy(internet, 'A', '127.0.0.11', credentials('proxy-user-a')),
    startLocalProxy(internet, 'B', '127.0.0.12', credentials('proxy-user-b')),
    startLocalProxy(internet, 'C', '127.0.0.13', credentials('proxy-user-c')),
  ]);
  return {
    ca,
    internet,
    proxies: { a: a!, b: b!, c: c! },
    close: async () => {
      await Promise.all([a!.close(), b!.close(), c!.close()]);
      internet.close();
    },
  };
}

/** The name the service gives a proxy: its host and port (never its user or password). */
export function egressName(proxy: LocalProxy): string {
  const url = new URL(proxy.url);
  return `${url.hostname}:${url.port}`;
}

export function credentialsFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'postlens-access-')), 'credentials.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}
