// The TikTok parsers over every real capture of the endpoints the adapter calls
// (../shared/fixtures/upstream/tiktok): post pages (both state shapes) and oEmbed answers.
import { expect } from 'chai';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { mediaHeaders } from '../../../src/infrastructure/platforms/tiktok/index.js';
import { urlExpiry } from '../../../src/infrastructure/platforms/tiktok/item.js';
import { textFromOembed, type OembedText } from '../../../src/infrastructure/platforms/tiktok/oembed.js';
import { parsePage } from '../../../src/infrastructure/platforms/tiktok/page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const mp4 = (url: string, width: number, height: number) => ({ url, mimeType: 'video/mp4', width, height });

const A3_VIDEO =
  'https://v16-webapp-prime.tiktok.com/video/tos/maliva/tos-maliva-ve-0068c800-us/4487d1102a7743e3b19643a14a73e260/?a=1988&bti=ODszNWYuMDE6&ch=0&cr=3&dr=0&lr=unwatermarked&cd=0%7C0%7C0%7C&br=1918&bt=959&cs=0&ds=2&ft=4fUEKMUm8Zmo09u_g-4jV8e1upWrKsd.&mime_type=video_mp4&qs=0&rc=aDM5Nmk5NWY7NDpnZ2Q2M0BpM2x0Zjxrdmp4czMzNjczM0BiY2FgYjUxNmExMTMvLV8vYSMwby5fc2ZlLW1fLS0uMTZzcw%3D%3D&btag=e00088000&expire=1718056799&l=20240610155929068E8F0BBEAB3D57F293&ply_type=2&policy=2&signature=084081fab6a4952177dc23937b7cad6a&tk=tt_chain_token';
const ILLOJUAN_VIDEO =
  'https://v16-webapp-prime.tiktok.com/video/tos/no1a/tos-no1a-ve-0068-no/o4FBUER6Pk4HAQiqiNGItUvSYlAaBZhCZsPst/?a=1988&bti=ODszNWYuMDE6&ch=0&cr=3&dr=0&lr=all&cd=0%7C0%7C0%7C&cv=1&br=1974&bt=987&cs=0&ds=6&ft=-Csk_ms1PD12NAME0d-UxJT5SY3W3wv25xcAp&mime_type=video_mp4&qs=0&rc=aTY4aTVpOTplZGk7NjQ4Z0BpM25qdXQ5cnJkNzMzbzgzNUAvLjUtXl9iNV4xLTQxYTNjYSNqbnFqMmQ0MF5hLS1kLzFzcw%3D%3D&btag=e00090000&expire=1767267384&l=202512301135204406341B8B3E52153CEE&ply_type=2&policy=2&signature=80de1a2e5b9afb03773fbc876d94af7d&tk=tt_chain_token';
const REBEL_VIDEO =
  'https://v16m-webapp.tiktokcdn-us.com/781816b0dce26a5d9715885d17e23965/6304668b/video/tos/useast5/tos-useast5-pve-0068-tx/8033b30d78bb4e39aaf25fd37e31fecd/?a=1988&ch=0&cr=0&dr=0&lr=tiktok_m&cd=0%7C0%7C1%7C0&cv=1&br=1884&bt=942&cs=0&ds=3&ft=ebtHKH-qMyq8ZtcKJhe2NwpGfl7Gb&mime_type=video_mp4&qs=0&rc=O2Y1NWhnZmY7N2c4ZzM5OEBpamt4O2c6ZmtuZjMzZzczNEBhXzM0MjIxNmIxYzJhYzYxYSMvMWVmcjRfNi1gLS1kMS9zcw%3D%3D&l=20220822233237B198FCB688957AB214C0';

