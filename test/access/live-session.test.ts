// A session's cookies follow what the platform sets (issue 24, point 5), as a browser's would.
import { expect } from 'chai';
import { LiveSession, MAX_COOKIES } from '../../src/application/access/live-session.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('a session refreshed from Set-Cookie', () => {
  it('replaces a cookie set again, keeps a new one, drops one expired by Max-Age or a past Expires', () => {
    const session = new LiveSession({ name: 's', cookies: { a: '1', b: '2', c: '3' } });
    const before = session.credential;
    session.refresh(['a=10; Path=/', 'b=; Max-Age=0', 'c=x; Expires=Wed, 21 Oct 2015 07:28:00 GMT', 'd=4; Expires=Wed, 21 Oct 2099 07:28:00 GMT'].join('\n'), NOW);
    expect(session.credential.cookies).to.deep.equal({ a: '10', d: '4' });
    // Whoever held the credential of before (a resolve under way) sees it unchanged.
    expect(before.cookies).to.deep.equal({ a: '1', b: '2', c: '3' });
  });

  it('ignores lines that are not cookies, and a session that is an API client takes none', () => {
    const session = new LiveSession({ name: 's', cookies: { a: '1' } });
    session.refresh('no-equals-sign\n=nameless\nbad name=1', NOW);
    expect(session.credential.cookies).to.deep.equal({ a: '1' });
    const client = new LiveSession({ name: 'api', clientId: 'id', clientSecret: 'secret' });
    client.refresh('a=1', NOW);
    expect(client.credential).to.deep.equal({ clientId: 'id', clientSecret: 'secret' });
  });

  it('holds at most MAX_COOKIES cookies, while still updating the ones it has', () => {
    const session = new LiveSession({ name: 's', cookies: { keep: '1' } });
    session.refresh(Array.from({ length: MAX_COOKIES + 10 }, (_, i) => `n${i}=v`).join('\n'), NOW);
    expect(Object.keys(session.credential.cookies!)).to.have.length(MAX_COOKIES);
    session.refresh('keep=2', NOW);
    expect(session.credential.cookies!['keep']).to.equal('2');
  });
});
