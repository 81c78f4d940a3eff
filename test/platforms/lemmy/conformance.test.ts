// Lemmy's ActivityPub reader over Lemmy's own objects (../shared/fixtures/upstream/activitypub: its
// federation test assets and a 2020 Page). No client-API capture exists (see lemmy/SOURCES.md): the
// API reader is tested on our fixtures only.
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('activitypub', file)), { platform: 'lemmy', summary: 'excerpt' });
const PICARD = { name: 'picard@enterprise.lemmy.ml', url: 'https://enterprise.lemmy.ml/u/picard', handle: 'picard@enterprise.lemmy.ml' };
const TENFORWARD = { name: 'tenforward', url: 'https://enterprise.lemmy.ml/c/tenforward' };

describeCaptures('lemmy conformance', () => {
  it('an image post (Page with its picture as a Link): an image card with title, text, language and community', () => {
    expect(object('lemmy-assets-lemmy-Page-post-image.json')).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        image: { url: 'https://enterprise.lemmy.ml/pictrs/image/eOtYb9iEiB.png' },
        nsfw: false,
        title: 'Post title',
        description: 'This is a post in the /c/tenforward community',
        author: PICARD,
        publishedAt: '2021-02-26T12:35:34Z',
        lang: 'fr',
        community: TENFORWARD,
      },
    });
  });

  it('an image and a link: the image as the card\'s, the link as its link', () => {
    const page = object('lemmy-assets-lemmy-Page-post-image-and-link.json');
    expect(page.ok && page.card).to.deep.include({ kind: 'image', link: { url: 'https://example.com/some-article' }, community: TENFORWARD });
  });

  it('a comment: its text, the post it answers, edited time', () => {
    const comment = object('lemmy-assets-lemmy-Note-comment.json');
    expect(comment.ok && comment.card).to.deep.include({
      description: 'first comment!',
      replyTo: { canonicalUrl: 'https://enterprise.lemmy.ml/post/55143' },
      editedAt: '2021-03-01T13:43:03Z',
      community: TENFORWARD,
    });
  });

  it('a Tombstone (a deleted post) is not-found; the 2020 Page\'s summary (an excerpt on Lemmy) is never a content warning', () => {
    expect(object('lemmy-assets-lemmy-Tombstone.json')).to.deep.equal({ ok: false, reason: 'not-found' });
    const old = object('akkoma-lemmy-Page-2020.json');
    expect(old.ok && old.card).to.not.have.property('contentWarning');
  });
});
