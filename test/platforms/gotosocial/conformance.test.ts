// GoToSocial's readers over its captures (../shared/fixtures/upstream/gotosocial): the serialiser
// output of its own tests (testrig data) and a 0.2.0 server answer, for the statuses API and the
// ActivityPub Note; and its 404 error body.
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { reasonForApiRefusal } from '../../../src/infrastructure/platforms/fediverse/mastodon-api-refusal.js';
import { parseApiStatus } from '../../../src/infrastructure/platforms/fediverse/mastodon-api-status.js';
import { GOTOSOCIAL_STATUSES } from '../../../src/infrastructure/platforms/gotosocial/status.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const WELCOME = 'http://localhost:8080/fileserver/01F8MH17FWEB39HZJ76B6VXSKF/attachment/original/01F8MH6NEM8D7527KZAECTCR76.jpg';
const status = (file: string, instance = 'localhost:8080') => parseApiStatus(JSON.parse(readCapture('gotosocial', file)), instance, GOTOSOCIAL_STATUSES);
const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('gotosocial', file)), { platform: 'gotosocial', summary: 'content-warning' });

describeCaptures('gotosocial conformance', () => {
  it('a status with an image: its alt text and size, custom emoji kept as :shortcode:, counts', () => {
    const result = status('gts-testrig-api-v1-status-image-alt-custom-emoji.json');
    expect(result).to.deep.include({ ok: true });
    expect(result.ok && result.card).to.deep.include({
      kind: 'image',
      image: { url: WELCOME, width: 1200, height: 630, alt: "Black and white image of some 50's style text saying: Welcome On Board" },
      description: 'hello world! #welcome ! first post on the instance :rainbow: !',
      publishedAt: '2021-10-20T11:36:45Z',
      lang: 'en',
      stats: { likes: 1, reposts: 0, replies: 1 },
    });
  });

  it('an HTML content warning: flattened to its plain text with the line breaks kept', () => {
    const result = status('gts-testrig-api-v1-status-html-content-warning.json');
    expect(result.ok && result.card.contentWarning).to.match(/^First paragraph of content warning\n\nHere's the title!/);
  });

  it('a remote status with unknown attachments: the remote account, the known image, nsfw', () => {
    const result = status('gts-testrig-api-v1-status-remote-unknown-attachments.json');
    expect(result.ok && result.card).to.deep.include({ nsfw: true, contentWarning: 'some unknown media included', title: 'some user (@Some_User@example.org)' });
    expect(result.ok && result.card.image).to.include({ width: 3000, height: 2000, alt: 'Photograph of a sloth, Public Domain.' });
  });

  it('a 0.2.0 server\'s status (older shape): text and author', () => {
    expect(status('soapbox-localhost-api-v1-statuses-01FWMCNM07GGDV8HF40NZ9YTGR-gts-0.2.0-dev.json', 'localhost')).to.deep.include({ ok: true });
  });

  it('the reblog answer of its tests, whose account the test masked as a sentence, is refused as a bad response', () => {
    expect(() => status('gts-testrig-api-v1-statuses-reblog-response.json')).to.throw(/lacks account/);
  });

  it('its 404 body ("Not Found: target status not found") is not-found', () => {
    expect(reasonForApiRefusal(404, readCapture('gotosocial', 'gts-testrig-api-v1-statuses-404-not-found.json'))).to.equal('not-found');
  });

  it('ActivityPub Notes: the content warning and sensitive flag, the image with `summary` as alt, a reply', () => {
    expect(object('gts-testrig-ap-note-simple.json')).to.deep.include({ ok: true });
    const simple = object('gts-testrig-ap-note-simple.json');
    expect(simple.ok && simple.card).to.deep.include({ nsfw: true, contentWarning: 'introduction post', description: 'hello everyone!', lang: 'en' });
    const image = object('gts-testrig-ap-note-image-attachment-hashtag-emoji.json');
    expect(image.ok && image.card.image).to.deep.equal({ url: WELCOME, alt: "Black and white image of some 50's style text saying: Welcome On Board" });
    const reply = object('gts-testrig-ap-note-reply-with-mention.json');
    expect(reply.ok && reply.card.replyTo).to.deep.equal({ canonicalUrl: 'http://localhost:8080/users/the_mighty_zork/statuses/01F8MHAMCHF6Y650WCRSCP4WMY' });
  });
});
