// The kit's cookies: a configured session as request headers, and the one reader of Set-Cookie.
import { expect } from 'chai';
import { cookieHeader, sessionHeaders, setCookies } from '../../../src/infrastructure/platforms/kit/cookies.js';

describe('cookies', () => {
  it('joins configured cookies into one Cookie header, and gives none for none', () => {
    expect(cookieHeader({ sessionid: 'abc', csrftoken: 'def' })).to.equal('sessionid=abc; csrftoken=def');
    expect(cookieHeader({})).to.equal(undefined);
    expect(cookieHeader(undefined)).to.equal(undefined);
  });

  it('when a session has a csrftoken cookie, pairs the Cookie header with X-CSRFToken; without cookies, sends nothing', () => {
    expect(sessionHeaders({ sessionid: 'abc', csrftoken: 'def' })).to.deep.equal({ cookie: 'sessionid=abc; csrftoken=def', 'x-csrftoken': 'def' });
    expect(sessionHeaders({ sessionid: 'abc' })).to.deep.equal({ cookie: 'sessionid=abc' });
    expect(sessionHeaders({})).to.deep.equal({});
    expect(sessionHeaders(undefined)).to.deep.equal({});
  });

  it('finds one cookie among several set-cookie lines', () => {
    const setCookie = 'ttwid=1%7Cabc; Path=/; Secure\ntt_chain_token=Zm9vYmFy==; Domain=.tiktok.com; HttpOnly\nmsToken=x';
    expect(setCookies(setCookie)['tt_chain_token']).to.equal('Zm9vYmFy==');
    expect(setCookies(setCookie)['missing']).to.equal(undefined);
    expect(setCookies(undefined)).to.deep.equal({});
  });

  it('when a fetch layer folded the cookies into one comma-joined line, splits them before each name=, never inside an Expires date', () => {
    const folded = 'csrftoken=abc; Expires=Wed, 09 Jun 2027 10:18:14 GMT; Path=/, mid=Zx1; Secure, ig_did=42';
    expect(setCookies(folded)).to.deep.equal({ csrftoken: 'abc', mid: 'Zx1', ig_did: '42' });
  });

  it('when a name is set twice, the last value wins (as in a browser); a cookie named __proto__ stays a cookie', () => {
    const cookies = setCookies('a=1\nb=2\na=3\n__proto__=x');
    expect(cookies['a']).to.equal('3');
    expect(Object.keys(cookies)).to.deep.equal(['a', 'b', '__proto__']);
    expect(Object.getPrototypeOf(cookies)).to.equal(Object.prototype);
  });
});
