// The Telegram adapter through the real HTTP adapter, t.me replayed from
// test/platforms/telegram/fixtures/ (nock definitions of the team's own), with the requests it made.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseWidget } from '../../../src/infrastructure/platforms/telegram/widget.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const WIDGET = (channel: string, id: number) => `https://t.me/${channel}/${id}?embed=1&mode=tme`;
const PAGE = (channel: string, id: number) => `https://t.me/${channel}/${id}`;

describe('TelegramAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the widget shows a video, returns the video card: MP4 with size and duration, poster, text with line breaks and emoji, views, date, the channel with its picture, under the channel as Telegram spells it', async () => {
    const { result, requests } = await given('telegram', 'widget-video').resolve('https://telegram.me/s/northseanotes/512?utm_source=share');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'North Sea Notes (@NorthSeaNotes)',
        description: 'Swell over the breakwater at dawn 🌊\n\nGusts to 48 knots & rising.\nStay off the pier.',
        author: { name: 'North Sea Notes', url: 'https://t.me/NorthSeaNotes', handle: 'NorthSeaNotes', avatar: 'https://cdn1.telesco.pe/file/f1xtureAvatarN0rthSea.jpg' },
        nsfw: false,
        video: { url: 'https://cdn1.telesco.pe/file/f1xtureVideoSwell512.mp4?token=f1xtureT0ken512', mimeType: 'video/mp4', width: 1280, height: 720, duration: 65 },
        image: { url: 'https://cdn1.telesco.pe/file/f1xturePosterSwell512.jpg', width: 1280, height: 720 },
        // "1.2K" as the widget rounds it.
        stats: { views: 1200 },
        publishedAt: '2025-11-03T07:41:12Z',
      },
      canonicalUrl: 'https://t.me/NorthSeaNotes/512',
    });
    expect(requests.map((r) => r.url)).to.deep.equal([WIDGET('northseanotes', 512)]);
    expect(requests[0]!.allowedHosts).to.deep.equal(['t.me']);
    expect(requests[0]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
  });

  it('when the widget shows one photo, returns the image card at the size the widget gives it', async () => {
    const { result } = await given('telegram', 'widget-photo').resolve('https://t.me/harbourlights/77');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Harbour Lights (@harbourlights)',
        description: 'The east lamp is lit again.',
        author: { name: 'Harbour Lights', url: 'https://t.me/harbourlights', handle: 'harbourlights', avatar: 'https://cdn2.cdn-telegram.org/file/f1xtureAvatarHarb0ur.jpg' },
        nsfw: false,
        image: { url: 'https://cdn2.cdn-telegram.org/file/f1xturePhotoLamp77.jpg', width: 800, height: 600 },
        stats: { views: 94 },
        publishedAt: '2025-10-12T18:02:00Z',
      },
      canonicalUrl: 'https://t.me/harbourlights/77',
    });
  });

  it('when the widget shows an album, returns a gallery of every photo in order, without the layout sizes', async () => {
    const { result } = await given('telegram', 'widget-album').resolve('https://t.me/harbourlights/80?single');
    const photos = ['North80', 'East81', 'South82'].map((name) => ({ url: `https://cdn2.cdn-telegram.org/file/f1xtureAlbum${name}.jpg` }));
    expect(result.ok && result.card).to.deep.include({ kind: 'gallery', image: photos[0], images: photos, description: 'Three lamps, three nights.', stats: { views: 3_000_000 } });
  });

  it('when a forwarded video is too big for the widget, returns its poster as an image card, the forwarding channel as author and the original post as the quote', async () => {
    const { result } = await given('telegram', 'widget-too-big').resolve('https://t.me/tidegauge/2048?embed=1&mode=tme');
    const poster = { url: 'https://cdn3.telesco.pe/file/f1xturePosterSurge2048', width: 1920, height: 1080 };
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Tide Gauge (@tidegauge)',
        description: 'Storm surge at the lock gates, full recording.',
        author: { name: 'Tide Gauge', url: 'https://t.me/tidegauge', handle: 'tidegauge', avatar: 'https://cdn3.telesco.pe/file/f1xtureAvatarTideGauge.jpg' },
        nsfw: false,
        image: poster,
        stats: { views: 5100 },
        publishedAt: '2025-12-01T04:15:55Z',
        quote: {
          platform: 'telegram',
          canonicalUrl: 'https://t.me/coastwatchers/1190',
          kind: 'image',
          author: { name: 'Coast Watchers', url: 'https://t.me/coastwatchers', handle: 'coastwatchers' },
          image: poster,
        },
      },
      canonicalUrl: 'https://t.me/tidegauge/2048',
    });
  });

  it('when the widget shows a text reply with a link preview, returns a link card with the preview and the replied-to post, not the reply text or thumb', async () => {
    const { result } = await given('telegram', 'widget-text').resolve('https://t.me/tidegauge/2050?comment=14');
    expect(result.ok && result.card).to.deep.equal({
      kind: 'link',
      title: 'Tide Gauge (@tidegauge)',
      description: "Tomorrow's tables are out: tides.example/lockgates",
      author: { name: 'Tide Gauge', url: 'https://t.me/tidegauge', handle: 'tidegauge', avatar: 'https://cdn3.telesco.pe/file/f1xtureAvatarTideGauge.jpg' },
      nsfw: false,
      link: {
        url: 'https://tides.example/lockgates',
        title: 'Lock gates: high and low water',
        description: 'High water 07:12, low water 13:40.',
        image: { url: 'https://cdn3.telesco.pe/file/f1xtureLinkTables' },
      },
      replyTo: { canonicalUrl: 'https://t.me/tidegauge/2048' },
      stats: { views: 870 },
      publishedAt: '2025-12-01T09:00:00Z',
    });
  });

  it('when the widget says "Post not found", returns not-found without asking for the post page', async () => {
    const { result, requests } = await given('telegram', 'not-found').resolve('https://t.me/harbourlights/9999');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests.map((r) => r.url)).to.deep.equal([WIDGET('harbourlights', 9999)]);
  });

  it('when the widget fails with a 5xx, returns the post page’s Open Graph as a link card (channel and text, no image), under the channel as the page spells it', async () => {
    const { result, requests } = await given('telegram', 'page-fallback').resolve('https://t.me/harbourlights/78');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Harbour Lights (@HarbourLights)',
        description: 'Night watch rota for December:\n\nMon–Wed: Ines\nThu–Sun: Tomás',
        author: { name: 'Harbour Lights', url: 'https://t.me/HarbourLights', handle: 'HarbourLights' },
        nsfw: false,
      },
      canonicalUrl: 'https://t.me/HarbourLights/78',
    });
    expect(requests.map((r) => r.url)).to.deep.equal([WIDGET('harbourlights', 78), PAGE('harbourlights', 78)]);
  });

  it('when the widget fails and t.me answers its contact page for the username, returns not-found', async () => {
    const { result, requests } = await given('telegram', 'page-not-found').resolve('https://t.me/nosuchchannel/5');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(2);
  });

  it('when the widget and the page both answer 403, returns blocked', async () => {
    expect((await given('telegram', 'blocked').resolve('https://t.me/harbourlights/79')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the widget and the page both answer 429, returns rate-limited', async () => {
    expect((await given('telegram', 'rate-limited').resolve('https://t.me/harbourlights/82')).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when the widget and the page both answer 5xx, returns upstream-error', async () => {
    const { result, requests } = await given('telegram', 'upstream-error').resolve('https://t.me/harbourlights/81');
    expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    expect(requests).to.have.length(2);
  });

  it('when the widget and the page both answer markup without the post, returns blocked', async () => {
    nock('https://t.me').get('/harbourlights/83').query(true).reply(200, '<html><body><div class="challenge">Checking your browser</div></body></html>').get('/harbourlights/83').reply(200, '<html><head><title>Checking</title></head><body></body></html>');
    expect((await given('telegram').resolve('https://t.me/harbourlights/83')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when neither the widget nor the page answers in time, returns timeout', async () => {
    nock('https://t.me').get('/harbourlights/84').query(true).delay(1000).reply(200, '').get('/harbourlights/84').delay(1000).reply(200, '');
    const { result, requests } = await given('telegram', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://t.me/harbourlights/84');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no post, returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'telegram', canonicalUrl: 'https://t.me/harbourlights', contentId: 'harbourlights', ids: {} };
    const { result, requests } = await given('telegram').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parseWidget', () => {
  const widget = (inner: string) => `<html><body><div class="tgme_widget_message js-widget_message" data-post="quaynotes/7" data-post-id="7">${inner}</div></body></html>`;

  it('when the widget shows an error other than "not found", returns upstream-error (so the page is asked next)', () => {
    expect(parseWidget('<div class="tgme_widget_message_error">Something went wrong</div>', 'quaynotes', '7')).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the channel shows no title, views or date, titles the card by the handle and leaves those details absent', () => {
    const result = parseWidget(widget('<div class="tgme_widget_message_text js-message_text">Quiet night.</div>'), 'quaynotes', '7');
    expect(result).to.deep.equal({
      ok: true,
      card: { kind: 'link', title: '@quaynotes', description: 'Quiet night.', author: { name: 'quaynotes', url: 'https://t.me/quaynotes', handle: 'quaynotes' }, nsfw: false },
      canonicalUrl: 'https://t.me/quaynotes/7',
    });
  });

  it('when an album mixes videos and photos, gives every video, the first as `video` with its poster', () => {
    const player = (n: number) =>
      `<a class="tgme_widget_message_video_player"><i class="tgme_widget_message_video_thumb" style="background-image:url('https://cdn5.telesco.pe/file/poster${n}.jpg')"></i><div class="tgme_widget_message_video_wrap"><video src="https://cdn5.telesco.pe/file/clip${n}.mp4"></video></div><time class="message_video_duration">0:0${n}</time></a>`;
    const photo = `<a class="tgme_widget_message_photo_wrap grouped_media_wrap" style="background-image:url('https://cdn5.telesco.pe/file/photo.jpg')"></a>`;
    const result = parseWidget(widget(`<div class="tgme_widget_message_grouped_wrap">${player(1)}${photo}${player(2)}</div>`), 'quaynotes', '7');
    const clips = [1, 2].map((n) => ({ url: `https://cdn5.telesco.pe/file/clip${n}.mp4`, mimeType: 'video/mp4', duration: n }));
    expect(result.ok && result.card).to.deep.include({ kind: 'video', video: clips[0], videos: clips, image: { url: 'https://cdn5.telesco.pe/file/poster1.jpg' } });
  });

  it('when a forward names a hidden account (no link) or a channel without a post, leaves the quote out; a count it cannot read is absent', () => {
    for (const source of ['<span class="tgme_widget_message_forwarded_from_name">Someone</span>', '<a class="tgme_widget_message_forwarded_from_name" href="https://t.me/coastwatchers">Coast Watchers</a>']) {
      const result = parseWidget(widget(`<div class="tgme_widget_message_forwarded_from">Forwarded from ${source}</div><span class="tgme_widget_message_views">many</span>`), 'quaynotes', '7');
      expect(result.ok && result.card.quote).to.equal(undefined);
      expect(result.ok && result.card.stats).to.equal(undefined);
    }
  });

  it('when a media URL is protocol-relative or http, gives it as https; one without a scheme it can trust is left out', () => {
    const result = parseWidget(
      widget(`<a class="tgme_widget_message_photo_wrap" style="width:640px;background-image:url('//cdn5.telesco.pe/file/a.jpg')"><div class="tgme_widget_message_photo" style="padding-top:50%"></div></a><a class="tgme_widget_message_photo_wrap" style="background-image:url('javascript:alert(1)')"></a>`),
      'quaynotes',
      '7',
    );
    expect(result.ok && result.card).to.deep.include({ kind: 'image', image: { url: 'https://cdn5.telesco.pe/file/a.jpg', width: 640, height: 320 } });
  });
});
