// The Mastodon adapter through the real HTTP adapter, with nock answering from test/platforms/mastodon/fixtures/.
import { expect } from 'chai';
import nock from 'nock';
import { UpstreamError } from '../../../src/application/errors.js';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { given } from '../../support/given.js';

const FILES = 'https://files.mastodon.social/media_attachments';

const STATUS = (id: string, user = 'marta_kv', instance = 'mastodon.social') => `https://${instance}/@${user}/${id}`;

const marta = { title: 'Marta Kovač (@marta_kv)', author: { name: 'Marta Kovač', url: 'https://mastodon.social/@marta_kv' } };

describe('MastodonAdapter', () => {
  afterEach(() => nock.cleanAll());

  describe('resolve', () => {
    it('when the status is text only, returns a link card with the plain text', async () => {
      expect((await given('mastodon', 'text-only').resolve(STATUS('113900000000001001'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001001`,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: 'Morning walk along the canal. Herons everywhere & one very loud goose.\n\nTomorrow: the "long" route\nif it stays dry.',
        },
      });
    });

    it('when the status has one image, returns an image card with its original size', async () => {
      expect((await given('mastodon', 'image').resolve(STATUS('113900000000001002'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001002`,
        card: {
          kind: 'image',
          ...marta,
          nsfw: false,
          description: 'First frost on the allotment.',
          image: { url: `${FILES}/files/113/900/000/000/002/001/original/f00dfacecafe2001.jpg`, width: 1600, height: 1200 },
        },
      });
    });

    it('when the status has three images, returns a gallery of all of them in order', async () => {
      const images = [
        { url: `${FILES}/files/113/900/000/000/002/011/original/f00dfacecafe2011.jpg`, width: 1200, height: 1600 },
        { url: `${FILES}/files/113/900/000/000/002/012/original/f00dfacecafe2012.jpg`, width: 1600, height: 1200 },
        { url: `${FILES}/files/113/900/000/000/002/013/original/f00dfacecafe2013.jpg`, width: 2048, height: 2048 },
      ];
      expect((await given('mastodon', 'gallery').resolve(STATUS('113900000000001003'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001003`,
        card: { kind: 'gallery', ...marta, nsfw: false, description: 'Three stages of sourdough.', image: images[0], images },
      });
    });

    it('when the status has a video, returns a video card with the preview as poster', async () => {
      expect((await given('mastodon', 'video').resolve(STATUS('113900000000001004'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001004`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'Timelapse of the storm rolling in #weather',
          video: { url: `${FILES}/files/113/900/000/000/002/021/original/f00dfacecafe2021.mp4`, mimeType: 'video/mp4', width: 1280, height: 720 },
          image: { url: `${FILES}/files/113/900/000/000/002/021/small/f00dfacecafe2021.png`, width: 640, height: 360 },
        },
      });
    });

    it('when the status has a gifv, returns a video card of the looping MP4', async () => {
      expect((await given('mastodon', 'gifv').resolve(STATUS('113900000000001005'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001005`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'the cat, every morning',
          video: { url: `${FILES}/files/113/900/000/000/002/031/original/f00dfacecafe2031.mp4`, mimeType: 'video/mp4', width: 480, height: 270 },
          image: { url: `${FILES}/files/113/900/000/000/002/031/small/f00dfacecafe2031.png`, width: 480, height: 270 },
        },
      });
    });

    it('when the status has audio, returns a video object with an audio type and the cover as poster', async () => {
      expect((await given('mastodon', 'audio').resolve(STATUS('113900000000001006'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001006`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'Dawn chorus, recorded this morning.',
          video: { url: `${FILES}/files/113/900/000/000/002/041/original/f00dfacecafe2041.mp3`, mimeType: 'audio/mpeg' },
          image: { url: `${FILES}/thumbnails/113/900/000/000/002/041/original/f00dfacecafe2041.png`, width: 400, height: 400 },
        },
      });
    });

    it('when the status is sensitive with a content warning, returns nsfw and the warning before the text', async () => {
      expect((await given('mastodon', 'sensitive-spoiler').resolve(STATUS('113900000000001007'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001007`,
        card: {
          kind: 'image',
          ...marta,
          nsfw: true,
          description: 'Content warning: Spoilers: Season 3 finale\n\nThe twist in the last episode was the gardener all along.',
          image: { url: `${FILES}/files/113/900/000/000/002/051/original/f00dfacecafe2051.jpg`, width: 1920, height: 1080 },
        },
      });
    });

    it('when the status has only a link preview, returns a link card with the preview image and the post text', async () => {
      expect((await given('mastodon', 'link-card-image').resolve(STATUS('113900000000001008'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001008`,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: 'Good read on urban beekeeping https://bees.example.org/articles/rooftop-hives',
          image: { url: 'https://files.mastodon.social/cache/preview_cards/images/113/900/000/original/c0ffee0123456789.jpg', width: 1200, height: 630 },
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
          author: { name: 'Jonas Lindqvist', url: 'https://fosstodon.org/@jonas' },
          nsfw: false,
          description: 'Released v2.0 of the plotting library today.',
          image: { url: `${FILES}/files/113/900/000/000/002/061/original/f00dfacecafe2061.jpg`, width: 1400, height: 900 },
        },
      });
    });

    it('when the status quotes a post with a video, returns the quoted video and its sensitive flag', async () => {
      expect((await given('mastodon', 'quote').resolve(STATUS('113900000000001010'))).result).to.deep.equal({
        ok: true,
        canonicalUrl: `https://mastodon.social/@marta_kv/113900000000001010`,
        card: {
          kind: 'video',
          ...marta,
          nsfw: true,
          description: 'This is how releases should look.\n\nRE: https://fosstodon.org/@jonas/113900000000001110',
          video: { url: `${FILES}/files/113/900/000/000/002/071/original/f00dfacecafe2071.mp4`, mimeType: 'video/mp4', width: 1920, height: 1080 },
          image: { url: `${FILES}/files/113/900/000/000/002/071/small/f00dfacecafe2071.png`, width: 640, height: 360 },
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
          author: { name: 'Ana Ribeiro :blobcat:', url: 'https://social.example/@ana' },
          nsfw: false,
          description: 'Hello from a small instance.',
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

    it('when the status lacks its account, throws UPSTREAM_BAD_RESPONSE', async () => {
      const error = await given('mastodon', 'bad-shape').resolve(STATUS('113900000000001018')).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UpstreamError).with.property('code', 'UPSTREAM_BAD_RESPONSE');
    });

    it('when the instance is not on the list, throws UPSTREAM_HOST_REFUSED without a request', async () => {
      const scope = nock('https://social.example').get(/.*/).reply(200, {});
      // Not a post URL under the default list, so the post is handed over as the adapter would see it.
      const post: PostRef = { platform: 'mastodon', canonicalUrl: STATUS('1', 'ana', 'social.example'), contentId: 'social.example/1', ids: { instance: 'social.example', user: 'ana', id: '1' } };
      const error = await given('mastodon').resolvePost(post).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UpstreamError).with.property('code', 'UPSTREAM_HOST_REFUSED');
      expect(scope.isDone()).to.equal(false);
    });
  });

  describe('upstreamHosts', () => {
    it('when MASTODON_INSTANCES adds an instance, lists it beside the default list', () => {
      const hosts = given('mastodon', [], { mastodonInstances: ['social.example'] }).adapter.upstreamHosts;
      expect(hosts).to.include.members(['mastodon.social', 'fosstodon.org', 'hachyderm.io', 'social.example']);
    });
  });
});
