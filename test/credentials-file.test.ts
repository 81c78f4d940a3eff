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
      instagram: { cookies: { sessionid: 'ig-session-value', csrftoken: 'ig-csrf' } },
      reddit: { clientId: 'reddit-client', clientSecret: 'reddit-secret' },
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
    expect(loadConfig({ PLATFORM_CREDENTIALS_FILE: file }, () => 'k').platformCredentials).to.deep.equal({ bluesky: { apiKey: 'api-key-value' }, youtube: { clientId: 'public-client' } });
    const message = configError({ PLATFORM_CREDENTIALS_FILE: credentialsFile(JSON.stringify({ youtube: { clientSecret: 'secret-only' } })) });
    expect(message).to.include('youtube has a clientSecret without its clientId');
    expect(message).not.to.include('secret-only');
  });
});
