// The README's sample answers, computed: each sample URL resolved by the composed service in replay
// mode over the shipped folder examples/replay (what `UPSTREAM_REPLAY_DIR=examples/replay npm start`
// answers), with the memory cache, so README cannot drift from the service or from the folder.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { compose } from '../src/container.js';
import type { MediaMode } from '../src/domain/media-token-policy.js';
import { ResolveUseCase } from '../src/application/use-cases/resolve.js';

export interface Sample {
  /** The marker's name in README.md. */
  name: string;
  url: string;
  media?: MediaMode;
}

export const SAMPLES: readonly Sample[] = [
  { name: 'bluesky-image', url: 'https://fxbsky.app/profile/nora.test/post/3lqlighthouse2/' },
  { name: 'x-poll', url: 'https://x.com/ines_bakes/status/1861000000000000117' },
  { name: 'bluesky-quote', url: 'https://bsky.app/profile/ines.test/post/3lphrwm2222aa' },
  { name: 'reddit-poll', url: 'https://www.reddit.com/r/gardening/comments/1rpol15/' },
  { name: 'youtube-video', url: 'https://www.youtube.com/watch?v=Qx4sT8uVw2x' },
  { name: 'youtube-age-restricted', url: 'https://www.youtube.com/watch?v=Ag4N0Card_8' },
  { name: 'tiktok-proxied', url: 'https://www.tiktok.com/@ines.bakes/video/7400000000000000202', media: 'proxied' },
];

export const EXAMPLES_DIR = fileURLToPath(new URL('../examples/replay/', import.meta.url));

/** A media token is sealed afresh for every answer (random nonce, its own expiry): the samples show it elided. */
const MEDIA_TOKEN = /\/v\/[A-Za-z0-9_-]+/g;

/** Each sample's answer as the README shows it (two-space JSON), by name. */
export async function readmeSamples(samples: readonly Sample[] = SAMPLES): Promise<Map<string, string>> {
  const config = loadConfig({ UPSTREAM_REPLAY_DIR: EXAMPLES_DIR, API_KEYS: 'samples', LOG_LEVEL: 'silent' }, () => 'samples');
  const { container, close } = compose(config);
  const out = new Map<string, string>();
  try {
    for (const sample of samples) {
      const answer = await container.resolve(ResolveUseCase).execute(sample.url, sample.media ? { media: sample.media } : {});
      if (!answer.ok) throw new Error(`${sample.name}: ${answer.error}`);
      out.set(sample.name, JSON.stringify(answer.result, null, 2).replace(MEDIA_TOKEN, '/v/…'));
    }
  } finally {
    await close();
  }
  return out;
}

// An empty block (a new sample not yet written) matches too, so --write can fill it.
const BLOCK = /<!-- sample:([a-z0-9-]+) -->\n```json\n([\s\S]*?)\n?```\n<!-- \/sample -->/g;

/** The sample blocks written in a README, by name. */
export function sampleBlocks(readme: string): Map<string, string> {
  return new Map([...readme.matchAll(BLOCK)].map((m) => [m[1]!, m[2]!]));
}

/** The README with each named block's JSON replaced by the computed one. */
export function replaceSamples(readme: string, computed: ReadonlyMap<string, string>): string {
  return readme.replace(BLOCK, (whole, name: string) => {
    const json = computed.get(name);
    return json === undefined ? whole : `<!-- sample:${name} -->\n\`\`\`json\n${json}\n\`\`\`\n<!-- /sample -->`;
  });
}
