// The open web's canonical URL (docs/design.md §3 "Canonical, no fetch"), which is the `web` cache key, and
// WEB_DENY_HOSTS' suffix match.
import { expect } from 'chai';
import { isDeniedHost, webCanonicalUrl } from '../../src/domain/web-url.js';

const canonical = (url: string) => webCanonicalUrl(new URL(url));

describe('web canonical URL', () => {
  it('lower-cases and punycodes the host, drops userinfo, the default port, the fragment and a trailing dot', () => {
    expect(canonical('HTTPS://user:pw@Bücher.Example.:443/Path/To?x=1#section')).to.equal('https://xn--bcher-kva.example/Path/To?x=1');
    expect(canonical('http://Example.com:80/')).to.equal('http://example.com/');
  });

  it('keeps a port that is not the default', () => {
    expect(canonical('https://example.com:8443/a')).to.equal('https://example.com:8443/a');
  });

  it('removes every tracking parameter the design lists, in any case, and keeps the rest of the query as written, in order', () => {
    const tracking = ['utm_source=a', 'UTM_Medium=b', 'utm_campaign=c', 'fbclid=1', 'gclid=1', 'dclid=1', 'gbraid=1', 'wbraid=1', 'msclkid=1', 'yclid=1', 'twclid=1', 'ttclid=1', 'mc_cid=1', 'mc_eid=1', '_hsenc=1', '_hsmi=1', 'igshid=1'];
    expect(canonical(`https://example.com/a?z=9&${tracking.join('&')}&a=%20b+c&flag&utm=kept`)).to.equal('https://example.com/a?z=9&a=%20b+c&flag&utm=kept');
    expect(canonical('https://example.com/a?utm_source=x&fbclid=y')).to.equal('https://example.com/a');
    expect(canonical('https://example.com/a?utm%5Fsource=x&b=1')).to.equal('https://example.com/a?b=1');
  });

  it('writes a valid URI: characters WHATWG leaves raw are escaped', () => {
    expect(canonical('https://example.com/a{b}|c?q=^')).to.equal('https://example.com/a%7Bb%7D%7Cc?q=%5E');
  });

  it('denies a host that is a listed suffix or under one, never one that only ends with its letters', () => {
    expect(isDeniedHost('ads.example', ['ads.example'])).to.equal(true);
    expect(isDeniedHost('cdn.ads.example', ['ads.example'])).to.equal(true);
    expect(isDeniedHost('badads.example', ['ads.example'])).to.equal(false);
    expect(isDeniedHost('example.org', [])).to.equal(false);
  });
});
