// The strategy chain every multi-route adapter runs through.
import { expect } from 'chai';
import { UpstreamError } from '../../../src/application/errors.js';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { firstCard, type Strategy } from '../../../src/infrastructure/platforms/kit/strategies.js';

const CARD: AdapterResult = { ok: true, card: { kind: 'link', title: 'found', nsfw: false } };

function strategy(name: string, outcome: AdapterResult | Error, ran: string[]): Strategy {
  return {
    name,
    run: async () => {
      ran.push(name);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
}

describe('firstCard', () => {
  const signal = new AbortController().signal;

  it('when the first strategy yields a card, runs no other', async () => {
    const ran: string[] = [];
    const result = await firstCard([strategy('a', CARD, ran), strategy('b', CARD, ran)], signal);
    expect(result).to.deep.equal(CARD);
    expect(ran).to.deep.equal(['a']);
  });

  it('when earlier strategies refuse or fail in transport, goes on to the one that yields a card', async () => {
    const ran: string[] = [];
    const result = await firstCard(
      [strategy('a', { ok: false, reason: 'blocked' }, ran), strategy('b', new UpstreamError('UPSTREAM_NETWORK', 'down'), ran), strategy('c', CARD, ran)],
      signal,
    );
    expect(result).to.deep.equal(CARD);
    expect(ran).to.deep.equal(['a', 'b', 'c']);
  });

  it('when all fail, answers the most telling reason and keeps the text a strategy obtained', async () => {
    const ran: string[] = [];
    const result = await firstCard(
      [
        strategy('a', new UpstreamError('UPSTREAM_TIMEOUT', 'slow'), ran),
        strategy('b', { ok: false, reason: 'blocked', partial: { title: 'From oEmbed' } }, ran),
        strategy('c', { ok: false, reason: 'rate-limited' }, ran),
      ],
      signal,
    );
    expect(result).to.deep.equal({ ok: false, reason: 'blocked', partial: { title: 'From oEmbed' } });
  });

  it('when a strategy says not-found, stops there by default', async () => {
    const ran: string[] = [];
    const result = await firstCard([strategy('a', { ok: false, reason: 'not-found' }, ran), strategy('b', CARD, ran)], signal);
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(ran).to.deep.equal(['a']);
  });

  it('when a strategy says private, goes on unless the adapter made private final', async () => {
    const ran: string[] = [];
    expect(await firstCard([strategy('a', { ok: false, reason: 'private' }, ran), strategy('b', CARD, ran)], signal)).to.deep.equal(CARD);
    const stopped = await firstCard([strategy('c', { ok: false, reason: 'private' }, ran), strategy('d', CARD, ran)], signal, { finalReasons: ['private'] });
    expect(stopped).to.deep.equal({ ok: false, reason: 'private' });
    expect(ran).to.deep.equal(['a', 'b', 'c']);
  });

  it('when every strategy throws a transport error, throws the one behind the most telling reason, for the use case to log with its code', async () => {
    const ran: string[] = [];
    const slow = new UpstreamError('UPSTREAM_TIMEOUT', 'slow');
    const error = await firstCard([strategy('a', new UpstreamError('UPSTREAM_BAD_RESPONSE', 'junk'), ran), strategy('b', slow, ran)], signal).catch((e: unknown) => e);
    expect(error).to.equal(slow);
    expect(ran).to.deep.equal(['a', 'b']);
  });

  it('when every strategy throws and one was refused by this service, throws the upstream\'s own failure; a refusal only when every one was refused', async () => {
    const ran: string[] = [];
    const refused = new UpstreamError('UPSTREAM_HOST_REFUSED');
    const down = new UpstreamError('UPSTREAM_NETWORK', 'down');
    expect(await firstCard([strategy('a', refused, ran), strategy('b', down, ran)], signal).catch((e: unknown) => e)).to.equal(down);
    expect(await firstCard([strategy('c', refused, ran), strategy('d', new UpstreamError('UPSTREAM_HOST_REFUSED'), ran)], signal).catch((e: unknown) => e)).to.equal(refused);
  });

  it('when one strategy answers and the others throw, answers the most telling reason rather than throwing', async () => {
    const ran: string[] = [];
    const result = await firstCard([strategy('a', new UpstreamError('UPSTREAM_NETWORK', 'down'), ran), strategy('b', { ok: false, reason: 'upstream-error' }, ran)], signal);
    expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when a strategy has a bug (not an upstream error), lets it propagate', async () => {
    const ran: string[] = [];
    const bug = new TypeError('x is undefined');
    const error = await firstCard([strategy('a', bug, ran), strategy('b', CARD, ran)], signal).catch((e: unknown) => e);
    expect(error).to.equal(bug);
    expect(ran).to.deep.equal(['a']);
  });

  it('when the budget has run out, starts no further strategy', async () => {
    const ran: string[] = [];
    const budget = new AbortController();
    const aborting: Strategy = {
      name: 'a',
      run: async () => {
        ran.push('a');
        budget.abort();
        return { ok: false, reason: 'blocked' };
      },
    };
    const result = await firstCard([aborting, strategy('b', CARD, ran)], budget.signal);
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(ran).to.deep.equal(['a']);
  });
});
