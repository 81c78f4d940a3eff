// A declared adapter is built by tsyringe like any class and hands its declaration the credential
// of the session in use for each resolve (and each short-link hop), none when it runs anonymously.
import { expect } from 'chai';
import { container } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../src/application/access/session-in-use.js';
import type { PlatformCredential } from '../../../src/application/credentials.js';
import { HTTP_CLIENT } from '../../../src/application/ports/http.port.js';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import type { PlatformId } from '../../../src/domain/platforms/platform-id.js';
import { declaredAdapter, postShape } from '../../../src/infrastructure/platforms/kit/declared-adapter.js';
import { testHttpClient } from '../../support/http.js';

const Adapter = declaredAdapter({
  spec: { id: 'tumblr', upstreamHosts: ['api.tumblr.invalid'] },
  posts: [
    postShape(['id'], ({ id }, _upstream, _post, credential) => [
      {
        name: 'as-the-session',
        run: () => Promise.resolve({ ok: true, card: { kind: 'link', title: `${id} as ${credential?.apiKey ?? 'anonymous'}`, nsfw: false } }),
      },
    ]),
  ],
  readShortLink: (_upstream, url, _signal, credential) => Promise.resolve({ ok: true, location: `${url}#${credential?.apiKey ?? 'anonymous'}` }),
});

const POST: PostRef = { platform: 'tumblr', ids: { id: '42' }, canonicalUrl: 'https://www.tumblr.com/blog/42', contentId: '42' } as PostRef;

describe('kit: declared adapter with the session in use', () => {
  // What the access layer chooses per resolve; the test changes it between resolves.
  let current: PlatformCredential | undefined;
  const asked: PlatformId[] = [];
  const session: SessionInUse = {
    credential: (platform) => {
      asked.push(platform);
      return current;
    },
  };
  const scope = container.createChildContainer();
  scope.register(HTTP_CLIENT, { useValue: testHttpClient() });
  scope.register(SESSION_IN_USE, { useValue: session });
  const adapter = scope.resolve(Adapter);

  it('hands each resolve the credential of its own session, for the spec’s platform', async () => {
    current = { apiKey: 'key-one' };
    const first = await adapter.resolve(POST, AbortSignal.timeout(5000));
    current = undefined;
    const second = await adapter.resolve(POST, AbortSignal.timeout(5000));
    expect(first).to.deep.include({ ok: true, card: { kind: 'link', title: '42 as key-one', nsfw: false } });
    expect(second).to.deep.include({ ok: true, card: { kind: 'link', title: '42 as anonymous', nsfw: false } });
    expect(asked.every((platform) => platform === 'tumblr')).to.equal(true);
  });

  it('reads a short link as the session in use', async () => {
    current = { apiKey: 'key-two' };
    expect(await adapter.readShortLink('https://tmblr.invalid/Z1', AbortSignal.timeout(5000))).to.deep.equal({ ok: true, location: 'https://tmblr.invalid/Z1#key-two' });
  });

  it('answers unsupported for a post without the ids any shape needs, without asking for a session', async () => {
    const before = asked.length;
    expect(await adapter.resolve({ ...POST, ids: {} }, AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(asked.length).to.equal(before);
  });
});
