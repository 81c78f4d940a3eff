// Friendica's readers over the captures: its ActivityPub objects (../shared/fixtures/upstream/
// activitypub, real objects from Friendica servers) and one statuses-API answer (../friendica), read
// with Friendica's dialect (a status URL is its `/display/{guid}` page).
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { parseApiStatus } from '../../../src/infrastructure/platforms/fediverse/mastodon-api-status.js';
import { FRIENDICA_STATUSES } from '../../../src/infrastructure/platforms/friendica/status.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('activitypub', file)), { platform: 'friendica', summary: 'content-warning' });

describeCaptures('friendica conformance', () => {
  it('a link Page: `name` is its title, the shared article\'s text the description, the contentMap language', () => {
    const page = object('lemmy-assets-friendica-Page-pirati.ca-link-2022.json');
    expect(page.ok && page.card).to.deep.include({
      title: 'ISS astronauts perform final spacewalk of Expedition 66',
      author: { name: 'heluecht@pirati.ca', url: 'https://pirati.ca/profile/heluecht', handle: 'heluecht@pirati.ca' },
      publishedAt: '2022-03-24T07:17:21Z',
      lang: 'de',
    });
  });

  it('a comment Note: its text, and the Lemmy post it answers', () => {
    expect(object('lemmy-assets-friendica-Note-reply-soc.schuerz.at-2022.json')).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        nsfw: false,
        title: '@jakob@soc.schuerz.at',
        description: '@jakob test',
        author: { name: 'jakob@soc.schuerz.at', url: 'https://soc.schuerz.at/profile/jakob', handle: 'jakob@soc.schuerz.at' },
        publishedAt: '2022-01-23T20:21:24Z',
        lang: 'de',
        replyTo: { canonicalUrl: 'https://lemmy.schuerz.at/post/25360' },
      },
    });
    expect(object('lemmy-assets-friendica-Note-nerdica.net-2022.json')).to.deep.include({ ok: true });
  });

  it('a statuses-API answer: text, author (profile URL), the language it states', () => {
    const result = parseApiStatus(JSON.parse(readCapture('friendica', 'soapbox-ica.mkljczk.pl-api-v1-statuses-106-text.json')), 'ica.mkljczk.pl', FRIENDICA_STATUSES);
    expect(result.ok && result.card).to.deep.include({
      kind: 'link',
      title: 'Alex Gleason (@alex)',
      description: 'Hello to Friendica from fe.soapbox.pub!',
      publishedAt: '2022-02-19T18:19:40Z',
      lang: 'fa',
    });
  });
});
