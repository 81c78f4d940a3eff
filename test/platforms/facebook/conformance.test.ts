// The Facebook page parser over every real capture in ../shared/fixtures/upstream/facebook (all
// are www.facebook.com pages, the one endpoint the adapter reads), read in place, never copied.
import { expect } from 'chai';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/facebook/page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const WWW = 'https://www.facebook.com';
const expiry = (oe: string) => parseInt(oe, 16) * 1000;

/** Long texts and signed video URLs stand by their ends, their length, and their signature. */
interface Expected {
  /** What the test is about, when the capture is not a post page of today's shape. */
  note: string;
  ids: Record<string, string>;
  result: AdapterResult;
  description?: { starts: string; ends: string; length: number };
  video?: { hostAndPath: string; oh: string; oe: string };
}

const CAPTURES: Record<string, Expected> = {
  'page-post-LittleMix-pfbid-photo-2023-02.html': {
    note: 'a 2023 pfbid post with one photo: the full-size JSON-LD photo, the post text and the author',
    ids: { type: 'post', id: 'pfbid0E7xrT6BDrv7r7Ry3kHUSdw2naE6BdFBgH2gTsEY9h1a64DdM3vqPyq8gXaFY5rqhl', owner: 'littlemix' },
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Little Mix',
        description: '🤍 Nothing comes between us 🤍',
        author: { name: 'Little Mix', url: `${WWW}/LittleMix` },
        nsfw: false,
        // JSON-LD dateCreated 2022-05-26T12:26:44-0700; interactionStatistic Like/Comment/Share (its FollowAction, 9,310,657, is the Page's).
        publishedAt: '2022-05-26T19:26:44Z',
        stats: { likes: 18716, replies: 334, reposts: 630 },
        // The JSON-LD gives only a width (1440), so no size is claimed.
        image: {
          url: 'https://scontent-sjc3-1.xx.fbcdn.net/v/t39.30808-6/284545216_567261401429870_2830012815554434598_n.jpg?_nc_cat=104&ccb=1-7&_nc_sid=730e14&_nc_ohc=R-si_ryFRVkAX8K8D-7&_nc_ht=scontent-sjc3-1.xx&oh=00_AfAkEQea9u-ebtCNTN3s1XZbial2pZhQiOHLRFkuftnT-A&oe=63F033B7',
        },
      },
      mediaExpiresAt: expiry('63F033B7'),
    },
  },
  'page-post-ironmaiden-pfbid-photo-2022-08.html': {
    note: 'a 2022 page post asked for by its photo URL: the photo, the full 2,873-character text (og:description is absent) and the author',
    ids: { type: 'photo', id: '10157431603156407', owner: '54212446406' },
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Iron Maiden',
        author: { name: 'Iron Maiden', url: `${WWW}/ironmaiden` },
        nsfw: false,
        publishedAt: '2020-05-07T14:01:18Z',
        stats: { likes: 24108, replies: 4301, reposts: 3958 },
        image: {
          url: 'https://scontent-lax3-2.xx.fbcdn.net/v/t1.6435-9/95777890_10157024653297051_1750536353822539776_n.jpg?stp=dst-jpg_p960x960&_nc_cat=106&ccb=1-7&_nc_sid=730e14&_nc_ohc=FoyFaUHiAv0AX9XOSNU&_nc_ht=scontent-lax3-2.xx&oh=00_AT89KCSRKbB42o85rfTo2Ruk2veCAIBH2N1yiewGFDqMbA&oe=63365B5B',
        },
      },
      mediaExpiresAt: expiry('63365B5B'),
    },
    description: {
      starts: 'Legacy of the Beast Touring Update 2020/21\n\nI hope you and your loved ones are staying safe and well',
      ends: 'Paris La Defense Arena, Paris\n\n#IronMaiden #LegacyOfTheBeastTour2021',
      length: 2873,
    },
  },
  'page-profile-meedan-with-comet-json-2023-01.html': {
    note:
      "a 2023 Page profile, not a post page: the Comet video object named by the id gives the SD playable_url (playable_url_quality_hd is null), 1280×720 and the thumbnailImage poster; the title and text are the Page's",
    ids: { type: 'video', id: '1522700938072473', owner: 'heymeedan' },
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Meedan',
        description: 'Meedan. 3,783 likes · 65 were here. Make sense of the global web.',
        nsfw: false,
        // The named video object's publish_time 1620048721 and playable_duration_in_ms 3838123.
        publishedAt: '2021-05-03T13:32:01Z',
        video: { url: '(below)', mimeType: 'video/mp4', width: 1280, height: 720, duration: 3838.123 },
        image: {
          url: 'https://scontent-lax3-2.xx.fbcdn.net/v/t15.13418-10/177416672_1376502959393587_348441817481307045_n.jpg?stp=dst-jpg_p960x960&_nc_cat=101&ccb=1-7&_nc_sid=ad6a45&_nc_ohc=Yl4-GylQvC0AX-xyK1E&_nc_oc=AQnbib24S1GNNBlVj7gKcyqQSYWxHqL9UCdANHvkJh1ehCH-FJUipBdfyc_4JJekAliRz0v7XvUaPS5myjcT2Fs4&_nc_ht=scontent-lax3-2.xx&oh=00_AfAcD-FzA1OyP6ote17br5EuBzBDl7JJRTrrDS4VqdvPfw&oe=63DF2CD1',
        },
      },
      mediaExpiresAt: expiry('63DB5570'),
    },
    video: {
      hostAndPath: 'video-lax3-2.xx.fbcdn.net/v/t76.42656-2/280324507_552104916536233_4141464000751279704_n.mp4',
      oh: '00_AfBV6MDd569D2dHnqjHcYtg-FkKwaD7inaJ5aAD-6qSKgQ',
      oe: '63DB5570',
    },
  },
  'page-photos-tab-PoporDezamagit-2022-08.html': {
    note: "a 2022 Page's photos tab, not a post: a link card with the Page's name and blurb, its profile picture (og:image t1.6435-1) dropped",
    ids: { type: 'photo', id: '891170977905227', owner: 'popordezamagit' },
    result: {
      ok: true,
      card: { kind: 'link', title: 'Popor dezamagit', description: 'Popor dezamagit, Кишинёв. 40,468 likes · 12,710 talking about this. Interest', nsfw: false },
    },
  },
  'page-photo-album-no-og-tags-2022-08.html': {
    note: "a 2022 logged-out album page with no og tags, no JSON-LD and no video: blocked, the <title>'s name kept",
    ids: { type: 'post', id: '10154534110871407' },
    result: { ok: false, reason: 'blocked', partial: { title: 'Mariano Rajoy Brey' } },
  },
  'page-login-wall-2022-08.html': {
    note: 'the 2022 login wall (canonical /login/web/, "Log into Facebook", no og:title): blocked',
    ids: { type: 'post', id: '1' },
    result: { ok: false, reason: 'blocked' },
  },
};

