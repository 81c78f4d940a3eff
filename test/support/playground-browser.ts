// The playground in a real browser: the whole service in replay mode on a loopback port (its
// PUBLIC_BASE_URL that address, so playableUrls point at it), and Debian's Chromium driven by
// playwright-core with a fresh profile. Nothing leaves the machine: requests to any host but
// 127.0.0.0/8 are answered by a drawn stand-in picture (the cards' avatars and photos) or aborted.
// Used by test/browser/playground.serial.test.ts and scripts/playground-screenshot.ts.
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { createRequestListener } from '../../src/interfaces/http/listener.js';

export const CHROMIUM = '/usr/bin/chromium';
export const PLAYGROUND_KEY = 'playground-key-0123456789abcdef';

export interface RunningService {
  base: string;
  close(): Promise<void>;
}

/** The service over a replay folder, listening on 127.0.0.1; `env` adds settings (CORS_ORIGINS). */
export async function startReplayService(replayDir: string, env: Record<string, string> = {}): Promise<RunningService> {
  // The service must know its own address (PUBLIC_BASE_URL) before it is composed: the server
  // listens on a port the kernel picks first, and hands requests to the service once it exists.
  let listener: RequestListener | undefined;
  const server = createServer((req, res) => (listener ? listener(req, res) : res.writeHead(503).end()));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ API_KEYS: PLAYGROUND_KEY, UPSTREAM_REPLAY_DIR: replayDir, PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', ...env });
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const { container, close } = compose(config, { logDestination: quiet });
  listener = createRequestListener(container);
  return {
    base,
    async close() {
      server.closeAllConnections();
      server.close();
      await close();
    },
  };
}

/** A tiny page server on another loopback address (another origin), for cross-origin fetches. */
export async function startOtherOrigin(host: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>another origin</title>'));
  server.listen(0, host);
  await once(server, 'listening');
  return { origin: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Chromium with a fresh profile, kept off the network; undefined when it is not installed. */
export async function launchChromium(): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const profile = mkdtempSync(join(tmpdir(), 'postlens-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
    viewport: { width: 1180, height: 820 },
  });
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (/^127\.\d+\.\d+\.\d+$/.test(url.hostname)) return route.continue();
    if (route.request().resourceType() === 'image') return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: standInPicture(url.pathname) });
    return route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A drawn picture standing in for a platform's image: sky, sea and a hue from the path. */
function standInPicture(path: string): string {
  let hue = 0;
  for (const char of path) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,88%)"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#s)"/><circle cx="610" cy="140" r="60" fill="hsl(45,95%,70%)"/>
<path d="M0 360 Q200 320 400 360 T800 350 V500 H0Z" fill="hsl(${(hue + 180) % 360},45%,38%)"/>
<rect x="180" y="170" width="36" height="200" fill="#f5f5f5"/><rect x="180" y="210" width="36" height="26" fill="#c0392b"/><rect x="172" y="150" width="52" height="24" fill="#333"/></svg>`;
}

/** Opens the playground with the key already in the page's localStorage (as a user's paste leaves it). */
export async function openPlayground(page: Page, base: string, postUrl?: string): Promise<void> {
  await page.addInitScript((key) => (globalThis as any).localStorage.setItem('postlens.apiKey', key), PLAYGROUND_KEY);
  await page.goto(postUrl ? `${base}/?url=${encodeURIComponent(postUrl)}` : `${base}/`);
}
