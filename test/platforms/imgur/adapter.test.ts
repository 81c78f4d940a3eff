// The Imgur adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/imgur/fixtures/ (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseV3 } from '../../../src/infrastructure/platforms/imgur/api-v3.js';
import { parseOembed } from '../../../src/infrastructure/platforms/imgur/oembed.js';
import { parsePost } from '../../../src/infrastructure/platforms/imgur/post.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const POST = (kind: 'media' | 'albums', id: string) => `https://api.imgur.com/post/v1/${kind}/${id}?client_id=546c25a59c58ad7&include=media%2Caccount`;
const OEMBED = (url: string) => `https://api.imgur.com/oembed?url=${encodeURIComponent(url)}&format=json`;
const OPERATOR = { imgur: { clientId: 'operator0client', clientSecret: 'operator-secret-unused' } };

const HARBOURLIGHT = {
  name: 'harbourlight',
  url: 'https://imgur.com/user/harbourlight',
  handle: 'harbourlight',
  avatar: 'https://i.imgur.com/Hb1Av4t_d.png?maxwidth=290&fidelity=grand',
};

describe('ImgurAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the post API answers a single image, returns its image card with the uploader and counts, in one request', async () => {
    const { result, requests } = await given('imgur', 'image').resolve('https://i.imgur.com/Qm3rT7w.jpg');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Lighthouse in the fog this morning',
        description: 'Taken from the north pier at 6 am.',
        author: HARBOURLIGHT,
        publishedAt: '2025-10-04T08:31:07Z',
        stats: { views: 48210, likes: 912, replies: 37, bookmarks: 120, score: 898 },
        nsfw: false,
        image: { url: 'https://i.imgur.com/Qm3rT7w.jpeg', width: 3024, height: 4032 },
      },
    });
    expect(requests.map((r) => [r.url, r.redirect])).to.deep.equal([[POST('media', 'Qm3rT7w'), 'manual']]);
    expect(requests[0]!.allowedHosts).to.deep.equal(['api.imgur.com', 'i.imgur.com']);
  });

  it('when the post is a video (gifv, mp4), returns the video with its sound flag, duration and poster, and its edit time', async () => {
    const { result } = await given('imgur', 'video').resolve('https://i.imgur.com/Vd8nP2q.gifv');
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      title: 'Seal surfacing by the harbour steps',
      publishedAt: '2025-10-04T08:31:07Z',
      editedAt: '2025-10-05T09:00:00Z',
      video: { url: 'https://i.imgur.com/Vd8nP2q.mp4', mimeType: 'video/mp4', width: 1080, height: 1920, duration: 12.5, hasAudio: true },
      image: { url: 'https://i.imgur.com/Vd8nP2qh.jpg' },
    });
  });

  it('when a gallery post is an album of photos marked mature, returns a gallery card with nsfw true', async () => {
    const { result, requests } = await given('imgur', 'album').resolve('https://imgur.com/gallery/three-lighthouses-on-one-coast-Zp4kL2x');
    expect(result.ok && result.card).to.deep.include({
      kind: 'gallery',
      title: 'Three lighthouses on one coast',
      nsfw: true,
      image: { url: 'https://i.imgur.com/La1aaaa.jpeg', width: 1600, height: 1200 },
      images: [
        { url: 'https://i.imgur.com/La1aaaa.jpeg', width: 1600, height: 1200 },
        { url: 'https://i.imgur.com/La2bbbb.png', width: 1200, height: 1600 },
        { url: 'https://i.imgur.com/La3cccc.jpeg', width: 2000, height: 1500 },
      ],
    });
    expect(requests.map((r) => r.url)).to.deep.equal([POST('albums', 'Zp4kL2x')]);
  });

  it('when an anonymous album holds two videos, gives the first as video and both under videos, without author or counts', async () => {
    const { result } = await given('imgur', 'album-videos').resolve('https://imgur.com/a/Mx5vK9r');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        publishedAt: '2025-10-04T08:31:07Z',
        nsfw: false,
        video: { url: 'https://i.imgur.com/Mv1dddd.mp4', mimeType: 'video/mp4', width: 720, height: 1280, duration: 8, hasAudio: false },
        videos: [
          { url: 'https://i.imgur.com/Mv1dddd.mp4', mimeType: 'video/mp4', width: 720, height: 1280, duration: 8, hasAudio: false },
          { url: 'https://i.imgur.com/Mv2eeee.mp4', mimeType: 'video/mp4', width: 1280, height: 720, duration: 30.03, hasAudio: true },
        ],
        image: { url: 'https://i.imgur.com/Mv1ddddh.jpg' },
      },
    });
  });

  it('when the post\'s files are replaced by removed.png, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('imgur', 'removed').resolve('https://imgur.com/Rm0vD3d');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the API redirects to removed.png, returns not-found', async () => {
    const { result, requests } = await given('imgur', 'removed-redirect').resolve('https://imgur.com/Rd1rC7t');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the post API answers 404, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('imgur', 'not-found').resolve('https://imgur.com/Nf4Gone');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([POST('media', 'Nf4Gone')]);
  });

  it('when the post API refuses this address (403) and no client id is configured, returns oEmbed\'s title as a link card', async () => {
    const { result, requests } = await given('imgur', 'blocked-oembed').resolve('https://imgur.com/Bk2oEm8');
    expect(result).to.deep.equal({ ok: true, card: { kind: 'link', title: 'Fog & foghorns', nsfw: false } });
    expect(requests.map((r) => r.url)).to.deep.equal([POST('media', 'Bk2oEm8'), OEMBED('https://imgur.com/Bk2oEm8')]);
  });

  it('when the post API refuses and an Imgur client id is configured, asks API v3 with it in the Authorization header only', async () => {
    const { result, requests } = await given('imgur', 'v3', { credentials: OPERATOR }).resolve('https://imgur.com/V3im9Xk');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Breakwater at dusk',
        description: 'Long exposure, 30 s.',
        author: { name: 'harbourlight', url: 'https://imgur.com/user/harbourlight', handle: 'harbourlight' },
        publishedAt: '2025-10-04T08:20:00Z',
        stats: { views: 530 },
        nsfw: false,
        image: { url: 'https://i.imgur.com/V3im9Xk.jpg', width: 2400, height: 1600 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([POST('media', 'V3im9Xk'), 'https://api.imgur.com/3/image/V3im9Xk']);
    expect(requests[1]!.headers).to.include({ authorization: 'Client-ID operator0client' });
    expect(JSON.stringify(result)).to.not.include('operator');
  });

  it('when API v3 answers an album with a GIF, gives its MP4 as the video (silent) and keeps the album\'s nsfw flag', async () => {
    const { result, requests } = await given('imgur', 'v3-album', { credentials: OPERATOR }).resolve('https://imgur.com/a/V3al8Yp');
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      title: 'Gulls',
      nsfw: true,
      video: { url: 'https://i.imgur.com/V3g1fAa.mp4', mimeType: 'video/mp4', width: 480, height: 270, hasAudio: false },
      image: { url: 'https://i.imgur.com/V3g1fAah.jpg' },
    });
    expect(requests[1]!.url).to.equal('https://api.imgur.com/3/album/V3al8Yp');
  });

  describe('a direct link to a file, when neither API describes its post', () => {
    const FILE = (name: string) => `https://i.imgur.com/${name}`;

    it('when the file host serves the picture, returns an image card of that file (its own URL), asking the file with a HEAD', async () => {
      const { result, requests } = await given('imgur', 'file-only', { once: true }).resolve(FILE('Fl4nOn1.jpg'));
      expect(result).to.deep.equal({ ok: true, card: { kind: 'image', nsfw: false, image: { url: FILE('Fl4nOn1.jpg') } } });
      expect(requests.map((r) => `${r.method ?? 'GET'} ${r.url}`)).to.deep.equal([`GET ${POST('media', 'Fl4nOn1')}`, `HEAD ${FILE('Fl4nOn1.jpg')}`, `GET ${OEMBED('https://imgur.com/Fl4nOn1')}`]);
    });

    it("when oEmbed answers too, the file's card carries oEmbed's title, and oEmbed is asked once", async () => {
      const { result, requests } = await given('imgur', 'file-titled', { once: true }).resolve(`${FILE('Fl5tTl2.png')}?utm_source=chat`);
      expect(result).to.deep.equal({ ok: true, card: { kind: 'image', title: 'Tide pools at low water', nsfw: false, image: { url: FILE('Fl5tTl2.png') } } });
      expect(requests.filter((r) => r.url.includes('/oembed'))).to.have.length(1);
    });

    it('when the link is a .gifv, the card is the MP4 it wraps, as a video', async () => {
      const { result } = await given('imgur', 'file-gifv', { once: true }).resolve(FILE('Gv6fIl3.gifv'));
      expect(result).to.deep.equal({ ok: true, card: { kind: 'video', nsfw: false, video: { url: FILE('Gv6fIl3.mp4'), mimeType: 'video/mp4' } } });
    });

    it('when the file redirects to removed.png, returns not-found and asks oEmbed nothing', async () => {
      const { result, requests } = await given('imgur', 'file-removed', { once: true }).resolve(FILE('Rm7fIl4.jpg'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(requests).to.have.length(2);
    });

    it('when the file host refuses too, returns blocked', async () => {
      const { result } = await given('imgur', 'file-blocked', { once: true }).resolve(FILE('Bk8fIl5.jpg'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('a link to the post page (no file named) does not ask the file host', async () => {
      const { requests } = await given('imgur', 'blocked').resolve('https://imgur.com/Bk3all0');
      expect(requests.some((r) => r.url.startsWith('https://i.imgur.com/'))).to.equal(false);
    });
  });

  it('when every strategy answers 403, returns blocked', async () => {
    const { result, requests } = await given('imgur', 'blocked').resolve('https://imgur.com/Bk3all0');
    expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(requests).to.have.length(2);
  });

  it('when every strategy answers 429, returns rate-limited', async () => {
    expect((await given('imgur', 'rate-limited').resolve('https://imgur.com/Rl5slow')).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when nothing answers in time, returns timeout', async () => {
    nock('https://api.imgur.com').get(/.*/).delay(1000).reply(200, {}).persist();
    const { result } = await given('imgur', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://imgur.com/Sl0wwww');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });

  it('when the URL named no post, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'imgur', canonicalUrl: 'https://imgur.com/user/harbourlight', contentId: 'user/harbourlight', ids: {} };
    const { result, requests } = await given('imgur').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('Imgur readers', () => {
  it('when the post answer is not a post, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parsePost('<html>')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    expect(() => parsePost({ id: 'Ab12Cd3', media: [] })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('when a file URL is not https, leaves it out', () => {
    const result = parsePost({ id: 'Ab12Cd3', title: 'Mixed', media: [{ id: 'Ab12Cd3', type: 'image', url: 'http://i.imgur.com/Ab12Cd3.jpg' }] });
    expect(result).to.deep.equal({ ok: true, card: { kind: 'link', title: 'Mixed', nsfw: false } });
  });

  it('when API v3 answers an error envelope, throws UPSTREAM_BAD_RESPONSE; an image marked nsfw is nsfw', () => {
    expect(() => parseV3({ data: { error: 'Not found' }, success: false, status: 404 }, 'image')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    const result = parseV3({ data: { id: 'Ab12Cd3', nsfw: true, link: 'https://i.imgur.com/Ab12Cd3.png' }, success: true, status: 200 }, 'image');
    expect(result).to.deep.equal({ ok: true, card: { kind: 'image', nsfw: true, image: { url: 'https://i.imgur.com/Ab12Cd3.png' } } });
  });

  it('when the oEmbed embed links an untitled post by its address, there is no title', () => {
    const body = { type: 'rich', html: '<blockquote class="imgur-embed-pub" data-id="Ab12Cd3"><a href="https://imgur.com/Ab12Cd3">View post on imgur.com</a></blockquote>' };
    expect(() => parseOembed(body)).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });
});
