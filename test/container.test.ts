// The composition root: what is shared within one composition, and what is not shared across two.
import { expect } from 'chai';
import { ResolveUseCase } from '../src/application/use-cases/resolve.js';
import { loadConfig } from '../src/config/config.js';
import { compose } from '../src/container.js';

describe('composition', () => {
  it('when several parts ask for the resolve use case, they get one instance (one single-flight)', async () => {
    const { container, close } = compose(loadConfig({}, () => 'k'));
    expect(container.resolve(ResolveUseCase)).to.equal(container.resolve(ResolveUseCase));
    expect(container.createChildContainer().resolve(ResolveUseCase)).to.equal(container.resolve(ResolveUseCase));
    await close();
  });

  it('when two compositions exist (two instances in one test process), each has its own', async () => {
    const a = compose(loadConfig({}, () => 'k'));
    const b = compose(loadConfig({}, () => 'k'));
    expect(a.container.resolve(ResolveUseCase)).not.to.equal(b.container.resolve(ResolveUseCase));
    await Promise.all([a.close(), b.close()]);
  });
});
