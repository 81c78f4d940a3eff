import { expect } from 'chai';
import { PLATFORM_ADAPTER, type PlatformAdapter } from '../src/application/ports/platform-adapter.port.js';
import { loadConfig } from '../src/config.js';
import { compose } from '../src/container.js';
import { PLATFORM_IDS } from '../src/domain/platforms/platform-id.js';
import { createPlatformRules } from '../src/domain/platforms/index.js';


describe('platform indexes', () => {
  const ruleIds = createPlatformRules().map((r) => r.id);
  // Through the composition root, so every adapter's constructor injection is proven too.
  const { container, close } = compose(loadConfig({}, () => 'k'));
  const adapters = container.resolveAll<PlatformAdapter>(PLATFORM_ADAPTER);
  const adapterIds = adapters.map((a) => a.id);
  after(() => close());

  it('the domain index lists every platform id once', () => {
    expect([...ruleIds].sort()).to.deep.equal([...PLATFORM_IDS].sort());
  });

  it('every adapter has URL rules, and every platform with URL rules has an adapter', () => {
    expect(new Set(adapterIds).size).to.equal(adapterIds.length);
    for (const id of adapterIds) expect(ruleIds).to.include(id);
    expect([...adapterIds].sort()).to.deep.equal([...ruleIds].sort());
  });

  it('each adapter is one instance for the whole process (its tokens are shared by every route)', () => {
    const again = container.createChildContainer().resolveAll<PlatformAdapter>(PLATFORM_ADAPTER);
    expect(again).to.have.length(adapters.length);
    again.forEach((adapter, i) => expect(adapter).to.equal(adapters[i]));
  });

  it('an adapter that expands short links can read them, and one that cannot says so', () => {
    for (const adapter of adapters) expect(typeof adapter.readShortLink === 'function', adapter.id).to.equal(adapter.capabilities.shortLinks);
  });
});
