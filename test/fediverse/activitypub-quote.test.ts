// The quote of an ActivityPub object (docs/design.md §9 "Open-ended platforms", §3 "Chains"): a quoted post on
// the server read from is a post of its platform; one on another server is kept by its URL alone,
// for every field servers name a quote with. Our own values, in the shape servers send.
import { expect } from 'chai';
import { parseActivityPubObject } from '../../src/infrastructure/platforms/fediverse/activitypub-note.js';

const note = (fields: Record<string, unknown>) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: 'https://quoting.example/notes/9xq0aaa',
  type: 'Note',
  attributedTo: 'https://quoting.example/users/noor',
  content: '<p>Look at this</p>',
  ...fields,
});
const quoteOf = (fields: Record<string, unknown>) => {
  const result = parseActivityPubObject(note(fields), { platform: 'misskey', summary: 'content-warning' });
  return result.ok ? result.card.quote : undefined;
};

describe('ActivityPub object: quotes', () => {
  for (const field of ['quoteUrl', '_misskey_quote', 'quoteUri', 'quote']) {
    it(`when ${field} names a post on another server, keeps {canonicalUrl} alone`, () => {
      expect(quoteOf({ [field]: 'https://third.example/notes/9xq1abc' })).to.deep.equal({ canonicalUrl: 'https://third.example/notes/9xq1abc' });
    });
  }

  it('when the quoted post is on the server read from, it is a post of that platform', () => {
    expect(quoteOf({ quoteUrl: 'https://quoting.example/notes/9xq1abc' })).to.deep.equal({ platform: 'misskey', canonicalUrl: 'https://quoting.example/notes/9xq1abc', kind: 'link' });
  });

  it('when the quote is not an http(s) URL, there is none', () => {
    expect(quoteOf({ quoteUrl: 'javascript:alert(1)' })).to.equal(undefined);
  });
});
