import { expect } from 'chai';
import { PLATFORM_IDS } from '../src/domain/platforms/platform-id.js';
import { createPlatformRules } from '../src/domain/platforms/index.js';
import { PLATFORM_ADAPTER_CLASSES } from '../src/infrastructure/platforms/index.js';
import { testHttpClient } from './support/http.js';

// Platforms recognised and canonicalised whose adapters land with a later issue (they answer
// `degraded` / `unsupported` until then). Shrinks to empty as adapters arrive.
const RECOGNISED_ONLY = ['reddit', 'facebook'];

describe('platform indexes', () => {
  const ruleIds = createPlatformRules().map((r) => r.id);
  const adapterIds = PLATFORM_ADAPTER_CLASSES.map((Adapter) => new Adapter(testHttpClient(), createPlatformRules()).id);

  it('the domain index lists every platform id once', () => {
    expect([...ruleIds].sort()).to.deep.equal([...PLATFORM_IDS].sort());
  });

  it('every adapter has URL rules, and the rules without an adapter are exactly the recognised-only list', () => {
    expect(new Set(adapterIds).size).to.equal(adapterIds.length);
    for (const id of adapterIds) expect(ruleIds).to.include(id);
    expect(ruleIds.filter((id) => !adapterIds.includes(id)).sort()).to.deep.equal([...RECOGNISED_ONLY].sort());
  });
});
