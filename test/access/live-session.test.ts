// A session's cookies follow what the platform sets (issue 24, point 5), as a browser keeps them
// (issue 27, point 7): per domain and path, only from the platform's own hosts, for that host or a
// parent domain of it.
import { expect } from 'chai';
import { LiveSession, MAX_COOKIES } from '../../src/application/access/live-session.js';
import { proxyEgress } from '../../src/application/access/egress.js';

const TIKTOK = ['www.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'];
const PAGE = 'https://www.tiktok.com/@ines.bakes/video/1';
const session = (cookies: Record<string, string>) => new LiveSession({ name: 's', cookies }, proxyEgress, TIKTOK);
const sent = (s: LiveSession, url: string) => s.cookieHeader(url, 'sessionid=whatever-the-adapter-put');

describe('a session refreshed from Set-Cookie', () => {
  it('replaces a cookie set again, keeps a new one, drops one expired by Max-Age or a past Expires', () => {
    const s = session({ a: '1', b: '2', c: '3' });
    const before = s.credential;
    s.refresh(['a=10; Domain=tiktok.com; Path=/', 'b=; Domain=tiktok.com; Path=/; Max-Age=0', 'c=x; Domain=tiktok.com; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT', 'd=4; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT'].join('\n'), PAGE);
    expect(s.credential.cookies).to.deep.equal({ a: '10', d: '4' });
    // Whoever held the credential of before (a resolve under way) sees it unchanged.
    expect(before.cookies).to.deep.equal({ a: '1', b: '2', c: '3' });
  });

  it('keeps cookies per path: one set for /api/ goes to /api/ only, one without a Path to the folder of the page that set it', () => {
    const s = session({ sessionid: 'ONE' });
    s.refresh('apiOnly=A1; Path=/api/\npathy=P1; Path=/@ines.bakes', PAGE);
    expect(sent(s, PAGE)).to.equal('pathy=P1; sessionid=ONE');
    expect(sent(s, 'https://www.tiktok.com/api/item/detail/')).to.equal('apiOnly=A1; sessionid=ONE');
    s.refresh('folder=F1', PAGE);
    expect(sent(s, 'https://www.tiktok.com/@ines.bakes/video/2')).to.include('folder=F1');
    expect(sent(s, 'https://www.tiktok.com/@other/video/2')).not.to.include('folder=F1');
  });

  it('keeps cookies per domain: a host-only one goes to its host only, one for the parent domain to every host of it', () => {
    const s = session({ sessionid: 'ONE' });
    s.refresh('hostOnly=H1; Path=/\nparent=D1; Domain=tiktok.com; Path=/', PAGE);
    expect(sent(s, PAGE)).to.equal('sessionid=ONE; hostOnly=H1; parent=D1');
    expect(sent(s, 'https://vm.tiktok.com/ZMabc/')).to.equal('sessionid=ONE; parent=D1');
  });

  it('refuses a Set-Cookie for a foreign domain or a public suffix, and any Set-Cookie from a host that is not the platform’s own', () => {
    const s = session({ sessionid: 'ONE' });
    s.refresh('foreign=F1; Domain=evil.example; Path=/\nsuffix=S1; Domain=com; Path=/', PAGE);
    s.refresh('sessionid=STOLEN; Domain=tiktok.com; Path=/\nnew=N1; Path=/', 'https://evil.example/@a/1');
    s.refresh('cdn=C1; Domain=tiktok.com; Path=/', 'https://v16-webapp-prime.tiktok.com/video/1');
    expect(s.credential.cookies).to.deep.equal({ sessionid: 'ONE' });
    expect(sent(s, PAGE)).to.equal('sessionid=ONE');
  });

  it('keeps the adapter’s own cookies on a request and replaces the session’s ones with what the jar sends there', () => {
    const s = session({ sessionid: 'ONE', csrftoken: 'T' });
    expect(s.cookieHeader(PAGE, 'lsd=page-cookie; sessionid=ONE; csrftoken=T')).to.equal('lsd=page-cookie; sessionid=ONE; csrftoken=T');
    // A URL off the platform's domains gets none of the session's cookies, whatever the adapter put.
    expect(s.cookieHeader('https://elsewhere.example/x', 'guest=1; sessionid=ONE')).to.equal('guest=1');
  });

  it('ignores lines that are not cookies, and a session that is an API client takes none', () => {
    const s = session({ a: '1' });
    s.refresh('no-equals-sign\n=nameless\nbad name=1', PAGE);
    expect(s.credential.cookies).to.deep.equal({ a: '1' });
    const client = new LiveSession({ name: 'api', clientId: 'id', clientSecret: 'secret' }, proxyEgress, TIKTOK);
    client.refresh('a=1', PAGE);
    expect(client.credential).to.deep.equal({ clientId: 'id', clientSecret: 'secret' });
  });

  it('holds at most MAX_COOKIES cookies, while still updating the ones it has', () => {
    const s = session({ keep: '1' });
    s.refresh(Array.from({ length: MAX_COOKIES + 10 }, (_, i) => `n${i}=v; Domain=tiktok.com; Path=/`).join('\n'), PAGE);
    expect(Object.keys(s.credential.cookies!)).to.have.length(MAX_COOKIES);
    s.refresh('keep=2; Domain=tiktok.com; Path=/', PAGE);
    expect(s.credential.cookies!['keep']).to.equal('2');
  });
});
