// Pixelfed's ActivityPub reader over its captures (../shared/fixtures/upstream/pixelfed: real
// `Create{Note}` payloads from pixelfed.social). No statuses-API answer from a real server exists.
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('pixelfed', file)), { platform: 'pixelfed', summary: 'content-warning' });

describeCaptures('pixelfed conformance', () => {
  it('a photo post (Create{Note}): the image with its size and alt text (`name`), the text, the author and time', () => {
    expect(object('vernissage-pixelfed.social-ap-create-note-624592411232880406-image-alt-location.json')).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        image: {
          url: 'https://pxscdn.com/public/m/_v2/502420301986951048/f1538e3aa-7b3151/NUalEqHRyJfn/YPp7nvccWGSAPcalvb0PvEuDQzcsQZgyCEjsTrFx.jpg',
          width: 1620,
          height: 1080,
          alt: 'Stickers on the glass from the stairs, casting long and colourful shadows from the sun.',
        },
        nsfw: false,
        title: '@mczachurski@pixelfed.social',
        description: 'Shadows #colorphotography #streetphotography',
        author: { name: 'mczachurski@pixelfed.social', url: 'https://pixelfed.social/users/mczachurski', handle: 'mczachurski@pixelfed.social' },
        publishedAt: '2023-10-30T13:07:15Z',
      },
    });
  });

  it('a reply (tag as a single object, as served): the replied-to post on another server', () => {
    const reply = object('vernissage-pixelfed.social-ap-create-note-650595293594582993-reply-EDITED-mention.json');
    expect(reply.ok && reply.card).to.deep.include({ kind: 'link', description: 'Extra colours!', replyTo: { canonicalUrl: 'https://gram.social/p/Alice/650350850687790456' } });
  });
});
