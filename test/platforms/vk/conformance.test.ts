// The VK adapter's readers over the real captures (../shared/fixtures/upstream/vk, 2017–2021):
// every video.get answer read into its card or reason, and the video pages (windows-1251) read as
// the fallback reads them. The captures hold no anonymous-token answer and no `files`, so the
// cards here carry the player; the token and the files are tested on fixtures of the team's own.
import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { HttpClient } from '../../../src/application/ports/http.port.js';
import { parseVideoGet } from '../../../src/infrastructure/platforms/vk/api.js';
import { pageCard, pageText, parsePage } from '../../../src/infrastructure/platforms/vk/page.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { captureFiles, describeCaptures, readCapture, UPSTREAM_CAPTURES } from '../../support/shared-fixtures.js';

const API = {
  user: 'shikimori-api-video.get-98023184_165811692-2021.json',
  album: 'shikimori-api-video.get-31645372_163523215-album-2021.json',
  group: 'shikimori-api-video.get-group-42313379_167267838-2021.json',
  rateLimited: 'shikimori-api-video.get-error6-too-many-requests-2021.json',
  hidden: 'shikimori-api-video.get-private-17174270_167070090-empty-2021.json',
};
const PAGE = {
  video: 'shikimori-vk.com-video31645372_163523215-2018.html',
  denied: 'shikimori-vk.com-video17174270_167070090-private-2017.html',
  missing: 'shikimori-vk.com-video-404-2017.html',
  removedPlayer: 'shikimori-vk.com-video_ext-broken-2018.html',
};

const api = (file: string) => parseVideoGet(JSON.parse(readCapture('vk', file)));
/** A capture as the adapter reads it: the raw bytes, decoded by what the page says of its charset. */
const page = (file: string) => pageText({ headers: {}, body: readFileSync(join(UPSTREAM_CAPTURES, 'vk', file)) });

describeCaptures('vk conformance', () => {
  describe('video.get', () => {
    it(`when given ${API.user}, returns the card: the player without the API's additions at the video's size, the widest image, date and counts`, () => {
      expect(api(API.user)).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'SAO AMV Sword Art Online (skillet-rise)',
          nsfw: false,
          video: { url: 'https://vk.com/video_ext.php?oid=98023184&id=165811692&hash=6d9a4c5f93270892', mimeType: 'text/html', width: 960, height: 720, duration: 232 },
          image: { url: 'https://sun9-24.userapi.com/c514511/u98023184/video/l_81cce630.jpg', width: 320, height: 240 },
          // date 1374189566; an empty description is left out; no `extended` part, so no author.
          publishedAt: '2013-07-18T23:19:26Z',
          stats: { replies: 122, views: 10667 },
        },
      });
    });

    it(`when given ${API.album}, keeps the multi-line description as its text`, () => {
      const result = api(API.album);
      expect(result.ok && result.card.description).to.equal(
        '45. Моё сердце словно бумеранг!\nКонец.\nНад переводом на русские субтитры работала группа:\nhttp://vk.com/lediegeorgie\nСпасибо большое за аниме.',
      );
      expect(result.ok && result.card.video).to.deep.include({ width: 640, height: 480, duration: 1433 });
    });

    it(`when given ${API.group}, reads a community's video (negative owner) without a size it does not state`, () => {
      const result = api(API.group);
      expect(result.ok && result.card.video).to.deep.equal({ url: 'https://vk.com/video_ext.php?oid=-42313379&id=167267838&hash=a941d75eea176ded', mimeType: 'text/html', duration: 1469 });
      expect(result.ok && result.card.stats).to.deep.equal({ replies: 0, views: 351 });
    });

    it(`when given ${API.rateLimited}, returns rate-limited`, () => {
      expect(api(API.rateLimited)).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it(`when given ${API.hidden} (count 0), returns private, which lets the page tell a deleted video apart`, () => {
      expect(api(API.hidden)).to.deep.equal({ ok: false, reason: 'private' });
    });

    it(`when given ${API.album} and ${PAGE.video} (the same video), names the player the page's og:video names`, () => {
      const fromApi = api(API.album);
      const fromPage = parsePage(page(PAGE.video));
      expect(fromApi.ok && fromApi.card.video?.url).to.equal(fromPage.ok && fromPage.card.video?.url);
    });
  });

  describe('video page', () => {
    it(`when given ${PAGE.video} (windows-1251), returns its Open Graph card with the player, its size and duration`, () => {
      expect(parsePage(page(PAGE.video))).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Леди Джорджия / Lady Georgie серия 45 из 45 ( рус.суб.)',
          nsfw: false,
          video: { url: 'https://vk.com/video_ext.php?oid=31645372&id=163523215&hash=3fba843aaeb2a8ae', mimeType: 'text/html', width: 720, height: 405, duration: 1433 },
          image: { url: 'https://pp.userapi.com/c518307/u7644928/video/l_0320d336.jpg' },
          // `&amp;#33;` in the tag is VK's escaped `!`; the page flattens the lines.
          description: '45. Моё сердце словно бумеранг! Конец. Над переводом на русские субтитры работала группа: http://vk.com/lediegeorgie Спасибо большое за аниме.',
        },
      });
    });

    it(`when given ${PAGE.denied}, returns private (Access denied)`, () => {
      expect(parsePage(page(PAGE.denied))).to.deep.equal({ ok: false, reason: 'private' });
    });

    it(`when ${PAGE.missing} comes with its 404, returns not-found`, async () => {
      const body = readFileSync(join(UPSTREAM_CAPTURES, 'vk', PAGE.missing));
      const http: HttpClient = { request: (r) => Promise.resolve({ status: 404, url: r.url, headers: { 'content-type': 'text/html' }, body, text: () => body.toString(), json: () => undefined }) };
      expect(await pageCard(new Upstream(http, ['vk.com']), 'https://vk.com/video98023184_165811692zzz', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it(`when given ${PAGE.removedPlayer} (the player's own error box: withdrawn from public access), returns not-found`, () => {
      expect(parsePage(page(PAGE.removedPlayer))).to.deep.equal({ ok: false, reason: 'not-found' });
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('vk', /\.(json|html)$/)).to.deep.equal([...Object.values(API), ...Object.values(PAGE)].sort());
    });
  });
});
