// The README's sample answers, computed: each sample URL resolved by the composed service in replay
// mode over its platform's fixtures (test/platforms/<id>/fixtures), with the memory cache.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { compose } from '../src/container.js';
import { ResolveUseCase } from '../src/application/use-cases/resolve.js';

export interface Sample {
  /** The marker's name in README.md. */
  name: string;
  platform: string;
  url: string;
}

export const SAMPLES: readonly Sample[] = [
  { name: 'bluesky-image', platform: 'bluesky', url: 'https://fxbsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab/' },
  { name: 'x-poll', platform: 'twitter', url: 'https://x.com/marta_bakes/status/1790000000000000117' },
  { name: 'bluesky-quote', platform: 'bluesky', url: 'https://bsky.app/profile/heidi.test/post/3lphrwm2222aa' },
  { name: 'reddit-poll', platform: 'reddit', url: 'https://www.reddit.com/r/gardening/comments/1qpol15/' },
];

const PLATFORM_TESTS = fileURLToPath(new URL('../test/platforms/', import.meta.url));

/** Each sample's answer as the README shows it (two-space JSON), by name. */
export async function readmeSamples(samples: readonly Sample[] = SAMPLES): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const sample of samples) {
    const config = loadConfig({ UPSTREAM_REPLAY_DIR: `${PLATFORM_TESTS}${sample.platform}/fixtures`, API_KEYS: 'samples', LOG_LEVEL: 'silent' }, () => 'samples');
    const { container, close } = compose(config);
    try {
      const answer = await container.resolve(ResolveUseCase).execute(sample.url, {});
      if (!answer.ok) throw new Error(`${sample.name}: ${answer.error}`);
      out.set(sample.name, JSON.stringify(answer.result, null, 2));
    } finally {
      await close();
    }
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
