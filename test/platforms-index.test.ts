// The platform registry as the composition builds it: one adapter instance per platform for the
// process, and short links expanded exactly where `/platforms` says so. That every platform has a
// spec and an adapter is the compiler's to prove (`satisfies Record<PlatformId, …>`).
import { expect } from 'chai';
import { PLATFORMS, type Platforms } from '../src/application/platforms.js';
import { loadConfig } from '../src/config/config.js';
import { compose } from '../src/container.js';
import { capabilitiesOf } from '../src/domain/platforms/platform-spec.js';

describe('platform registry', () => {
  // Through the composition root, so every adapter's constructor injection is proven too.
  const { container, close } = compose(loadConfig({}, () => 'k'));
  const platforms = container.resolve<Platforms>(PLATFORMS);
  after(() => close());

  it('when resolved twice, gives each platform the same adapter instance (its tokens are shared by every route)', () => {
    const again = container.createChildContainer().resolve<Platforms>(PLATFORMS);
    for (const spec of platforms.specs) {
      expect(platforms.adapter(spec.id), spec.id).to.not.equal(undefined);
      expect(again.adapter(spec.id), spec.id).to.equal(platforms.adapter(spec.id));
    }
  });

  it('when a spec has short-link routes, its adapter reads short links, and one without has no reader', () => {
    for (const spec of platforms.specs) {
      expect(typeof platforms.adapter(spec.id)?.readShortLink === 'function', spec.id).to.equal(capabilitiesOf(spec).shortLinks);
    }
  });
});