/** Page captures: the post id the adapter asks for, and the result the page parser must give. */
const PAGES: Record<string, { id: string; result: AdapterResult; description?: { starts: string; ends: string; length: number } }> = {
  'page-video-a3noticias-6806030056956251397-2024-06.html': {
    id: '6806030056956251397',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Antena 3 Noticias (@a3noticias)',
        description: 'Nuestro #AplausoSanitario más sincero. Para todos. Y recuerda, #QuédateEnCasa',
        author: {
          name: 'Antena 3 Noticias',
          url: 'https://www.tiktok.com/@a3noticias',
          handle: 'a3noticias',
          avatar:
            'https://p77-sign-va.tiktokcdn.com/tos-maliva-avt-0068/7310917751608967174~c5_100x100.jpeg?lk3s=a5d48078&nonce=40483&refresh_token=58e5345abc49ea35d84cdc7f39dd3350&x-expires=1718204400&x-signature=p5HFuQE4ngDL84HsIvay9FUnl1I%3D&shp=a5d48078&shcp=81f88b70',
          verified: true,
        },
        nsfw: false,
        // createTime "1584652361"; no textLanguage on this page.
        publishedAt: '2020-03-19T21:12:41Z',
        stats: { likes: 12000, reposts: 205, replies: 252, views: 260800, bookmarks: 157 },
        // The cover: the same URL oEmbed gives as its 480×848 thumbnail.
        image: {
          url: 'https://p77-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/165175e006354d838501378cfb325b79_1584652367?x-expires=1718204400&x-signature=weANzY8AXzX93c5j7jm34neMhWY%3D',
          width: 480,
          height: 848,
        },
        video: { ...mp4(A3_VIDEO, 480, 848), duration: 29 },
      },
      // The video's `expire=` comes before the cover's `x-expires=1718204400`.
      mediaExpiresAt: 1718056799000,
    },
  },
  'page-video-illojuan-2025-12.html': {
    id: '7571863205253778710',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'IlloJuan (@illojuan)',
        author: {
          name: 'IlloJuan',
          url: 'https://www.tiktok.com/@illojuan',
          handle: 'illojuan',
          avatar:
            'https://p19-common-sign.tiktokcdn-eu.com/tos-maliva-avt-0068/0e9e270af8359eb737271b7ae8d57d6a~tplv-tiktokx-cropcenter:100:100.jpeg?dr=10399&refresh_token=9c84c17f&x-expires=1767265200&x-signature=Y6%2F4zy%2FsehR77QhQbQ51Lk28ZWA%3D&t=4d5b0474&ps=13740610&shp=a5d48078&shcp=81f88b70&idc=no1a',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2025-11-12T15:36:28Z',
        lang: 'es',
        stats: { likes: 25500, reposts: 2156, replies: 146, views: 192100, bookmarks: 1311 },
        // og:image is empty on this page; the state's cover is not.
        image: {
          url: 'https://p16-pu-sign-no.tiktokcdn-eu.com/tos-no1a-p-0037-no/oEpFAixTQAKmCk3CIEAprFAfAVFIlkfSpgsDZE~tplv-tiktokx-origin.image?dr=10395&x-expires=1767265200&x-signature=rtNIT1xHmktWJNMHzSUOWXERy04%3D&t=4d5b0474&ps=13740610&shp=81f88b70&shcp=43f4a2f9&idc=no1a',
          width: 576,
          height: 1024,
        },
        // playAddr, the H.264 gear; the H.265 gear beside it in bitrateInfo is not chosen.
        video: { ...mp4(ILLOJUAN_VIDEO, 576, 1024), duration: 64 },
      },
      // Here the cover's `x-expires=1767265200` comes before the video's `expire=1767267384`.
      mediaExpiresAt: 1767265200000,
    },
    description: { starts: 'La nueva locurilla de fin de año: me he puesto un uniforme de trabajo 🔥', ends: 'Espero que os guste ❤️', length: 451 },
  },
  // 2022 page generation: SIGI_STATE, `author` a bare handle with `nickname` beside it.
  'page-video-rebelunicorncrafts-7134059641968872746-SIGI_STATE-2022-08.html': {
    id: '7134059641968872746',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Lacey - Curious Watercolor&Art (@rebelunicorncrafts)',
        description: "I've had this corn interview stuck in my head for days 😂🌽🌽🌽🌽#learnwatercolor #watercolor #corn #ilovecorn",
        // UserModule.users[handle] states verified: false and the avatarThumb (its larger sizes are empty).
        author: {
          name: 'Lacey - Curious Watercolor&Art',
          url: 'https://www.tiktok.com/@rebelunicorncrafts',
          handle: 'rebelunicorncrafts',
          avatar:
            'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/e428829a962e49a8c06146112706278e~c5_100x100.jpeg?x-expires=1661382000&x-signature=sB%2B9tlpii3ZgXRuiY87%2FtGs3%2BUQ%3D',
          verified: false,
        },
        nsfw: false,
        publishedAt: '2022-08-20T20:35:01Z',
        // Only `stats` on the 2022 page, without collectCount.
        stats: { likes: 4787, reposts: 75, replies: 52, views: 44500 },
        image: {
          url: 'https://p19-sign.tiktokcdn-us.com/obj/tos-useast5-p-0068-tx/1b592206d1c24887895c3203ca05058e_1661027703?x-expires=1661230800&x-signature=8BDvmaFPmRJbhq%2FulJieGPbzuH8%3D',
          width: 576,
          height: 1024,
        },
        video: { ...mp4(REBEL_VIDEO, 576, 1024), duration: 21 },
      },
      mediaExpiresAt: 1661230800000,
    },
  },
};

