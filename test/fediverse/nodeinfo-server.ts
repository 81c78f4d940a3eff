// A fediverse server on a host no list names, as nock answers for it: its NodeInfo (the
// well-known index and the 2.x document) and one post's API answer. Our own made-up values, in
// the shapes of ../shared/fixtures/upstream/nodeinfo.
import nock from 'nock';

export function nodeInfoIndex(host: string, href = `https://${host}/nodeinfo/2.0`): object {
  return { links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href }] };
}

export function nodeInfoDocument(software: string): object {
  return { version: '2.0', software: { name: software, version: '4.3.2' }, protocols: ['activitypub'], usage: { users: { total: 42 } }, openRegistrations: false, metadata: {} };
}

/** Answers the host's NodeInfo as often as it is asked; `asked()` tells how many times its index was. */
export function serveNodeInfo(host: string, software: string): { asked(): number } {
  let asked = 0;
  nock(`https://${host}`)
    .persist()
    .get('/.well-known/nodeinfo')
    .reply(() => {
      asked += 1;
      return [200, nodeInfoIndex(host), { 'content-type': 'application/json' }];
    });
  nock(`https://${host}`)
    .persist()
    .get('/nodeinfo/2.0')
    .reply(200, nodeInfoDocument(software), { 'content-type': 'application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.0#"' });
  return { asked: () => asked };
}

/** A Mastodon-API status with one image, answered once. */
export function serveStatus(host: string, id: string, path = `/api/v1/statuses/${id}`): nock.Scope {
  return nock(`https://${host}`)
    .get(path)
    .reply(
      200,
      {
        id,
        created_at: '2025-06-02T08:15:30.000Z',
        sensitive: false,
        spoiler_text: '',
        language: 'en',
        content: '<p>Hello from a small server.</p>',
        account: { id: '1', username: 'noor', acct: 'noor', display_name: 'Noor', url: `https://${host}/@noor` },
        media_attachments: [{ id: '2', type: 'image', url: `https://${host}/system/media/one.jpg`, description: 'A kite', meta: { original: { width: 800, height: 600 } } }],
      },
      { 'content-type': 'application/json' },
    );
}
