// StandardOutput over a stream whose writes complete only when the test says (a reader that stalls,
// then catches up) or fail (a reader gone): it never blocks or throws, bounds what it queues, says
// how many lines it dropped, and tells when what was written has gone out.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { StandardOutput } from '../../src/infrastructure/logging/standard-output.js';

/** A stream whose chunks complete only on `release()`, or fail on `fail()`. */
function heldStream() {
  const held: ((error?: Error) => void)[] = [];
  const received: string[] = [];
  const stream = new Writable({
    highWaterMark: 16,
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      received.push(chunk);
      held.push(done);
    },
  });
  return {
    stream,
    received,
    release: () => {
      while (held.length) held.shift()!();
    },
    fail: () => held.shift()?.(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
  };
}

describe('StandardOutput', () => {
  it('when the reader stalls, lines past the backlog are dropped, and their count is written once it catches up', async () => {
    const { stream, received, release } = heldStream();
    const output = new StandardOutput(stream, 100);
    for (let i = 0; i < 10; i++) output.write(`${'x'.repeat(40)}-${i}\n`);
    // 40-odd characters a line: the first three fit under 100 queued, the rest are dropped.
    for (let round = 0; round < 10; round++) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const lines = received.join('').split('\n').filter(Boolean);
    expect(lines.slice(0, 3).map((l) => l.slice(-2))).to.deep.equal(['-0', '-1', '-2']);
    expect(lines).to.have.length(4);
    expect(JSON.parse(lines[3]!)).to.include({ level: 40, dropped: 7 });
  });

  it('when the reader is gone, the error is heard, nothing throws, and later lines are not written', async () => {
    const { stream, received, fail } = heldStream();
    const output = new StandardOutput(stream);
    output.write('first\n');
    fail();
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => output.write('second\n')).not.to.throw();
    expect(received).to.deep.equal(['first\n']);
    const started = Date.now();
    await output.written(5_000);
    expect(Date.now() - started).to.be.below(1_000);
  });

  it('when lines are still queued, written resolves once they go out, or at its deadline', async () => {
    const { stream, release } = heldStream();
    const output = new StandardOutput(stream);
    output.write('queued\n');
    let started = Date.now();
    await output.written(300);
    expect(Date.now() - started).to.be.at.least(250);
    started = Date.now();
    setTimeout(release, 50);
    await output.written(5_000);
    expect(Date.now() - started).to.be.below(2_000);
  });
});