describeCaptures('facebook conformance: post pages', () => {
  for (const [file, expected] of Object.entries(CAPTURES)) {
    it(`${file}: ${expected.note}`, () => {
      const result = parsePostPage(readCapture('facebook', file), expected.ids);
      if (!result.ok || !expected.result.ok) {
        expect(result).to.deep.equal(expected.result);
        return;
      }
      const { description, video, ...card } = result.card;
      const { video: expectedVideo, description: expectedDescription, ...expectedCard } = expected.result.card;
      expect({ ...result, card }).to.deep.equal({ ...expected.result, card: expectedCard });
      if (expected.description) {
        expect(description?.startsWith(expected.description.starts), description?.slice(0, 120)).to.equal(true);
        expect(description?.endsWith(expected.description.ends), description?.slice(-120)).to.equal(true);
        expect(description).to.have.length(expected.description.length);
      } else {
        expect(description).to.equal(expectedDescription);
      }
      if (expected.video && expectedVideo && video) {
        const url = new URL(video.url);
        expect({ ...video, url: `${url.host}${url.pathname}` }).to.deep.equal({ ...expectedVideo, url: expected.video.hostAndPath });
        expect([url.searchParams.get('oh'), url.searchParams.get('oe')]).to.deep.equal([expected.video.oh, expected.video.oe]);
      } else {
        expect(video).to.equal(expectedVideo);
      }
    });
  }

  it('a pfbid post names no video id: the Comet page still gives its first video object (the 2023 profile page)', () => {
    const result = parsePostPage(readCapture('facebook', 'page-profile-meedan-with-comet-json-2023-01.html'), { type: 'post', id: 'pfbid0SomePostOnTheProfile' });
    expect(result.ok && result.card.video?.url).to.match(/^https:\/\/video-lax3-2\.xx\.fbcdn\.net\/v\/t76\.42656-2\/280324507_/);
    // That first video may be another post's: its publish_time is not given as this post's.
    expect(result.ok && 'publishedAt' in result.card).to.equal(false);
  });

  it('every capture of the page endpoint is in the table', () => {
    expect(captureFiles('facebook', /\.html$/)).to.have.members(Object.keys(CAPTURES));
  });
});
