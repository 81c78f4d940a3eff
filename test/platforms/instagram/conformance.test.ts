// The Instagram parsers over the real captures in ../shared/fixtures/upstream/instagram (SOURCES.md),
// with the expected cards read from the captures. The folder has post pages only for the endpoints
// the adapter calls: the crawler-page strategy reads them (Open Graph tags, and `_sharedData` on the
// 2021 generation). There is no capture of the embed page nor of a GraphQL answer ("Still missing"
// in SOURCES.md): those parsers are covered by the adapter's own fixtures.
import { expect } from 'chai';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { parseEmbedPage } from '../../../src/infrastructure/platforms/instagram/embed.js';
import { parsePostQuery } from '../../../src/infrastructure/platforms/instagram/graphql.js';
import { mediaExpiry } from '../../../src/infrastructure/platforms/instagram/media.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/instagram/page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const profile = (handle: string) => `https://www.instagram.com/${handle}/`;

interface PageExpectation {
  /** The post's shortcode, from the capture's URL in SOURCES.md. */
  code: string;
  why: string;
  result: AdapterResult;
  /** The earliest `oe=` of the card's media URLs, in ms. */
  expiresAt?: number;
}

const PAGES: Record<string, PageExpectation> = {
  'page-post-photo-2024-12.html': {
    code: 'CPeC-Eenc8l',
    why: 'a photo: an image card with the caption from og:title and the handle from twitter:title',
    result: {
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Willyrex (@willyrex)',
        description: 'Una de mis nuevas sudaderas top!! Per ardua ad astra 🚀🚀🚀',
        author: { name: 'Willyrex', url: profile('willyrex'), handle: 'willyrex' },
        image: {
          url: 'https://scontent-mad1-1.cdninstagram.com/v/t51.29350-15/192808438_308120607576085_8247727303942216319_n.jpg?stp=c288.0.864.864a_dst-jpg_e35_s640x640_tt6&_nc_cat=106&ccb=1-7&_nc_sid=18de74&_nc_ohc=vbNYgMq4478Q7kNvgGlZ7qJ&_nc_zt=23&_nc_ht=scontent-mad1-1.cdninstagram.com&_nc_gid=A3NWPo2HYchDUw7WBR46EUm&oh=00_AYCe4zSS0AYp5Y4l-Oya17aAQMRZF84Nel4b32DeiidaxA&oe=677852B0',
        },
      },
    },
    expiresAt: 0x677852b0 * 1000,
  },
  'page-post-multi-photo-2024-12.html': {
    code: 'COn3M4TnRi1',
    why: "a carousel: the page shows its first photo only, so an image card (the embed or the query give the gallery)",
    result: {
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Willyrex (@willyrex)',
        description:
          '¿Listos? Nuevo #SORTEO en mi perfil 📱\n\nUna vez más os traigo lo nuevo de OPPO, os presento el nuevo #OPPOFindX3Neo\n\nSu cámara es una auténtica locura, viene con Sensor IMX766 de 50 MP. Por la batería no os preocupéis, tiene carga SuperVOOC 2.0, 100% en 38 min. Además, tiene un diseño fino y ultraligero 🏸\n\n¿Queréis uno como el mío? Participa ahora mismo:\n\n- Dale like a la publicación\n- Sigue a OPPO @oppomobilees\n\n¡Mucha suerte amig@s!',
        author: { name: 'Willyrex', url: profile('willyrex'), handle: 'willyrex' },
        image: {
          url: 'https://scontent-mad2-1.cdninstagram.com/v/t51.29350-15/183037094_508540027000559_4927547535791161246_n.jpg?stp=c288.0.864.864a_dst-jpg_e35_s640x640_tt6&_nc_cat=104&ccb=1-7&_nc_sid=18de74&_nc_aid=0&_nc_ohc=Cie5q_gxLLYQ7kNvgEqiXD8&_nc_zt=23&_nc_ht=scontent-mad2-1.cdninstagram.com&_nc_gid=Ad8PSpquy5AZh1Pohh2JB72&oh=00_AYAE8CT9LyH7gYy8-q8TTXDRHsscgXiUHkz4a935bIIEmw&oe=67785396',
        },
      },
    },
    expiresAt: 0x67785396 * 1000,
  },
  'page-post-video-2024-12.html': {
    code: 'CPQjO5RIIO9',
    why: 'a video with og:video: a video card (640x355, through the proxy) with its cover',
    result: {
      ok: true,
      card: {
        kind: 'video',
        nsfw: false,
        title: 'Jaime Lorente (@jaimelorentelo)',
        description:
          'Llega el final....🔥🔥🔥🔥\nVolumen 1 -3 de Septiembre\nVolumen 2 -3 de Diciembre \n\n@netflixes @netflix @vancouvermediaproducciones \n\nVamos!!!!❤️❤️❤️❤️',
        author: { name: 'Jaime Lorente', url: profile('jaimelorentelo'), handle: 'jaimelorentelo' },
        video: {
          url: 'https://scontent-mad2-1.cdninstagram.com/o1/v/t16/f2/m84/AQN-gu15M2g-_Vo7qERt_2eNlIYAvZOWUmsAxyLGqxKjPbFYNhe10ddJ07ZUa9z_dH0cW33A2UEpIhqhoZNvMrs7f8B0asb4qdvt_LM.mp4?efg=eyJ2ZW5jb2RlX3RhZyI6InZ0c192b2RfdXJsZ2VuLmZlZWQudW5rbm93bi1DMy42NDAuZGFzaF9iYXNlbGluZV8xX3YxIn0&_nc_ht=scontent-mad2-1.cdninstagram.com&_nc_cat=109&vs=3604046906551112_3834118576&_nc_vs=HBksFQIYTGlnX2JhY2tmaWxsX3RpbWVsaW5lX3ZvZC81QzRFNUQ3N0YxOUMyMTU0RTNBNjI4ODRDNkU3MTNCNF92aWRlb19kYXNoaW5pdC5tcDQVAALIAQAVAhg6cGFzc3Rocm91Z2hfZXZlcnN0b3JlL0dCTFFEQmVHSTR6STQwa0NBTWdNMHNPb3NJSmxicGt3QUFBRhUCAsgBACgAGAAbAYgHdXNlX29pbAExFQAAJtS%2F9czK088%2FFQIoAkMzLBdATBEGJN0vGxgSZGFzaF9iYXNlbGluZV8xX3YxEQB16gcA&ccb=9-4&oh=00_AYDV0nn0Z5w3imBdYinBpwRThQydoMRq8Gj03L1IIDQi8w&oe=6774486E&_nc_sid=1d576d',
          mimeType: 'video/mp4',
          width: 640,
          height: 355,
        },
        image: {
          url: 'https://scontent-mad1-1.cdninstagram.com/v/t51.29350-15/191230544_467582901000109_7680987700811244011_n.jpg?stp=cmp1_dst-jpg_e35_s640x640_tt6&_nc_cat=105&ccb=1-7&_nc_sid=18de74&_nc_aid=0&_nc_ohc=kHLqxxCqPnoQ7kNvgFtd7Tr&_nc_zt=23&_nc_ht=scontent-mad1-1.cdninstagram.com&_nc_gid=AwDftrpFPN2gmnPrNcbD1K-&oh=00_AYDtTqr62Rie_rhcHZDF-_YhJbqfr33wUJWoEUZR307AIQ&oe=677834EB',
        },
      },
    },
    // The video URL's oe= comes before the cover's.
    expiresAt: 0x6774486e * 1000,
  },
  'page-post-clip-2024-12.html': {
    code: 'CN2VQ1yI_MA',
    why: 'a reel without og:video and without a caption: a link card with the cover, not a photo card',
    result: {
      ok: true,
      card: {
        kind: 'link',
        nsfw: false,
        title: 'Jaime Lorente (@jaimelorentelo)',
        author: { name: 'Jaime Lorente', url: profile('jaimelorentelo'), handle: 'jaimelorentelo' },
        image: {
          url: 'https://scontent-mad1-1.cdninstagram.com/v/t51.29350-15/174639953_2729961960649457_163277454509887310_n.jpg?stp=cmp1_dst-jpg_e35_s640x640_tt6&_nc_cat=106&ccb=1-7&_nc_sid=18de74&_nc_ohc=H2q9Sx_RfuUQ7kNvgGPxH-D&_nc_zt=23&_nc_ht=scontent-mad1-1.cdninstagram.com&_nc_gid=APNwiuVDNdm2x8RtNms_jnG&oh=00_AYAp3wmqC640nrO2IqWaoRN8eDpLuElVLqrJAuD4TqI9cw&oe=67783FE6',
        },
      },
    },
    expiresAt: 0x67783fe6 * 1000,
  },
  'page-post-Chm_-tPJqpd-carousel-2022-08.html': {
    code: 'Chm_-tPJqpd',
    why: '2022 page (og tags only): an image card of the first photo; the whole caption, without "Follow their account…"',
    result: {
      ok: true,
      card: {
        kind: 'image',
        nsfw: false,
        title: 'Retro Bay Area (@retrobayarea)',
        description:
          'Sunnyvale, mid-1950’s.\n\nThis cool neon sign was located at the intersection of South Murphy and El Camino Real in Sunnyvale. It was there to let people know about the new shopping corridor which was just built three blocks east of it.\n\nSadly the sign is long gone but the Walgreens in the background is still there to this day. It’s part of the Allario Shopping Center which is also still there. The address is 578 S Murphy Ave.\n\nThe shopping center that this sign was advertising was the Sunnyvale Plaza Shopping Center. It opened in 1954 and survived about twenty years before being razed for the construction of the Sunnyvale Town Center mall. Today, it too is also closed.\n\n#neonsigns #neon #1950’s #sunnyvale #sunnyvalecalifornia #sunnyvaleca',
        author: { name: 'Retro Bay Area', url: profile('retrobayarea'), handle: 'retrobayarea' },
        image: {
          url: 'https://scontent-sjc3-1.cdninstagram.com/v/t51.29350-15/300827385_771443254176686_3645633281116479321_n.jpg?stp=dst-jpg_s640x640&_nc_cat=104&ccb=1-7&_nc_sid=8ae9d6&_nc_ohc=peOF0IuKk_IAX9hb1EN&_nc_ht=scontent-sjc3-1.cdninstagram.com&oh=00_AT89P9iKwaVJxgqL88F4aS8t2jxhc87miTL6uBaprmkf6w&oe=630A1663',
        },
      },
    },
    expiresAt: 0x630a1663 * 1000,
  },
  'page-post-BWUDBntl3_Z-sharedData-2021.html': {
    code: 'BWUDBntl3_Z',
    why: "2021 page: the post itself in window._sharedData (the same shortcode_media the query answers), so the full-size photo with its size, the time, counts and the owner's picture",
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Tesla (@teslamotors)',
        author: {
          name: 'Tesla',
          url: profile('teslamotors'),
          handle: 'teslamotors',
          avatar:
            'https://scontent-mad1-1.cdninstagram.com/v/t51.2885-19/s150x150/130477898_122202759624805_2855205189155619342_n.jpg?_nc_ht=scontent-mad1-1.cdninstagram.com&_nc_ohc=WdcOVdR52hoAX8aEGnM&edm=AABBvjUBAAAA&ccb=7-4&oh=b1e8805eb0fe6ee0f16336882a1c9ed2&oe=617A333D&_nc_sid=83d603',
          verified: true,
        },
        description: 'The first Model 3 production car',
        nsfw: false,
        // taken_at_timestamp 1499576290; edge_media_preview_like 159071; edge_media_preview_comment 1747.
        publishedAt: '2017-07-09T04:58:10Z',
        stats: { likes: 159071, replies: 1747 },
        // Its accessibility_caption "Photo by Tesla in Tesla Factory." is Instagram's machine text: no alt.
        image: {
          url: 'https://scontent-mad1-1.cdninstagram.com/v/t51.2885-15/e35/19955323_327280991034910_1996793346030305280_n.jpg?_nc_ht=scontent-mad1-1.cdninstagram.com&_nc_cat=110&_nc_ohc=VDeNnhXahEwAX8BdW_o&edm=AABBvjUBAAAA&ccb=7-4&oh=91e77ff01116fe89635f8fac37f48add&oe=6178BE62&_nc_sid=83d603',
          width: 1080,
          height: 675,
        },
      },
    },
    expiresAt: 0x6178be62 * 1000,
  },
  'page-story-2024-12.html': {
    // A story URL is no post route; asked as if it were one, the page is a profile page.
    code: '2591639087680304855',
    why: 'a story (og:type profile, og:url not a post): no post data, so blocked',
    result: { ok: false, reason: 'blocked' },
  },
};

