// PLATFORM_CREDENTIALS_FILE: read at start-up, validated, and never quoted back in an error.
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config/config.js';

function credentialsFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'postlens-creds-')), 'credentials.json');
  writeFileSync(file, content);
  return file;
}

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env, () => 'k');
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('platform credentials file', () => {
  it('when unset, there are no credentials', () => {
    expect(loadConfig({}, () => 'k').platformCredentials).to.deep.equal({});
  });

  it('when set, reads cookies by name and OAuth clients per platform', () => {
    const file = credentialsFile(JSON.stringify({
      instagram: { cookies: { sessionid: 'ig-session-value', csrftoken: 'ig-csrf' } },
      reddit: { clientId: 'reddit-client', clientSecret: 'reddit-secret' },
    }));
    expect(loadConfig({ PLATFORM_CREDENTIALS_FILE: file }, () => 'k').platformCredentials).to.deep.equal({
      instagram: { sessions: [{ name: 'instagram#1', cookies: { sessionid: 'ig-session-value', csrftoken: 'ig-csrf' } }], proxies: [] },
      reddit: { sessions: [{ name: 'reddit#1', clientId: 'reddit-client', clientSecret: 'reddit-secret' }], proxies: [] },
    });
  });

  it('when the file is missing or not JSON, start-up stops with a message naming the variable', () => {
    expect(configError({ PLATFORM_CREDENTIALS_FILE: '/nonexistent/creds.json' })).to.match(/PLATFORM_CREDENTIALS_FILE cannot be read \(ENOENT\)/);
    expect(configError({ PLATFORM_CREDENTIALS_FILE: credentialsFile('{"reddit": ') })).to.match(/PLATFORM_CREDENTIALS_FILE is not valid JSON/);
  });

  it('when an entry is malformed, names where without ever quoting a value', () => {
    const file = credentialsFile(JSON.stringify({
      reddit: { clientId: 'only-half-of-a-client-SECRET1' },
      instagram: { cookies: { sessionid: 'has;semicolon-SECRET2' } },
      twitter: { password: 'SECRET3' },
      myspace: { cookies: {} },
    }));
    const message = configError({ PLATFORM_CREDENTIALS_FILE: file });
    expect(message).to.include('instagram.cookies.sessionid');
    expect(message).to.include('twitter');
    expect(message).not.to.match(/SECRET\d/);
  });

  it('when platforms are unknown or a client is half given, says so', () => {
    const message = configError({ PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({ myspace: { cookies: {} }, reddit: { clientId: 'id-only' } })) });
    expect(message).to.include('unknown platform: myspace');
    expect(message).to.include('reddit needs both clientId and clientSecret');
    expect(message).not.to.include('id-only');
  });

  it('reads an API key, and a client id alone where the platform needs no secret; a secret without its id is refused', () => {
    const file = credentialsFile(JSON.stringify({ bluesky: { apiKey: 'api-key-value' }, youtube: { clientId: 'public-client' } }));
    expect(loadConfig({ PLATFORM_CREDENTIALS_FILE: file }, () => 'k').platformCredentials).to.deep.equal({
      bluesky: { sessions: [{ name: 'bluesky#1', apiKey: 'api-key-value' }], proxies: [] },
      youtube: { sessions: [{ name: 'youtube#1', clientId: 'public-client' }], proxies: [] },
    });
    const message = configError({ PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({ youtube: { clientSecret: 'secret-only' } })) });
    expect(message).to.include('youtube has a clientSecret without its clientId');
    expect(message).not.to.include('secret-only');
  });

  describe('sessions and proxies', () => {
    it('reads several sessions (named, or {platform}#n), each with its own proxy or none, and a proxy pool', () => {
      const file = credentialsFile(JSON.stringify({
        instagram: {
          sessions: [{ name: 'ig-main', cookies: { sessionid: 'a' }, proxy: 'http://alice:pw@10.0.0.1:3128' }, { cookies: { sessionid: 'b' } }],
          proxies: ['http://10.0.0.2:3128', 'https://bob:pw@proxy.example:8443'],
        },
        twitter: { cookies: { auth_token: 'x', ct0: 'y' }, proxies: ['http://10.0.0.3:3128'] },
        reddit: { proxies: ['http://10.0.0.4:3128'] },
      }));
      expect(loadConfig({ PLATFORM_CREDENTIALS_FILE: file }, () => 'k').platformCredentials).to.deep.equal({
        instagram: {
          sessions: [
            { name: 'ig-main', cookies: { sessionid: 'a' }, proxy: 'http://alice:pw@10.0.0.1:3128' },
            { name: 'instagram#2', cookies: { sessionid: 'b' } },
          ],
          proxies: ['http://10.0.0.2:3128', 'https://bob:pw@proxy.example:8443'],
        },
        twitter: { sessions: [{ name: 'twitter#1', cookies: { auth_token: 'x', ct0: 'y' } }], proxies: ['http://10.0.0.3:3128'] },
        reddit: { sessions: [], proxies: ['http://10.0.0.4:3128'] },
      });
    });

    it('refuses a bad proxy URL, naming its place and never the URL or its password', () => {
      const message = configError({
        PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({
          instagram: { sessions: [{ cookies: { sessionid: 'a' }, proxy: 'socks5://user:SECRET1@10.0.0.1:1080' }], proxies: ['http://ok:pw@10.0.0.2:3128', 'not a url SECRET2', 'http://user:SECRET3@10.0.0.3:3128/path'] },
        })),
      });
      expect(message).to.include('instagram.sessions[0].proxy must be an http: or https: proxy URL');
      expect(message).to.include('instagram.proxies[1] is not a URL');
      expect(message).to.include('instagram.proxies[2] must be only scheme, [user:pass@]host and port');
      expect(message).not.to.match(/SECRET\d|ok:pw/);
    });

    it('refuses a session with nothing to present, a half client, a duplicate name, and sessions beside single-session fields', () => {
      const message = configError({
        PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({
          instagram: { sessions: [{ name: 'same', cookies: { sessionid: 'a' } }, { name: 'same', cookies: { sessionid: 'b' } }, { proxy: 'http://10.0.0.1:3128' }] },
          reddit: { sessions: [{ clientId: 'half-SECRET4' }] },
          tiktok: { cookies: { sessionid: 'SECRET5' }, sessions: [{ cookies: { sessionid: 'c' } }] },
        })),
      });
      expect(message).to.include('instagram has two sessions named same');
      expect(message).to.include('instagram.sessions[2] has no cookies, clientId or apiKey');
      expect(message).to.include('reddit.sessions[0] needs both clientId and clientSecret');
      expect(message).to.include('tiktok gives both sessions and the fields of a single session');
      expect(message).not.to.match(/SECRET\d/);
    });

    it('names the place of a malformed value inside a session, never the value', () => {
      const message = configError({
        PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({ instagram: { sessions: [{ cookies: { sessionid: 'a' } }, { cookies: { sessionid: 'bad;SECRET6' }, name: 'ok' }] }, twitter: { sessions: [{ name: 'has space', cookies: { a: 'b' } }] } })),
      });
      expect(message).to.include('instagram.sessions[1].cookies.sessionid is not valid');
      expect(message).to.include('twitter.sessions[0].name is not valid');
      expect(message).not.to.include('SECRET6');
    });
  });
});

