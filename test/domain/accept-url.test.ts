import { expect } from 'chai';
import { acceptUrl, normalisedHost, normalisedUrl } from '../../src/domain/accept-url.js';
import { canonicalize } from '../../src/domain/canonicalize.js';
import { createSpecList } from '../../src/domain/platforms/index.js';

const MAX = 2048;

function accepted(input: unknown, max = MAX): URL {
  const result = acceptUrl(input, max);
  if (!result.ok) throw new Error(`not accepted: ${result.error}`);
  return result.url;
}

function refusal(input: unknown, max = MAX): string {
  const result = acceptUrl(input, max);
  if (result.ok) throw new Error(`accepted ${result.url.href}`);
  return result.error;
}

describe('acceptUrl', () => {
  it('when the input has surrounding whitespace, trims it', () => {
    expect(accepted('  \n\thttps://x.com/jack/status/20 \n').href).to.equal('https://x.com/jack/status/20');
  });

  it('when the scheme is missing, reads the input as https', () => {
    expect(accepted('x.com/jack/status/20').href).to.equal('https://x.com/jack/status/20');
    expect(accepted('www.youtube.com/watch?v=dQw4w9WgXcQ').protocol).to.equal('https:');
  });

  it('when the scheme is missing and the input is a bare word, refuses it', () => {
    expect(refusal('hello')).to.contain('scheme');
  });

  it('when the scheme is missing and the host has a port, still reads the input as https', () => {
    expect(accepted('x.com:443/jack/status/20').hostname).to.equal('x.com');
  });

  it('when the scheme is upper case, accepts it', () => {
    expect(accepted('HTTPS://X.COM/jack/status/20').href).to.equal('https://x.com/jack/status/20');
  });

  it('when the URL is http, accepts it', () => {
    expect(accepted('http://x.com/jack/status/20').protocol).to.equal('http:');
  });

  it('when given an at:// post URI with a handle, turns it into the bsky.app post URL', () => {
    expect(accepted('at://jay.bsky.team/app.bsky.feed.post/3l6oveex3ii2l').href).to.equal('https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l');
  });

  it('when given an at:// post URI with a DID, turns it into the bsky.app post URL', () => {
    expect(accepted('at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l').href).to.equal(
      'https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/post/3l6oveex3ii2l',
    );
  });

  it('when the at:// scheme is upper case, still accepts the post URI', () => {
    expect(accepted('AT://jay.bsky.team/app.bsky.feed.post/3l6oveex3ii2l').hostname).to.equal('bsky.app');
  });

  it('when given an at:// URI that is not a post, refuses it', () => {
    expect(refusal('at://jay.bsky.team/app.bsky.actor.profile/self')).to.match(/at:\/\//);
    expect(refusal('at://jay.bsky.team')).to.match(/at:\/\//);
  });

  for (const input of ['ftp://x.com/file', 'javascript:alert(1)', 'mailto:jack@x.com', 'data:text/html,hi', 'file:///etc/passwd', 'ws://x.com/']) {
    it(`when the scheme is not http(s) (${input.split(':')[0]}), refuses the URL`, () => {
      expect(refusal(input)).to.be.a('string').and.not.equal('');
    });
  }

  it('when the input is longer than the limit, refuses it and names the limit', () => {
    const long = `https://x.com/${'a'.repeat(100)}`;
    expect(refusal(long, 50)).to.contain('50');
    expect(accepted(long, long.length).href).to.equal(long);
  });

  it('when the input is empty or only whitespace, refuses it', () => {
    expect(refusal('')).to.contain('empty');
    expect(refusal('   \n')).to.contain('empty');
  });

  for (const input of [undefined, null, 42, ['https://x.com/jack/status/20'], { url: 'https://x.com/' }]) {
    it(`when the input is not a string (${JSON.stringify(input)}), refuses it`, () => {
      expect(refusal(input)).to.contain('string');
    });
  }

  it('when the input is not a URL at all, refuses it', () => {
    expect(refusal('https://')).to.be.a('string');
    expect(refusal('http://exa mple.com/')).to.be.a('string');
    expect(refusal('https://[::1/')).to.be.a('string');
  });

  // Found by the fuzz suite: WHATWG parses these hosts, but no URI can carry them, so neither could
  // the canonical URL of the answer.
  for (const input of ['https://".test/', 'https://{a}.test/', 'https://a`b.test/', 'https://a"b.example/x']) {
    it(`when the host has a character no host name can have (${input}), refuses it`, () => {
      expect(refusal(input)).to.contain('host name');
    });
  }

  // Empty once the trailing dots go: WHATWG decodes %2e and maps the full-width and ideographic dots to `.`.
  for (const input of ['https://.?x', 'https://.', 'https://..', 'https://.#f', 'https://%2e/', 'https://%2E%2e/@a/1', 'https://。/', 'https://．/@a/113900000000777001', 'https://｡/', 'http://.../notice/1', '.', '..', '%2e']) {
    it(`when the host is only dots (${input}), refuses it as having no host`, () => {
      expect(refusal(input)).to.match(/no host|not a valid absolute URL/);
    });
  }

  it('when the host has dots and something else, accepts it', () => {
    expect(normalisedHost(accepted('https://a.。/@a/1'))).to.equal('a');
    expect(accepted('https://.a./x').hostname).to.equal('.a.');
  });

  it('when the host has characters RFC 3986 allows in a host name, accepts it', () => {
    expect(accepted("https://a_b~c!$&'()*+,;=.test/").hostname).to.equal("a_b~c!$&'()*+,;=.test");
  });

  it('when the host is internationalised, compares it in punycode', () => {
    const url = accepted('https://Bücher.Example/post');
    expect(normalisedHost(url)).to.equal('xn--bcher-kva.example');
  });

  it('when the host has a trailing dot, leaves it out of the compared host', () => {
    expect(normalisedHost(accepted('https://x.com./jack/status/20'))).to.equal('x.com');
  });

  it('when the URL has userinfo, a port and a fragment, the normalised URL has none of them', () => {
    expect(normalisedUrl(accepted('https://user:secret@Evil.Test.:8443/a/b?c=d#e'))).to.equal('https://evil.test/a/b?c=d');
  });

  it('when userinfo names a platform, the host is still what comes after the @', () => {
    const result = canonicalize(createSpecList(), accepted('https://x.com@evil.test/jack/status/20'));
    expect(result).to.deep.equal({ platform: 'none', canonicalUrl: 'https://evil.test/jack/status/20' });
  });

  it('when MASTODON_INSTANCES lists an instance, its posts belong to mastodon', () => {
    const url = accepted('https://social.example/@someone/111000000000000010');
    expect(canonicalize(createSpecList(), url).platform).to.equal('none');
    const extended = canonicalize(createSpecList({ mastodonInstances: ['social.example'] }), url);
    expect(extended.platform).to.equal('mastodon');
    expect(extended.canonicalUrl).to.equal('https://social.example/@someone/111000000000000010');
  });
});
