// The Mastodon adapter through the real HTTP adapter, with nock answering from test/platforms/mastodon/fixtures/.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseStatus } from '../../../src/infrastructure/platforms/mastodon/status.js';
import { given } from '../../support/given.js';

const FILES = 'https://files.mastodon.social/media_attachments';

const STATUS = (id: string, user = 'marta_kv', instance = 'mastodon.social') => `https://${instance}/@${user}/${id}`;

const marta = {
  title: 'Marta Kovač (@marta_kv)',
  author: { name: 'Marta Kovač', url: 'https://mastodon.social/@marta_kv', handle: 'marta_kv', avatar: 'https://files.mastodon.social/accounts/avatars/113/900/000/original/a1b2c3d4e5f60718.png' },
};
/** created_at 2025-03-14T09:26:53.000Z and language en, as every fixture but the poll has them. */
const POSTED = { publishedAt: '2025-03-14T09:26:53Z', lang: 'en' };

const jonas = { name: 'Jonas Lindqvist', url: 'https://fosstodon.org/@jonas', handle: 'jonas@fosstodon.org', avatar: 'https://files.fosstodon.org/accounts/avatars/113/900/000/original/a1b2c3d4e5f60718.png' };

describe('MastodonAdapter', () => {
  afterEach(() => nock.cleanAll());

  describe('resolve', () => {
    it('when the status is text only and was edited, returns a link card with the plain text, its times and counts', async () => {
      expect((await given('mastodon', 'text-only').resolve(STATUS('113900000000001001'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001001`,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: 'Morning walk along the canal. Herons everywhere & one very loud goose.\n\nTomorrow: the "long" route\nif it stays dry.',
          ...POSTED,
          editedAt: '2025-03-14T10:02:17Z',
          // favourites_count, reblogs_count, replies_count, quotes_count.
          stats: { likes: 14, reposts: 3, replies: 2, quotes: 0 },
        },
      });
    });

    it('when the status has one image and answers its author, returns an image card with its original size and alt, and the replied-to status', async () => {
      expect((await given('mastodon', 'image').resolve(STATUS('113900000000001002'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001002`,
        card: {
          kind: 'image',
          ...marta,
          nsfw: false,
          description: 'First frost on the allotment.',
          image: { url: `${FILES}/files/113/900/000/000/002/001/original/f00dfacecafe2001.jpg`, width: 1600, height: 1200, alt: 'Frosted kale leaves' },
          ...POSTED,
          // in_reply_to_account_id is the author's own id: the acct is known.
          replyTo: { canonicalUrl: 'https://mastodon.social/@marta_kv/113900000000000999', handle: 'marta_kv' },
          stats: { likes: 5, reposts: 0, replies: 1 },
        },
      });
    });

    it('when the status has three images, returns a gallery of all of them in order', async () => {
      const images = [
        { url: `${FILES}/files/113/900/000/000/002/011/original/f00dfacecafe2011.jpg`, width: 1200, height: 1600, alt: 'Starter in a jar' },
        { url: `${FILES}/files/113/900/000/000/002/012/original/f00dfacecafe2012.jpg`, width: 1600, height: 1200, alt: 'Dough after folding' },
        { url: `${FILES}/files/113/900/000/000/002/013/original/f00dfacecafe2013.jpg`, width: 2048, height: 2048, alt: 'Baked loaf' },
      ];
      expect((await given('mastodon', 'gallery').resolve(STATUS('113900000000001003'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001003`,
        // No counts in the fixture: no stats.
        card: { kind: 'gallery', ...marta, nsfw: false, description: 'Three stages of sourdough.', image: images[0], images, ...POSTED },
      });
    });

    it('when the status has a video, returns a video card with its duration and the preview as poster', async () => {
      expect((await given('mastodon', 'video').resolve(STATUS('113900000000001004'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001004`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'Timelapse of the storm rolling in #weather',
          video: { url: `${FILES}/files/113/900/000/000/002/021/original/f00dfacecafe2021.mp4`, mimeType: 'video/mp4', width: 1280, height: 720, duration: 12.4 },
          image: { url: `${FILES}/files/113/900/000/000/002/021/small/f00dfacecafe2021.png`, width: 640, height: 360 },
          ...POSTED,
        },
      });
    });

    it('when the status has a gifv, returns a video card of the looping MP4 without audio', async () => {
      expect((await given('mastodon', 'gifv').resolve(STATUS('113900000000001005'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001005`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'the cat, every morning',
          video: { url: `${FILES}/files/113/900/000/000/002/031/original/f00dfacecafe2031.mp4`, mimeType: 'video/mp4', width: 480, height: 270, duration: 12.4, hasAudio: false },
          image: { url: `${FILES}/files/113/900/000/000/002/031/small/f00dfacecafe2031.png`, width: 480, height: 270 },
          ...POSTED,
        },
      });
    });

    it('when the status has audio, returns an image card of the cover art with the sound as audio, never a video', async () => {
      expect((await given('mastodon', 'audio').resolve(STATUS('113900000000001006'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001006`,
        card: {
          kind: 'image',
          ...marta,
          nsfw: false,
          description: 'Dawn chorus, recorded this morning.',
          audio: { url: `${FILES}/files/113/900/000/000/002/041/original/f00dfacecafe2041.mp3`, mimeType: 'audio/mpeg', duration: 184.32 },
          image: { url: `${FILES}/thumbnails/113/900/000/000/002/041/original/f00dfacecafe2041.png`, width: 400, height: 400 },
          ...POSTED,
        },
      });
    });

    it('when the status is sensitive with a content warning, returns nsfw, the warning as contentWarning and the text alone as description', async () => {
      expect((await given('mastodon', 'sensitive-spoiler').resolve(STATUS('113900000000001007'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001007`,
        card: {
          kind: 'image',
          ...marta,
          nsfw: true,
          contentWarning: 'Spoilers: Season 3 finale',
          description: 'The twist in the last episode was the gardener all along.',
          image: { url: `${FILES}/files/113/900/000/000/002/051/original/f00dfacecafe2051.jpg`, width: 1920, height: 1080, alt: 'Screenshot of the final scene' },
          ...POSTED,
        },
      });
    });

    it('when the status has only a link preview, returns a link card with the preview image, the post text and the preview as link', async () => {
      const preview = { url: 'https://files.mastodon.social/cache/preview_cards/images/113/900/000/original/c0ffee0123456789.jpg', width: 1200, height: 630 };
      expect((await given('mastodon', 'link-card-image').resolve(STATUS('113900000000001008'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001008`,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: 'Good read on urban beekeeping https://bees.example.org/articles/rooftop-hives',
          image: preview,
          link: {
            url: 'https://bees.example.org/articles/rooftop-hives',
            title: 'Rooftop hives, five years on',
            description: 'What we learned keeping bees above the city.',
            image: preview,
          },
          ...POSTED,
        },
      });
    });

    it('when the status is a boost, returns the card of the boosted status', async () => {
      expect((await given('mastodon', 'boost').resolve(STATUS('113900000000001009'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001009`,
        card: {
          kind: 'image',
          title: 'Jonas Lindqvist (@jonas@fosstodon.org)',
          author: { ...jonas },
          nsfw: false,
          description: 'Released v2.0 of the plotting library today.',
          image: { url: `${FILES}/files/113/900/000/000/002/061/original/f00dfacecafe2061.jpg`, width: 1400, height: 900, alt: 'Release chart' },
          ...POSTED,
        },
      });
    });

    it('when the status quotes a post with a video and has no media, returns the quoted video and its sensitive flag, and the quoted post under quote', async () => {
      const video = { url: `${FILES}/files/113/900/000/000/002/071/original/f00dfacecafe2071.mp4`, mimeType: 'video/mp4', width: 1920, height: 1080, duration: 12.4 };
      const poster = { url: `${FILES}/files/113/900/000/000/002/071/small/f00dfacecafe2071.png`, width: 640, height: 360 };
      expect((await given('mastodon', 'quote').resolve(STATUS('113900000000001010'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001010`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: true,
          description: 'This is how releases should look.',
          video,
          image: poster,
          quote: {
            platform: 'mastodon',
            // The quoted status's id on the instance it was read from, by its acct there.
            canonicalUrl: 'https://mastodon.social/@jonas@fosstodon.org/113900000000001110',
            kind: 'video',
            title: 'Jonas Lindqvist (@jonas@fosstodon.org)',
            description: 'Watch the build graph light up.',
            author: { ...jonas },
            publishedAt: '2025-03-14T09:26:53Z',
            image: poster,
            video,
          },
          ...POSTED,
        },
      });
    });

    it('when the instance was added through MASTODON_INSTANCES, resolves the status there', async () => {
      const { result } = await given('mastodon', 'configured-instance', { mastodonInstances: ['social.example'] }).resolve(STATUS('113900000000001019', 'ana', 'social.example'));
      expect(result).to.deep.equal({
        ok: true,
        canonicalUrl: 'https://social.example/@ana/113900000000001019',
        card: {
          kind: 'link',
          title: 'Ana Ribeiro :blobcat: (@ana)',
          author: { name: 'Ana Ribeiro :blobcat:', url: 'https://social.example/@ana', handle: 'ana', avatar: 'https://files.social.example/accounts/avatars/113/900/000/original/a1b2c3d4e5f60718.png' },
          nsfw: false,
          description: 'Hello from a small instance.',
          ...POSTED,
        },
      });
    });

    it('when the status has a poll and answers a mentioned remote account, returns the poll, its language and the replied-to status', async () => {
      expect((await given('mastodon', 'poll').resolve(STATUS('113900000000001020'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001020`,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: '@ollie Welke route morgen?',
          publishedAt: '2025-03-14T09:26:53Z',
          lang: 'nl',
          // in_reply_to_account_id is in mentions[] as ollie@hachyderm.io.
          replyTo: { canonicalUrl: 'https://mastodon.social/@ollie@hachyderm.io/113900000000000777', handle: 'ollie@hachyderm.io' },
          poll: {
            options: [
              { label: 'Langs het kanaal', votes: 6 },
              { label: 'Door het park', votes: 3 },
            ],
            totalVotes: 9,
            endsAt: '2025-03-15T09:26:53Z',
            closed: false,
          },
          stats: { likes: 2, reposts: 1, replies: 4, quotes: 1 },
        },
      });
    });
  });

  describe('refusals', () => {
    it('when the instance answers 404, returns not-found', async () => {
      expect((await given('mastodon', 'not-found').resolve(STATUS('113900000000001011'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when the instance answers 410, returns not-found', async () => {
      expect((await given('mastodon', 'gone').resolve(STATUS('113900000000001012'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when the instance refuses anonymous API access with 401, returns blocked', async () => {
      expect((await given('mastodon', 'anonymous-refused').resolve(STATUS('113900000000001013'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it("when the instance answers 403 with Mastodon's permission error, returns private", async () => {
      expect((await given('mastodon', 'forbidden-policy').resolve(STATUS('113900000000001014'))).result).to.deep.equal({ ok: false, reason: 'private' });
    });

    it('when a challenge page answers 403, returns blocked', async () => {
      expect((await given('mastodon', 'forbidden-challenge').resolve(STATUS('113900000000001015'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when the instance answers 429, returns rate-limited', async () => {
      expect((await given('mastodon', 'rate-limited').resolve(STATUS('113900000000001016'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it('when the instance answers 503, returns upstream-error', async () => {
      expect((await given('mastodon', 'server-error').resolve(STATUS('113900000000001017'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when the status lacks its account (UPSTREAM_BAD_RESPONSE in the chain), returns upstream-error', async () => {
      expect((await given('mastodon', 'bad-shape').resolve(STATUS('113900000000001018'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when the instance is not on the list (nor discovered), throws UPSTREAM_HOST_REFUSED without a request', async () => {
      const scope = nock('https://social.example').get(/.*/).reply(200, {});
      // Not a post URL under the default list, so the post is handed over as the adapter would see it.
      const post: PostRef = { platform: 'mastodon', canonicalUrl: STATUS('1', 'ana', 'social.example'), contentId: 'social.example/1', ids: { instance: 'social.example', user: 'ana', id: '1' } };
      expect((await given('mastodon').resolvePost(post)).thrown).to.equal('UPSTREAM_HOST_REFUSED');
      expect(scope.isDone()).to.equal(false);
    });
  });

  describe('a discovered server', () => {
    const discovered = (instance: string, discoveredHost: string): PostRef => ({
      platform: 'mastodon',
      canonicalUrl: STATUS('113900000000001002', 'marta_kv', instance),
      contentId: `${instance}/113900000000001002`,
      ids: { instance, user: 'marta_kv', id: '113900000000001002' },
      discoveredHost,
    });

    it('when discovery found the post\'s own server, every request of the chain is bound to that host alone', async () => {
      nock('https://small.example').get('/api/v1/statuses/113900000000001002').reply(401, {});
      nock('https://small.example').get('/@marta_kv/113900000000001002').times(2).reply(401, '');
      const { result, requests } = await given('mastodon').resolvePost(discovered('small.example', 'small.example'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(requests.map((r) => r.allowedHosts)).to.deep.equal([['small.example'], ['small.example'], ['small.example']]);
    });

    it('when discovery found another server than the post\'s, nothing is allowed: UPSTREAM_HOST_REFUSED without a request', async () => {
      const scope = nock('https://other.example').get(/.*/).reply(200, {});
      expect((await given('mastodon').resolvePost(discovered('other.example', 'small.example'))).thrown).to.equal('UPSTREAM_HOST_REFUSED');
      expect(scope.isDone()).to.equal(false);
    });
  });

  describe('chain', () => {
    it('when the API wants a login (401), reads the post URL\'s ActivityPub object', async () => {
      const { result, requests } = await given('mastodon', 'activitypub', { once: true }).resolve(STATUS('113900000000001030'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          image: { url: `${FILES}/files/113/900/000/000/003/001/original/f00dfacecafe3001.jpg`, width: 1600, height: 900, alt: 'A lighthouse in fog' },
          nsfw: true,
          title: '@marta_kv@mastodon.social',
          description: 'Foghorn all night.',
          contentWarning: 'noise',
          author: { name: 'marta_kv@mastodon.social', url: 'https://mastodon.social/users/marta_kv', handle: 'marta_kv@mastodon.social' },
          publishedAt: '2025-03-14T09:26:53Z',
          lang: 'en',
        },
      });
      expect(requests.map((r) => `${r.method} ${r.url} ${r.headers?.['accept'] ?? ''}`)).to.deep.equal([
        'GET https://mastodon.social/api/v1/statuses/113900000000001030 application/json',
        'GET https://mastodon.social/@marta_kv/113900000000001030 application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      ]);
    });

    it('when the API and the object both refuse (authorized fetch), reads the page\'s Open Graph tags', async () => {
      const { result, requests } = await given('mastodon', 'page', { once: true }).resolve(STATUS('113900000000001030'));
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'link', title: 'Marta Kovač (@marta_kv@mastodon.social)', nsfw: false, description: 'Foghorn all night.' },
      });
      expect(requests).to.have.length(3);
    });
  });

  describe('upstreamHosts', () => {
    it('when MASTODON_INSTANCES adds an instance, lists it beside the default list', () => {
      const hosts = given('mastodon', [], { mastodonInstances: ['social.example'] }).adapter.upstreamHosts;
      expect(hosts).to.include.members(['mastodon.social', 'fosstodon.org', 'hachyderm.io', 'social.example']);
    });
  });
});

// Shapes no fixture above carries, checked on bodies alone (our fixtures' statuses, changed).
describe('parseStatus', () => {
  const fixture = (name: string): Record<string, unknown> =>
    (JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as { response: Record<string, unknown> }[])[0]!.response;
  const quoting = fixture('quote');
  const quotedStatus = (quoting.quote as { quoted_status: Record<string, unknown> }).quoted_status;
  const card = (status: Record<string, unknown>) => {
    const result = parseStatus(status, 'mastodon.social');
    if (!result.ok) throw new Error(`expected a card, got ${result.reason}`);
    return result.card;
  };

  for (const state of ['pending', 'rejected', 'revoked', 'deleted', 'unauthorized', 'blocked_account']) {
    it(`when the quote's state is ${state}, returns the quote as unavailable and borrows no media`, () => {
      const result = card({ ...quoting, quote: { state, quoted_status: state === 'pending' ? null : undefined, quoted_status_id: '113900000000001110' } });
      expect(result.quote).to.deep.equal({ unavailable: true });
      expect(result).to.deep.include({ kind: 'link', nsfw: false });
    });
  }

  it('when an accepted quote comes without its status, returns the quote as unavailable', () => {
    expect(card({ ...quoting, quote: { state: 'accepted', quoted_status: null } }).quote).to.deep.equal({ unavailable: true });
  });

  it('when the quoted status hides its text behind a content warning, returns the quote without a description', () => {
    const quote = { state: 'accepted', quoted_status: { ...quotedStatus, spoiler_text: 'build logs' } };
    expect(card({ ...quoting, quote }).quote).to.not.have.property('description');
  });

  it("when the quoting status has media of its own, keeps them and shows the quoted video only under quote", () => {
    const own = fixture('image');
    const result = card({ ...quoting, media_attachments: own.media_attachments, sensitive: false });
    expect(result).to.deep.include({
      kind: 'image',
      image: { url: `${FILES}/files/113/900/000/000/002/001/original/f00dfacecafe2001.jpg`, width: 1600, height: 1200, alt: 'Frosted kale leaves' },
      nsfw: false,
    });
    expect(result).to.not.have.property('video');
    expect(result.quote).to.have.nested.property('video.url', `${FILES}/files/113/900/000/000/002/071/original/f00dfacecafe2071.mp4`);
  });

  it('when the poll hides its totals until it ends, returns the options without votes', () => {
    const poll = { expires_at: null, expired: false, votes_count: null, options: [{ title: 'yes', votes_count: null }, { title: '', votes_count: null }, { title: 'no', votes_count: null }] };
    // An option without a title is no option; no end date leaves endsAt out.
    expect(card({ ...fixture('text-only'), poll }).poll).to.deep.equal({ options: [{ label: 'yes' }, { label: 'no' }], closed: false });
  });

  it('when the poll is still open, returns its end, which lies ahead', () => {
    const poll = { expires_at: '2099-03-15T09:26:53.000Z', expired: false, votes_count: 3, options: [{ title: 'yes', votes_count: 2 }, { title: 'no', votes_count: 1 }] };
    expect(card({ ...fixture('text-only'), poll }).poll).to.deep.equal({ options: [{ label: 'yes', votes: 2 }, { label: 'no', votes: 1 }], totalVotes: 3, endsAt: '2099-03-15T09:26:53Z', closed: false });
  });

  it('when the replied-to account is neither the author nor mentioned, returns no replyTo', () => {
    expect(card({ ...fixture('text-only'), in_reply_to_id: '113900000000000777', in_reply_to_account_id: '113900000000000404' })).to.not.have.property('replyTo');
  });

  it('when an audio status has no cover art, returns a link card with the audio', () => {
    const audio = fixture('audio');
    const [attachment] = audio.media_attachments as Record<string, unknown>[];
    const result = card({ ...audio, media_attachments: [{ ...attachment, preview_url: null }] });
    expect(result).to.deep.include({ kind: 'link', audio: { url: `${FILES}/files/113/900/000/000/002/041/original/f00dfacecafe2041.mp3`, mimeType: 'audio/mpeg', duration: 184.32 } });
    expect(result).to.not.have.property('image');
  });

  it('when the status has a content warning and no text, returns the warning and no description', () => {
    const result = card({ ...fixture('text-only'), content: '', spoiler_text: 'eye contact' });
    expect(result).to.deep.include({ contentWarning: 'eye contact' });
    expect(result).to.not.have.property('description');
  });
});
