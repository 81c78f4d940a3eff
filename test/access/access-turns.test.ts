// The choice of session and egress for one resolve, and what a refusal does (issue 24, points
// 3-4), on the real registry, scope and memory bench with adapters' answers scripted.
import { expect } from 'chai';
import { AccessRegistry } from '../../src/application/access/access-registry.js';
import { AccessScope } from '../../src/application/access/access-scope.js';
import { DIRECT, proxyEgress } from '../../src/application/access/egress.js';
import { AccessTurns, type Answer } from '../../src/application/access/access-turns.js';
import type { PlatformCredentials } from '../../src/application/credentials.js';
import { MemoryAccessBench } from '../../src/infrastructure/access/memory.access-bench.js';
import { collectingLogger } from '../support/redis.js';

function turns(credentials: PlatformCredentials, defaultProxy?: string) {
  const scope = new AccessScope(defaultProxy ? proxyEgress(defaultProxy) : DIRECT);
  const bench = new MemoryAccessBench(300_000, { now: () => 1_800_000_000_000 });
  const logger = collectingLogger();
  return { scope, bench, logger, turns: new AccessTurns(new AccessRegistry(credentials, defaultProxy), bench, scope, logger) };
}

/** Runs one resolve whose every try answers `answer(try)`, noting the session and egress of each try. */
async function resolveOnce(t: ReturnType<typeof turns>, answer: (attempt: number) => Answer) {
  const tries: string[] = [];
  const result = await t.turns.run('reddit', new AbortController().signal, async () => {
    // An anonymous, direct grant is not entered (nothing to carry): outside a grant is just that.
    const grant = t.scope.grant();
    tries.push(`${grant?.session?.name ?? 'anonymous'} via ${grant?.egress.name ?? 'direct'}`);
    return answer(tries.length);
  });
  return { result, tries };
}

const BLOCKED: Answer = { ok: false, reason: 'blocked' };

describe('access turns', () => {
  it('with nothing configured, asks once, directly, and benches nothing when refused', async () => {
    const t = turns({});
    const { result, tries } = await resolveOnce(t, () => BLOCKED);
    expect(result).to.deep.equal(BLOCKED);
    expect(tries).to.deep.equal(['anonymous via direct']);
    expect(t.logger.lines.filter((l) => l.message.endsWith('benched'))).to.deep.equal([]);
  });

  it('a session with a proxy of its own leaves through it; the others through the pool in turn', async () => {
    const t = turns({ reddit: { sessions: [{ name: 'own', clientId: 'a', clientSecret: 'b', proxy: 'http://10.0.0.9:3128' }, { name: 'pooled', clientId: 'c', clientSecret: 'd' }], proxies: ['http://10.0.0.1:3128', 'http://10.0.0.2:3128'] } });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) seen.push(...(await resolveOnce(t, () => ({ ok: true }))).tries);
    expect(seen).to.deep.equal(['own via 10.0.0.9:3128', 'pooled via 10.0.0.2:3128', 'own via 10.0.0.9:3128']);
  });

  it('after a refusal tries once more with the next session, not a third time', async () => {
    const t = turns({ reddit: { sessions: ['one', 'two', 'three'].map((name) => ({ name, clientId: name, clientSecret: 's' })), proxies: [] } });
    const { result, tries } = await resolveOnce(t, () => BLOCKED);
    expect(result).to.deep.equal(BLOCKED);
    expect(tries).to.deep.equal(['one via direct', 'two via direct']);
  });

  it('a session whose egress must come from a pool that is benched entirely is not used; nothing is asked', async () => {
    const t = turns({ reddit: { sessions: [{ name: 'pooled', clientId: 'c', clientSecret: 'd' }], proxies: ['http://10.0.0.1:3128'] } });
    await t.bench.bench('reddit', '10.0.0.1:3128', 'rate-limited');
    const { result, tries } = await resolveOnce(t, () => ({ ok: true }));
    expect(result).to.deep.equal({ ok: false, reason: 'rate-limited', unasked: true });
    expect(tries).to.deep.equal([]);
  });

  it('a statement about the post ends the resolve: no second try, nothing benched', async () => {
    const t = turns({ reddit: { sessions: [], proxies: ['http://10.0.0.1:3128', 'http://10.0.0.2:3128'] } });
    const { result, tries } = await resolveOnce(t, () => ({ ok: false, reason: 'not-found' }));
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(tries).to.have.length(1);
    expect((await t.bench.states('reddit', ['10.0.0.1:3128', '10.0.0.2:3128'])).size).to.equal(0);
  });

  it('the scope carries a grant that changes something, and leaves an anonymous request through the ambient egress as it is', async () => {
    const ambient = proxyEgress('http://10.0.0.1:3128');
    const scope = new AccessScope(ambient);
    const session = new AccessRegistry({ reddit: { sessions: [{ name: 's', clientId: 'a', clientSecret: 'b' }], proxies: [] } }, undefined).of('reddit').sessions[0]!;
    expect(await scope.run({ platform: 'reddit', egress: ambient }, async () => scope.grant())).to.equal(undefined);
    const other = proxyEgress('http://10.0.0.2:3128');
    expect((await scope.run({ platform: 'reddit', egress: other }, async () => scope.grant()))?.egress).to.equal(other);
    expect(await scope.run({ platform: 'reddit', session, egress: ambient }, async () => scope.credential('reddit'))).to.deep.equal({ clientId: 'a', clientSecret: 'b' });
    expect(await scope.run({ platform: 'reddit', session, egress: ambient }, async () => scope.credential('tiktok'))).to.equal(undefined);
  });
});
