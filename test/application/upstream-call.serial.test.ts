// The guarded upstream call (src/application/upstream-call.ts): every way a call fails becomes a
// reason through the one error→reason mapping, with one log line; an adapter's strategy chain maps a
// thrown error with that same function, so a reason never depends on where the error was caught.
import { expect } from 'chai';
import { UPSTREAM_ERROR_CODES, UpstreamError, type UpstreamErrorCode } from '../../src/application/errors.js';
import type { PlatformGuard } from '../../src/application/ports/platform-guard.port.js';
import { reasonForError, UpstreamCall } from '../../src/application/upstream-call.js';
import { firstCard } from '../../src/infrastructure/platforms/kit/strategies.js';
import { testGuard } from '../support/guard.js';
import { guardScopeOf } from '../../src/application/guard-scope.js';
import { collectingLogger } from '../support/redis.js';

const TWITTER = guardScopeOf({ id: 'twitter' });
const CODES = Object.keys(UPSTREAM_ERROR_CODES) as UpstreamErrorCode[];

describe('upstream call', () => {
  describe('reasonForError', () => {
    it('when the upstream took too long, or the budget ran out, the reason is timeout; any other failure upstream-error', () => {
      const reasons = Object.fromEntries(CODES.map((code) => [code, reasonForError(new UpstreamError(code))]));
      expect(reasons).to.deep.equal({
        UPSTREAM_NETWORK: 'upstream-error',
        UPSTREAM_TIMEOUT: 'timeout',
        UPSTREAM_TOO_LARGE: 'upstream-error',
        UPSTREAM_HOST_REFUSED: 'upstream-error',
        UPSTREAM_TOO_MANY_REDIRECTS: 'upstream-error',
        UPSTREAM_NOT_RECORDED: 'upstream-error',
        UPSTREAM_BAD_RESPONSE: 'upstream-error',
      });
      expect(reasonForError(new TypeError('a bug'))).to.equal('upstream-error');
      expect(reasonForError(new UpstreamError('UPSTREAM_NETWORK'), true)).to.equal('timeout');
    });

    it('when the one strategy of an adapter throws, the chain throws it on and the call gives the reason reasonForError gives, for every code', async () => {
      for (const code of CODES) {
        const call = new UpstreamCall(testGuard(), collectingLogger());
        const chained = await call.run(TWITTER, 1000, (signal) => firstCard([{ name: 'only', run: async () => Promise.reject(new UpstreamError(code)) }], signal), undefined);
        expect(chained, code).to.deep.equal({ ok: false, reason: reasonForError(new UpstreamError(code)) });
      }
    });
  });

  describe('run', () => {
    it('when the work throws an UpstreamError, answers its reason and logs it once at info with its code', async () => {
      const logger = collectingLogger();
      const call = new UpstreamCall(testGuard(), logger);
      const answer = await call.run(TWITTER, 1000, async () => Promise.reject(new UpstreamError('UPSTREAM_TIMEOUT', 'api.x.com did not answer in time')), 'req-upstream-1');
      expect(answer).to.deep.equal({ ok: false, reason: 'timeout' });
      expect(logger.lines.map(({ level, message, fields }) => ({ level, message, fields }))).to.deep.equal([
        { level: 'info', message: 'upstream failed', fields: { platform: 'twitter', reason: 'timeout', code: 'UPSTREAM_TIMEOUT', err: 'UpstreamError: api.x.com did not answer in time', reqId: 'req-upstream-1' } },
      ]);
    });

    it('when the work throws anything else, answers upstream-error and logs an error (a bug, not the upstream)', async () => {
      const logger = collectingLogger();
      const answer = await new UpstreamCall(testGuard(), logger).run(TWITTER, 1000, async () => Promise.reject(new TypeError('x is undefined')), undefined);
      expect(answer).to.deep.equal({ ok: false, reason: 'upstream-error' });
      expect(logger.lines.map((line) => [line.level, line.message])).to.deep.equal([['error', 'adapter threw an unexpected error']]);
    });

    it('when the budget runs out first, answers timeout at once and aborts the work', async () => {
      let aborted = false;
      const started = performance.now();
      const answer = await new UpstreamCall(testGuard(), collectingLogger()).run(
        TWITTER,
        30,
        (signal) =>
          new Promise<{ ok: true }>((resolve) => {
            signal.addEventListener('abort', () => (aborted = true));
            setTimeout(() => resolve({ ok: true }), 5000).unref();
          }),
        undefined,
      );
      expect(answer).to.deep.equal({ ok: false, reason: 'timeout' });
      expect(aborted).to.equal(true);
      expect(performance.now() - started).to.be.below(2000);
    });

    it('when the guard refuses, answers its reason marked refused (no call was made)', async () => {
      const refusing: PlatformGuard = { run: async () => ({ admitted: false, reason: 'circuit-open' }), isOpen: () => true, openHosts: () => 0 };
      let called = false;
      const answer = await new UpstreamCall(refusing, collectingLogger()).run(TWITTER, 1000, async () => ((called = true), { ok: true as const }), undefined);
      expect(answer).to.deep.equal({ ok: false, reason: 'circuit-open', refused: true });
      expect(called).to.equal(false);
    });

    it('when the work answers, gives its answer as it is', async () => {
      const answer = await new UpstreamCall(testGuard(), collectingLogger()).run(TWITTER, 1000, async () => ({ ok: true as const, card: 'x' }), undefined);
      expect(answer).to.deep.equal({ ok: true, card: 'x' });
    });
  });
});