const OEMBEDS: Record<string, OembedText> = {
  'oembed-a3noticias-6806030056956251397-2024-06.json': {
    title: 'Antena 3 Noticias (@a3noticias)',
    description: 'Nuestro #AplausoSanitario más sincero. Para todos. Y recuerda, #QuédateEnCasa',
    author: { name: 'Antena 3 Noticias', url: 'https://www.tiktok.com/@a3noticias', handle: 'a3noticias' },
  },
  // 2022: no author_unique_id; the handle comes from author_url.
  'oembed-rebelunicorncrafts-7134059641968872746-2022-08.json': {
    title: 'Lacey - Curious Watercolor&Art (@rebelunicorncrafts)',
    description: "I've had this corn interview stuck in my head for days 😂🌽🌽🌽🌽#learnwatercolor #watercolor #corn #ilovecorn",
    author: { name: 'Lacey - Curious Watercolor&Art', url: 'https://www.tiktok.com/@rebelunicorncrafts', handle: 'rebelunicorncrafts' },
  },
  // The trailing space of the post text is trimmed.
  'oembed-salestipstok-7337845679101922602-2026-09.json': {
    title: 'Learn B2B Sales, Leslie Venetz (@salestipstok)',
    description:
      'Steal this B2B email subject line to skyrocket your email open rates. If you are sending cold sales emails, use this template to earn the right to your prospects attention by making a deposit before and ask. #emailsubjectlines #coldemail #addyours #salestips #salestipstok',
    author: { name: 'Learn B2B Sales, Leslie Venetz', url: 'https://www.tiktok.com/@salestipstok', handle: 'salestipstok' },
  },
};

const PAGE_HEADERS = 'page-video-a3noticias-6806030056956251397-2024-06.response-headers.json';

describeCaptures('tiktok conformance', () => {
  describe('parsePage', () => {
    for (const [file, { id, result, description }] of Object.entries(PAGES)) {
      it(`when given ${file}, returns the video card with its cover, details and the earliest media expiry`, () => {
        const actual = parsePage(readCapture('tiktok', file), id);
        if (description && actual.ok) {
          const text = actual.card.description ?? '';
          expect(text.startsWith(description.starts), 'description start').to.equal(true);
          expect(text.endsWith(description.ends), 'description end').to.equal(true);
          expect(Array.from(text).length).to.equal(description.length);
          delete actual.card.description;
        }
        expect(actual).to.deep.equal(result);
      });
    }

    it('when the 2022 video URL carries its expiry as the hex path segment, reads it (0x6304668b)', () => {
      expect(urlExpiry(REBEL_VIDEO)).to.equal(0x6304668b * 1000);
    });
  });

  describe('mediaHeaders', () => {
    it("when given the 2024 page's Set-Cookie lines, returns its tt_chain_token and TikTok's Referer, nothing else", () => {
      const captured = JSON.parse(readCapture('tiktok', PAGE_HEADERS)) as { headers: Record<string, string[]> };
      expect(mediaHeaders(captured.headers['set-cookie']!.join('\n'))).to.deep.equal({
        cookie: 'tt_chain_token=dV4Ot+x2FaWphIoq1+P2fQ==',
        referer: 'https://www.tiktok.com/',
      });
    });
  });

  describe('textFromOembed', () => {
    for (const [file, text] of Object.entries(OEMBEDS)) {
      it(`when given ${file}, returns the post text, the title "Name (@handle)" and the author`, () => {
        expect(textFromOembed(JSON.parse(readCapture('tiktok', file)))).to.deep.equal(text);
      });
    }
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every page and oEmbed body has an expectation here', () => {
      const bodies = captureFiles('tiktok', /^(page|oembed)-.*\.(html|json)$/).filter((name) => !name.endsWith('.response-headers.json'));
      expect(bodies).to.deep.equal([...Object.keys(PAGES), ...Object.keys(OEMBEDS)].sort());
    });
  });
});
