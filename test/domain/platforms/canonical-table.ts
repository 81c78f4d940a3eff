// Runs a table of {input, platform, canonical} rows through acceptance and canonicalisation, and
// checks that each canonical URL is a fixed point with the same content id (one post, one cache key).
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize, type Canonical } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import type { PlatformId } from '../../../src/domain/platforms/platform-id.js';
import type { RegisteredSpec } from '../../../src/domain/platforms/registered-spec.js';

export interface Row {
  input: string;
  platform: PlatformId | 'none';
  canonical: string;
  /** What the URL is on its platform; checked when given. */
  denotes?: 'post' | 'short' | 'page';
  /** The ids adapters read; checked when given. */
  ids?: Record<string, string>;
}

function run(specs: readonly RegisteredSpec[], input: string): Canonical {
  const accepted = acceptUrl(input, 2048);
  if (!accepted.ok) throw new Error(`${input} was not accepted: ${accepted.error}`);
  return canonicalize(specs, accepted.url);
}

function contentIdOf(result: Canonical): string | undefined {
  return result.platform !== 'none' && result.match.denotes !== 'page' ? result.match.contentId : undefined;
}

export function canonicalTable(rows: readonly Row[], specs: readonly RegisteredSpec[] = createSpecList()): void {
  for (const row of rows) {
    it(`when given ${row.input}, answers ${row.platform} ${row.canonical}`, () => {
      const result = run(specs, row.input);
      expect({ platform: result.platform, canonicalUrl: result.canonicalUrl }).to.deep.equal({
        platform: row.platform,
        canonicalUrl: row.canonical,
      });
      if (row.denotes) expect(result.platform !== 'none' && result.match.denotes).to.equal(row.denotes);
      if (row.ids) expect(result.platform !== 'none' && 'ids' in result.match && result.match.ids).to.deep.equal(row.ids);

      const again = run(specs, result.canonicalUrl);
      expect(again.canonicalUrl, 'canonicalising the canonical URL').to.equal(result.canonicalUrl);
      expect(again.platform).to.equal(result.platform);
      expect(contentIdOf(again), 'content id of the canonical URL').to.equal(contentIdOf(result));
    });
  }
}

/**
 * Checks that every input is a post of one platform with one content id (so one cache key), while
 * each keeps its own canonical URL when `canonicals` gives them (handles keep the URL's case).
 */
export function samePost(inputs: readonly string[], canonicals?: readonly string[], specs: readonly RegisteredSpec[] = createSpecList()): void {
  it(`when given ${inputs.join(' and ')}, gives them one content id`, () => {
    const results = inputs.map((input) => run(specs, input));
    const ids = results.map(contentIdOf);
    expect(ids[0], `${inputs[0]} is a post`).to.be.a('string');
    expect(ids).to.deep.equal(inputs.map(() => ids[0]));
    expect(new Set(results.map((r) => r.platform)).size).to.equal(1);
    if (canonicals) expect(results.map((r) => r.canonicalUrl)).to.deep.equal(canonicals);
  });
}
