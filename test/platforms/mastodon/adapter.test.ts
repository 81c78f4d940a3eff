// The Mastodon adapter through the real HTTP adapter, with nock answering from test/platforms/mastodon/fixtures/.
import { expect } from 'chai';
import nock from 'nock';
import { UpstreamError } from '../../../src/application/errors.js';
import type { AdapterResult, PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { createPlatformRules } from '../../../src/domain/platforms/index.js';
import { MastodonAdapter } from '../../../src/infrastructure/platforms/mastodon/index.js';
import { useFixture } from '../../support/fixtures.js';
import { testHttpClient } from '../../support/http.js';

const FILES = 'https://files.mastodon.social/media_attachments';

function post(id: string, user = 'marta_kv', instance = 'mastodon.social'): PostRef {
  return { platform: 'mastodon', canonicalUrl: `https://${instance}/@${user}/${id}`, contentId: `${instance}/${id}`, ids: { instance, user, id } };
}

function adapter(mastodonInstances: string[] = []): MastodonAdapter {
  return new MastodonAdapter(testHttpClient(), createPlatformRules({ mastodonInstances }));
}

async function resolve(scenario: string, id: string): Promise<AdapterResult> {
  useFixture('mastodon', scenario);
  return adapter().resolve(post(id), new AbortController().signal);
}

const marta = { title: 'Marta Kovač (@marta_kv)', author: { name: 'Marta Kovač', url: 'https://mastodon.social/@marta_kv' } };

describe('MastodonAdapter', () => {
  afterEach(() => nock.cleanAll());

  describe('resolve', () => {
    it('when the status is text only, returns a link card with the plain text', async () => {
      expect(await resolve('text-only', '113900000000001001')).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          ...marta,
          nsfw: false,
          description: 'Morning walk along the canal. Herons everywhere & one very loud goose.\n\nTomorrow: the "long" route\nif it stays dry.',
        },
      });
    });

    it('when the status has one image, returns an image card with its original size', async () => {
      expect(await resolve('image', '113900000000001002')).to.deep.equal({
        ok: true,
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
      expect(await resolve('gallery', '113900000000001003')).to.deep.equal({
        ok: true,
        card: { kind: 'gallery', ...marta, nsfw: false, description: 'Three stages of sourdough.', image: images[0], images },
      });
    });

    it('when the status has a video, returns a video card with the preview as poster', async () => {
      expect(await resolve('video', '113900000000001004')).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'Timelapse of the storm rolling in #weather',
          video: { url: `${FILES}/files/113/900/000/000/002/021/original/f00dfacecafe2021.mp4`, mimeType: 'video/mp4', needsProxy: false, width: 1280, height: 720 },
          image: { url: `${FILES}/files/113/900/000/000/002/021/small/f00dfacecafe2021.png`, width: 640, height: 360 },
        },
      });
    });

    it('when the status has a gifv, returns a video card of the looping MP4', async () => {
      expect(await resolve('gifv', '113900000000001005')).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'the cat, every morning',
          video: { url: `${FILES}/files/113/900/000/000/002/031/original/f00dfacecafe2031.mp4`, mimeType: 'video/mp4', needsProxy: false, width: 480, height: 270 },
          image: { url: `${FILES}/files/113/900/000/000/002/031/small/f00dfacecafe2031.png`, width: 480, height: 270 },
        },
      });
    });

    it('when the status has audio, returns a video object with an audio type and the cover as poster', async () => {
      expect(await resolve('audio', '113900000000001006')).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          ...marta,
          nsfw: false,
          description: 'Dawn chorus, recorded this morning.',
          video: { url: `${FILES}/files/113/900/000/000/002/041/original/f00dfacecafe2041.mp3`, mimeType: 'audio/mpeg', needsProxy: false },
          image: { url: `${FILES}/thumbnails/113/900/000/000/002/041/original/f00dfacecafe2041.png`, width: 400, height: 400 },
        },
      });
    });

    it('when the status is sensitive with a content warning, returns nsfw and the warning before the text', async () => {
      expect(await resolve('sensitive-spoiler', '113900000000001007')).to.deep.equal({
        ok: true,
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
      expect(await resolve('link-card-image', '113900000000001008')).to.deep.equal({
        ok: true,
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
      expect(await resolve('boost', '113900000000001009')).to.deep.equal({
        ok: true,
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
      expect(await resolve('quote', '113900000000001010')).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          ...marta,
          nsfw: true,
          description: 'This is how releases should look.\n\nRE: https://fosstodon.org/@jonas/113900000000001110',
          video: { url: `${FILES}/files/113/900/000/000/002/071/original/f00dfacecafe2071.mp4`, mimeType: 'video/mp4', needsProxy: false, width: 1920, height: 1080 },
          image: { url: `${FILES}/files/113/900/000/000/002/071/small/f00dfacecafe2071.png`, width: 640, height: 360 },
        },
      });
    });

    it('when the instance was added through MASTODON_INSTANCES, resolves the status there', async () => {
      useFixture('mastodon', 'configured-instance');
      const result = await adapter(['social.example']).resolve(post('113900000000001019', 'ana', 'social.example'), new AbortController().signal);
      expect(result).to.deep.equal({
        ok: true,
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
      expect(await resolve('not-found', '113900000000001011')).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when the instance answers 410, returns not-found', async () => {
      expect(await resolve('gone', '113900000000001012')).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when the instance refuses anonymous API access with 401, returns blocked', async () => {
      expect(await resolve('anonymous-refused', '113900000000001013')).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it("when the instance answers 403 with Mastodon's permission error, returns private", async () => {
      expect(await resolve('forbidden-policy', '113900000000001014')).to.deep.equal({ ok: false, reason: 'private' });
    });

    it('when a challenge page answers 403, returns blocked', async () => {
      expect(await resolve('forbidden-challenge', '113900000000001015')).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when the instance answers 429, returns rate-limited', async () => {
      expect(await resolve('rate-limited', '113900000000001016')).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it('when the instance answers 503, returns upstream-error', async () => {
      expect(await resolve('server-error', '113900000000001017')).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when the status lacks its account, throws UPSTREAM_BAD_RESPONSE', async () => {
      const error = await resolve('bad-shape', '113900000000001018').catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UpstreamError).with.property('code', 'UPSTREAM_BAD_RESPONSE');
    });

    it('when the instance is not on the list, throws UPSTREAM_HOST_REFUSED without a request', async () => {
      const scope = nock('https://social.example').get(/.*/).reply(200, {});
      const error = await adapter().resolve(post('1', 'ana', 'social.example'), new AbortController().signal).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UpstreamError).with.property('code', 'UPSTREAM_HOST_REFUSED');
      expect(scope.isDone()).to.equal(false);
    });
  });

  describe('upstreamHosts', () => {
    it('when MASTODON_INSTANCES adds an instance, lists it beside the default list', () => {
      const hosts = adapter(['social.example']).upstreamHosts;
      expect(hosts).to.include.members(['mastodon.social', 'fosstodon.org', 'hachyderm.io', 'social.example']);
    });
  });
});