/** Captures of endpoints no strategy calls, and what the adapter's readers make of them. */
const OTHER_ENDPOINTS = {
  // The private API's `items` shape (?__a=1 / api/v1/media/{pk}/info, logged-in only since 2022).
  items: 'api-v1-media-info-items-Chm_-tPJqpd-carousel-2022-08.json',
  // Graph instagram_oembed needs an app token; the legacy api.instagram.com oEmbed is retired.
  oembed: ['oembed-graph-instagram_oembed-CARbvuYDm3Q-natgeo-2020.json', 'oembed-legacy-api.instagram.com-oembed-2020.json'],
};

describeCaptures('instagram conformance', () => {
  describe('parsePostPage (the crawler-page strategy)', () => {
    for (const [file, expected] of Object.entries(PAGES)) {
      it(`when given ${file}, returns ${expected.why}`, () => {
        const result = parsePostPage(readCapture('instagram', file), expected.code);
        expect(result).to.deep.equal(expected.result);
        expect(result.ok ? mediaExpiry(result.card) : undefined).to.equal(expected.expiresAt);
      });
    }

    it("when a 2024 page is read for another post's code, returns blocked (the page is not about that post)", () => {
      expect(parsePostPage(readCapture('instagram', 'page-post-photo-2024-12.html'), 'COn3M4TnRi1')).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });

  describe('other shapes', () => {
    it('when the 2022 api/v1 media-info items answer (another endpoint, not asked by any strategy) reaches the GraphQL reader, returns upstream-error: it has no data.xdt_shortcode_media', () => {
      expect(parsePostQuery(200, JSON.parse(readCapture('instagram', OTHER_ENDPOINTS.items)))).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when a post page (2021 or 2024) reaches the embed reader, returns blocked: it has neither the context JSON nor the embed markup', () => {
      for (const file of ['page-post-BWUDBntl3_Z-sharedData-2021.html', 'page-post-photo-2024-12.html']) {
        expect(parseEmbedPage(readCapture('instagram', file)), file).to.deep.equal({ ok: false, reason: 'blocked' });
      }
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every capture is either read above or named as an endpoint no strategy calls', () => {
      const captures = captureFiles('instagram', /\.(json|html)$/);
      const covered = [...Object.keys(PAGES), OTHER_ENDPOINTS.items, ...OTHER_ENDPOINTS.oembed].sort();
      expect(captures).to.deep.equal(covered);
    });
  });
});
