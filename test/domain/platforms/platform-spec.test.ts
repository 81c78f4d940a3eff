import { expect } from 'chai';
import { PLATFORM_SPECS } from '../../../src/domain/platforms/index.js';
import { capabilitiesOf, type PlatformSpec } from '../../../src/domain/platforms/platform-spec.js';

describe('platform spec capabilities', () => {
  const base: PlatformSpec = PLATFORM_SPECS.tiktok;

  it('when the spec has a short-link route, says shortLinks; with post routes only, does not', () => {
    expect(capabilitiesOf(base).shortLinks).to.equal(true);
    expect(capabilitiesOf({ ...base, routes: base.routes.filter((route) => route.denotes === 'post') }).shortLinks).to.equal(false);
  });

  it('when the spec lists media hosts and video cards, says proxy; without media hosts, or without video, does not', () => {
    expect(capabilitiesOf(base)).to.include({ video: true, proxy: true });
    expect(capabilitiesOf({ ...base, mediaHosts: [] })).to.include({ video: true, proxy: false });
    expect(capabilitiesOf({ ...base, kinds: ['image', 'link'] })).to.include({ video: false, proxy: false });
  });

  it("when the platform's sensitive mark is read, says nsfw", () => {
    expect(capabilitiesOf(base).nsfw).to.equal(true);
    expect(capabilitiesOf({ ...base, nsfw: false }).nsfw).to.equal(false);
  });
});
