// Misskey's readers over the real captures: api/notes/show answers from a Calckey/Firefish server
// (../shared/fixtures/upstream/misskey) and Misskey ActivityPub objects (../activitypub).
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { reasonForNotesShow } from '../../../src/infrastructure/platforms/misskey/notes-show.js';
import { parseNote } from '../../../src/infrastructure/platforms/misskey/note.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const note = (file: string) => {
  const result = parseNote(JSON.parse(readCapture('misskey', file)), 'derg.social');
  if (!result.ok) throw new Error(`${file}: ${result.reason}`);
  return result.card;
};
const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('activitypub', file)), { platform: 'misskey', summary: 'content-warning' });

describeCaptures('misskey conformance', () => {
  it('a reply by a remote (Mastodon) account: its handle with its server, the replied-to note, reactions summed into likes', () => {
    const c = note('rawr-derg.social-calckey-api-notes-show-9mnz-reply-remote-mastodon.json');
    expect(c).to.deep.include({
      kind: 'link',
      title: 'ThePhD (@thephd@pony.social)',
      nsfw: false,
      publishedAt: '2023-11-29T23:44:49Z',
      replyTo: { canonicalUrl: 'https://derg.social/notes/9mnz2jxcfwwdsd0g', handle: 'thephd@pony.social' },
      stats: { likes: 1, reposts: 5, replies: 5 },
    });
    expect(c.author).to.include({ handle: 'thephd@pony.social', url: 'https://derg.social/@thephd@pony.social' });
    expect(c.description).to.match(/^We keep calling ourselves software engineers/);
  });

  it('a quote with an image: its own image is the card\'s, the renote is the quote with its two files as a gallery', () => {
    const c = note('rawr-derg.social-calckey-api-notes-show-quote-with-image-is-a.wyvern.rip.json');
    expect(c).to.deep.include({
      kind: 'image',
      image: { url: 'https://is-a.wyvern.rip/files/0e4146f6-d1f3-4773-ae80-6d88cd477b98', width: 986, height: 754 },
      description: "Only the head left and then it's perfect",
    });
    expect(c.quote).to.deep.include({ platform: 'misskey', canonicalUrl: 'https://derg.social/notes/9m0d6nuena831lsm', kind: 'gallery' });
  });

  it('Misskey ActivityPub notes: text (not the MFM source), a Question\'s options with their votes', () => {
    expect(object('akkoma-misskey.io-Note-8vs6wxufd0-text-2022.json')).to.deep.include({ ok: true });
    expect(object('akkoma-mk.absturztau.be-Note-93e7nm8wqg-2022.json')).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        nsfw: false,
        title: '@8ozbzjs3o8@mk.absturztau.be',
        description: 'meow',
        author: { name: '8ozbzjs3o8@mk.absturztau.be', url: 'https://mk.absturztau.be/users/8ozbzjs3o8', handle: '8ozbzjs3o8@mk.absturztau.be' },
        publishedAt: '2022-08-01T11:06:49Z',
      },
    });
    const poll = object('akkoma-misskey-Question-poll-2019.json');
    expect(poll.ok && poll.card.poll).to.deep.equal({ options: [{ label: 'Working', votes: 0 }, { label: 'Broken af', votes: 1 }] });
  });

  it('a quote of another server\'s note (target edited to example.com): kept by its URL alone, no platform the object does not state, that server not asked (docs/design.md §9); the RE: line, naming another URL, stays text', () => {
    const quote = object('akkoma-misskey.io-Note-934gok3482-quote-EDITED-target.json');
    expect(quote.ok && quote.card.quote).to.deep.equal({ canonicalUrl: 'https://example.com/objects/43479e20-c0f8-4f49-bf7f-13fab8234924' });
    expect(quote.ok && quote.card.description).to.match(/^i quompt u/);
  });

  it('the documented NO_SUCH_NOTE error (Misskey source) is not-found; a sign-in requirement is blocked', () => {
    const error = (code: string) => JSON.stringify({ error: { message: 'x', code, id: '24fcbfc6-2e37-42b6-8388-c29b3861a08d', kind: 'client' } });
    expect(reasonForNotesShow(400, error('NO_SUCH_NOTE'))).to.equal('not-found');
    expect(reasonForNotesShow(404, error('NO_SUCH_NOTE'))).to.equal('not-found');
    expect(reasonForNotesShow(400, error('CONTENT_RESTRICTED_BY_USER'))).to.equal('blocked');
  });
});
