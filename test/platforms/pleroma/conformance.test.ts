// Pleroma's readers over the real captures in ../shared/fixtures/upstream/pleroma (its statuses API,
// Rebased and Pleroma servers) and ../activitypub (Pleroma/Akkoma objects); expected values read
// from the captures.
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { parseApiStatus } from '../../../src/infrastructure/platforms/fediverse/mastodon-api-status.js';
import { PLEROMA_STATUSES } from '../../../src/infrastructure/platforms/pleroma/status.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const ALEX = {
  name: 'Alex Gleason',
  url: 'https://gleasonator.com/users/alex',
  handle: 'alex',
  avatar: 'https://media.gleasonator.com/6d64aecb17348b23aaff78db4687b9476cb0da1c07cc6a819c2e6ec7144c18b1.png',
};

const card = (file: string, instance = 'gleasonator.com') => {
  const result = parseApiStatus(JSON.parse(readCapture('pleroma', file)), instance, PLEROMA_STATUSES);
  if (!result.ok) throw new Error(`${file}: ${result.reason}`);
  return result.card;
};

describeCaptures('pleroma conformance', () => {
  it('reads every captured status (each file of the statuses API) into a card with its author', () => {
    const files = captureFiles('pleroma', /api-v1-statuses-.*\.json$/);
    expect(files).to.have.length(7);
    for (const file of files) expect(card(file, file.startsWith('soapbox-freespeech') ? 'freespeechextremist.com' : 'gleasonator.com').author?.handle, file).to.equal('alex');
  });

  it('a 2020 text status (numeric id): the text, time and counts', () => {
    expect(card('soapbox-gleasonator.com-api-v1-statuses-103874034847713213-text-2020.json')).to.deep.equal({
      kind: 'link',
      title: 'Alex Gleason (@alex)',
      author: ALEX,
      nsfw: false,
      description: 'Good morning! Hope you have a wonderful day.',
      publishedAt: '2020-03-23T19:33:06Z',
      stats: { likes: 49, reposts: 27, replies: 15 },
    });
  });

  it('a quote post (pleroma.quote): the quoted notice as a compact card at /notice/{id}', () => {
    const quoted = card('soapbox-gleasonator.com-api-v1-statuses-AFmFMSpITT9xcOJKcK-quote-post.json');
    expect(quoted.description).to.equal('Quote post');
    expect(quoted.quote).to.deep.equal({
      platform: 'pleroma',
      canonicalUrl: 'https://gleasonator.com/notice/AFmFLcd6XYVdjWCrOS',
      kind: 'link',
      title: 'Alex Gleason (@alex)',
      description: 'Test post',
      author: ALEX,
      publishedAt: '2022-01-24T21:02:25Z',
    });
  });

  it('a reply: the replied-to notice and its author from pleroma.in_reply_to_account_acct', () => {
    expect(card('soapbox-gleasonator.com-api-v1-statuses-AHcweewcCh0iPUtMdk-reply-with-mentions.json').replyTo).to.deep.equal({
      canonicalUrl: 'https://gleasonator.com/notice/AHcwFrnbH1Xb2RqxhQ',
      handle: 'crunklord420@kiwifarms.cc',
    });
  });

  it('image, audio and two unknown attachments: the image with its size, the sound as audio, the unknown files left out', () => {
    expect(card('soapbox-gleasonator.com-api-v1-statuses-AGNkA21auFR5lnEAHw-attachments-image-audio-unknown.json')).to.deep.include({
      kind: 'image',
      image: { url: 'https://media.gleasonator.com/8e04e6091bbbac79641b5812508683ce72c38693661c18d16040553f2371e18d.png', width: 1436, height: 1444 },
      audio: { url: 'https://media.gleasonator.com/55a81a090247cc4fc127e5716bcf7964f6e0df9b584f85f4696c0b994747a4d0.ogg', mimeType: 'audio/ogg' },
    });
  });

  it('a video without meta: a video card without sizes (none invented), typed by its extension', () => {
    const video = card('soapbox-freespeechextremist.com-api-v1-statuses-AIRxLeIzncpCtsr2hs-vertical-video.json', 'freespeechextremist.com').video;
    expect(video).to.have.property('mimeType', 'video/webm');
    expect(video).to.not.have.any.keys('width', 'height', 'duration');
  });

  it('a link card: the preview as link, its picture as the card image', () => {
    const c = card('soapbox-gleasonator.com-api-v1-statuses-A8tEMYF2GNnfPcL4dc-card.json');
    expect(c.link).to.include({ url: 'https://soapbox.pub/blog/soapbox-fe-v1.3-cryptocurrency-release/', title: 'Soapbox FE v1.3: The Crypto Release - Soapbox' });
    expect(c.image).to.include({ width: 600, height: 338 });
  });

  it('Pleroma and Akkoma ActivityPub objects: text, author URL and the replied-to object', () => {
    const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('activitypub', file)), { platform: 'pleroma', summary: 'content-warning' });
    expect(object('akkoma-p.helene.moe-Note-AM7S6vZQmL6pI9TgPY-2022.json')).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        nsfw: false,
        title: '@helene@p.helene.moe',
        description: '@mametsuko meow',
        author: { name: 'helene@p.helene.moe', url: 'https://p.helene.moe/users/helene', handle: 'helene@p.helene.moe' },
        publishedAt: '2022-08-02T13:46:58Z',
        replyTo: { canonicalUrl: 'https://mk.absturztau.be/notes/93e7nm8wqg' },
      },
    });
    expect(object('lemmy-assets-pleroma-Note-reply-queer.hacktivis.me-2021.json')).to.deep.include({ ok: true });
  });
});
