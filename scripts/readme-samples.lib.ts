// The sample answers of README.md and docs/api.md, computed: each sample request answered by the
// composed service over HTTP (a local server on 127.0.0.1) in replay mode over the shipped folder
// examples/replay (what `UPSTREAM_REPLAY_DIR=examples/replay npm start` answers), with the memory
// cache, so the documents can drift neither from the service nor from the folder.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/config.js';
import { compose } from '../src/container.js';
import { createRequestListener } from '../src/interfaces/http/listener.js';

/** The documents that hold sample blocks, relative to the repository; a sample may appear in several. */
export const SAMPLE_DOCUMENTS = ['README.md', 'docs/api.md'] as const;

export interface Sample {
  /** The marker's name in the documents. */
  name: string;
  /** The request's path and query; a body makes it a POST. */
  path: string;
  body?: unknown;
  /** `lines`: the answer's one array printed an item per line (a batch); otherwise two-space JSON. */
  layout?: 'lines';
}

const resolve = (url: string, query = '') => `/api/v1/resolve?url=${encodeURIComponent(url)}${query}`;

export const SAMPLES: readonly Sample[] = [
  { name: 'bluesky-image', path: resolve('https://fxbsky.app/profile/nora.test/post/3lqlighthouse2/') },
  { name: 'x-poll', path: resolve('https://x.com/ines_bakes/status/1861000000000000117') },
  { name: 'bluesky-quote', path: resolve('https://bsky.app/profile/ines.test/post/3lphrwm2222aa') },
  { name: 'reddit-poll', path: resolve('https://www.reddit.com/r/gardening/comments/1rpol15/') },
  { name: 'youtube-video', path: resolve('https://www.youtube.com/watch?v=Qx4sT8uVw2x') },
  { name: 'youtube-age-restricted', path: resolve('https://www.youtube.com/watch?v=Ag4N0Card_8') },
  { name: 'tiktok-proxied', path: resolve('https://www.tiktok.com/@ines.bakes/video/7400000000000000202', '&media=proxied') },
  { name: 'health', path: `/api/v1/health?url=${encodeURIComponent('https://bsky.app/profile/nora.test/post/3lqlighthouse2')}` },
  { name: 'batch', path: '/api/v1/resolve', body: { urls: ['https://bsky.app/profile/nora.test/post/3lqlighthouse2', 'not a url', 'https://example.org/a'] }, layout: 'lines' },
];

export const EXAMPLES_DIR = fileURLToPath(new URL('../examples/replay/', import.meta.url));

/** A media token is sealed afresh for every answer (random nonce, its own expiry): the samples show it elided. */
const MEDIA_TOKEN = /\/v\/[A-Za-z0-9_-]+/g;

/** Each sample's answer as the documents show it, by name. */
export async function readmeSamples(samples: readonly Sample[] = SAMPLES): Promise<Map<string, string>> {
  const config = loadConfig({ UPSTREAM_REPLAY_DIR: EXAMPLES_DIR, API_KEYS: 'samples', LOG_LEVEL: 'silent' }, () => 'samples');
  const { container, close } = compose(config);
  const server = createServer(createRequestListener(container)).listen(0, '127.0.0.1');
  const out = new Map<string, string>();
  try {
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const sample of samples) {
      const headers: Record<string, string> = { authorization: 'Bearer samples' };
      if (sample.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + sample.path, { method: sample.body === undefined ? 'GET' : 'POST', headers, body: sample.body === undefined ? undefined : JSON.stringify(sample.body) });
      if (res.status !== 200) throw new Error(`${sample.name}: answered ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as unknown;
      out.set(sample.name, (sample.layout === 'lines' ? itemPerLine(answer) : JSON.stringify(answer, null, 2)).replace(MEDIA_TOKEN, '/v/…'));
    }
  } finally {
    server.close();
    await close();
  }
  return out;
}

/** `{"results":[\n  {…},\n  {…}\n]}`: an object with one array, each item on its own line. */
function itemPerLine(answer: unknown): string {
  const [key, items] = Object.entries(answer as Record<string, unknown[]>)[0]!;
  return `{${JSON.stringify(key)}:[\n${items.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]}`;
}

// An empty block (a new sample not yet written) matches too, so --write can fill it.
const BLOCK = /<!-- sample:([a-z0-9-]+) -->\n```json\n([\s\S]*?)\n?```\n<!-- \/sample -->/g;

/** The sample blocks written in a document, by name. */
export function sampleBlocks(readme: string): Map<string, string> {
  return new Map([...readme.matchAll(BLOCK)].map((m) => [m[1]!, m[2]!]));
}

/** The document with each named block's JSON replaced by the computed one. */
export function replaceSamples(readme: string, computed: ReadonlyMap<string, string>): string {
  return readme.replace(BLOCK, (whole, name: string) => {
    const json = computed.get(name);
    return json === undefined ? whole : `<!-- sample:${name} -->\n\`\`\`json\n${json}\n\`\`\`\n<!-- /sample -->`;
  });
}
