// The YouTube parsers over every real capture of the endpoints the adapter calls
// (../shared/fixtures/upstream/youtube): oEmbed, the InnerTube player, and watch pages.
import { expect } from 'chai';
import type { Card } from '../../../src/domain/card.js';
import { parseOembed } from '../../../src/infrastructure/platforms/youtube/oembed.js';
import { cardFromPlayer, parsePlayerResponse, type PlayerVerdict } from '../../../src/infrastructure/platforms/youtube/player.js';
import { parseWatchPage } from '../../../src/infrastructure/platforms/youtube/watch-page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const embed = (id: string, width?: number, height?: number, duration?: number) => ({
  url: `https://www.youtube.com/embed/${id}`,
  mimeType: 'text/html',
  ...(width && height ? { width, height } : {}),
  ...(duration ? { duration } : {}),
});

// oEmbed has no description, date, length or view count: the adapter takes them from the player
// answer. Its author URL names the handle only in its current /@handle form.
const OEMBED: Record<string, { id: string; card: Card }> = {
  'oembed-S49CN57Y58o-2022-09.json': {
    id: 'S49CN57Y58o',
    card: {
      kind: 'video',
      title: 'Full Length Freight Trains! 1 Hour of Trains!',
      author: { name: 'CoasterFan2105', url: 'https://www.youtube.com/c/CoasterFan2105' },
      nsfw: false,
      image: { url: 'https://i.ytimg.com/vi/S49CN57Y58o/hqdefault.jpg', width: 480, height: 360 },
      video: embed('S49CN57Y58o', 200, 113),
    },
  },
  'oembed-watch-eiHXASgRTcA-2024-06.json': {
    id: 'eiHXASgRTcA',
    card: {
      kind: 'video',
      title: 'Noisy kittens waiting for dinner!',
      author: { name: 'smshdchrb', url: 'https://www.youtube.com/@smshdchrb', handle: 'smshdchrb' },
      nsfw: false,
      image: { url: 'https://i.ytimg.com/vi/eiHXASgRTcA/hqdefault.jpg', width: 480, height: 360 },
      video: embed('eiHXASgRTcA', 200, 150),
    },
  },
  'oembed-youtu.be-eiHXASgRTcA-2021-04.json': {
    id: 'eiHXASgRTcA',
    card: {
      kind: 'video',
      title: 'Noisy kittens waiting for dinner!',
      // The 2021 answer still named the legacy /user/ URL; 2024 gives the @handle.
      author: { name: 'smshdchrb', url: 'https://www.youtube.com/user/smshdchrb' },
      nsfw: false,
      image: { url: 'https://i.ytimg.com/vi/eiHXASgRTcA/hqdefault.jpg', width: 480, height: 360 },
      video: embed('eiHXASgRTcA', 200, 150),
    },
  },
};
const OEMBED_PLAYLIST = 'oembed-playlist-PL4qTakKkQATKOyZPJG_cAMnRtF7fAIdST-2021-04.json';

/** A verdict that lets the video be watched, as the card the adapter builds from it when oEmbed has none. */
type Expected =
  | { id: string; card: Card }
  | { reason: PlayerVerdict['reason']; nsfw: boolean; text: PlayerVerdict['text']; details: PlayerVerdict['details']; duration?: number };

const INNERTUBE: Record<string, Expected> = {
  'innertube-player-tjz2u2DiveM-unlisted-OK-2026-06.json': {
    id: 'tjz2u2DiveM',
    card: {
      kind: 'video',
      title: 'dog',
      description: 'https://www.ahnegao.com.br/',
      // InnerTube's answer has no microformat: no profile URL (so no handle) and no date.
      author: { name: 'Jony Tube', url: 'https://www.youtube.com/channel/UCjKFYf7oRKTDX57VeFHnLoQ' },
      nsfw: false,
      // videoDetails.viewCount, a digit string.
      stats: { views: 142650 },
      image: {
        url: 'https://i.ytimg.com/vi/tjz2u2DiveM/mq2.jpg?sqp=-oaymwEoCMACELQB8quKqQMcGADwAQH4Af4CgALgA4oCDAgAEAEYZSBlKGUwDw==&rs=AOn4CLB-CNBLYTUmYv8gPfxQApkFzSk3JQ',
        width: 320,
        height: 180,
      },
      // videoDetails.lengthSeconds.
      video: embed('tjz2u2DiveM', undefined, undefined, 11),
    },
  },
  'innertube-reel_item_watch-8VajtrESJzA-private-LOGIN_REQUIRED-2026-06.json': { reason: 'private', nsfw: false, text: {}, details: {} },
  'innertube-reel_item_watch-_PL2HJKxnOM-geoblocked-UNPLAYABLE-2026-06.json': {
    reason: 'region-locked',
    nsfw: false,
    text: {
      title: 'SNL Introduces Jim Carrey as Joe Biden | Saturday Night Live',
      description:
        'Season 46 of SNL premiers with Jim Carrey playing Joe Biden for the rest of the 2020 election.\n\nWatch full SNL episodes and sketches on the Global TV App or at: https://www.globaltv.com/shows/saturday-night-live/',
      author: { name: 'Global TV', url: 'https://www.youtube.com/channel/UCkiP0kvvwqUWlttRLCq88gw' },
    },
    details: { stats: { views: 395969 } },
    duration: 115,
  },
  // Members-only is `private`: only a chosen audience may watch (see platforms/youtube/player.ts).
  'innertube-reel_item_watch-ayI2iBwGdxw-members-only-UNPLAYABLE-2026-06.json': {
    reason: 'private',
    nsfw: false,
    text: {
      title: 'Behind the Scenes at EGX 2019 - Exclusive Members Video!',
      description:
        "Join Aoife, Zoe and Ian for an exclusive, members only behind the scenes look at an average day in a not so average setting - EGX 2019! Can you spot yourself or people you know in this little vlog? We think we recognised a few familiar faces!\n\nSubscribe to Eurogamer - http://www.youtube.com/subscription_center?add_user=eurogamer\n\nFor the latest video game reviews, news and analysis, check out http://www.eurogamer.net and don't forget to follow us on Twitter: http://twitter.com/eurogamer",
      author: { name: 'Eurogamer', url: 'https://www.youtube.com/channel/UCciKycgzURdymx-GRSY2_dA' },
    },
    // A members-only video's answer carries no viewCount: no views, not 0.
    details: {},
    duration: 751,
  },
  'innertube-reel_item_watch-nonexistent-empty-2026-06.json': { reason: 'not-found', nsfw: false, text: {}, details: {} },
};

/** Watch-page descriptions are long: their first and last lines and length stand for them. */
type PageExpected = Expected & { description?: { starts: string; ends: string; length: number } };

const PAGES: Record<string, PageExpected> = {
  'page-watch-eiHXASgRTcA-2024-06.html': {
    id: 'eiHXASgRTcA',
    card: {
      kind: 'video',
      title: 'Noisy kittens waiting for dinner!',
      author: { name: 'smshdchrb', url: 'https://www.youtube.com/@smshdchrb', handle: 'smshdchrb' },
      nsfw: false,
      image: { url: 'https://i.ytimg.com/vi/eiHXASgRTcA/hqdefault.jpg', width: 480, height: 360 },
      video: embed('eiHXASgRTcA', undefined, undefined, 138),
      // microformat publishDate "2008-10-04T13:06:22-07:00", in UTC.
      publishedAt: '2008-10-04T20:06:22Z',
      stats: { views: 14397946 },
    },
    description: {
      starts: '7 week old fostered kittens waiting on their dinner being prepared.',
      ends: 'please email\u00a0licensing@storyful.com',
      length: 563,
    },
  },
  'page-watch-hwMkbaS_M_c-2024-01.html': {
    id: 'hwMkbaS_M_c',
    card: {
      kind: 'video',
      title: 'Star Wars 8 THE LAST JEDI Official TRAILER (2017) Daisy Ridley, Disney Movie HD',
      description: 'Star Wars 8 THE LAST JEDI Official TRAILER (2017) Daisy Ridley, Disney Movie HD\n© 2017 - Disney',
      // A handle may end in a dot.
      author: { name: 'ONE Media', url: 'https://www.youtube.com/@OneMedia.', handle: 'OneMedia.' },
      nsfw: false,
      image: { url: 'https://i.ytimg.com/vi/hwMkbaS_M_c/maxresdefault.jpg', width: 1920, height: 1080 },
      video: embed('hwMkbaS_M_c', undefined, undefined, 142),
      publishedAt: '2017-04-14T16:02:38Z',
      stats: { views: 1077715 },
    },
  },
  // Metadata present but UNPLAYABLE "El vídeo no está disponible" for a data-centre fetch: no reason
  // we can name about the video, so a refusal of this client, with the text kept.
  'page-watch-DIsktwOQZuU-2026-01.html': {
    reason: 'blocked',
    nsfw: false,
    text: { title: 'GBAF 2024 – Highlights', author: { name: 'Global Brain', url: 'https://www.youtube.com/@globalbrain6133', handle: 'globalbrain6133' } },
    // publishDate "2025-03-27T17:55:38-07:00": the next day in UTC.
    details: { publishedAt: '2025-03-28T00:55:38Z', stats: { views: 159 } },
    duration: 160,
    description: {
      starts: 'The Global Brain Alliance Forum (GBAF) is a conference where participants explore',
      ends: 'https://universe.globalbrains.com/en/posts/check-out-these-up-and-coming-seed-stage-startups-gbaf-2024-xlmit-showcase',
      length: 3638,
    },
  },
  // The EU consent wall ("Antes de ir a YouTube") has no player answer at all.
  'page-youtu.be-eiHXASgRTcA-EU-consent-wall-2021-04.html': { reason: 'blocked', nsfw: false, text: {}, details: {} },
};

function expectVerdict(verdict: PlayerVerdict, expected: PageExpected): void {
  const { description, ...rest } = expected;
  if (description) {
    const text = ('card' in rest ? (cardFromPlayer(verdict, rest.id, true).description ?? '') : verdict.text.description) ?? '';
    expect(text.startsWith(description.starts), 'description start').to.equal(true);
    expect(text.endsWith(description.ends), 'description end').to.equal(true);
    expect(text.length).to.equal(description.length);
  }
  if ('card' in rest) {
    expect(verdict.reason).to.equal(undefined);
    const card = cardFromPlayer(verdict, rest.id, true);
    if (description) delete card.description;
    expect(card).to.deep.equal(rest.card);
    return;
  }
  const text = { ...verdict.text };
  if (description) delete text.description;
  const seen = { reason: verdict.reason, nsfw: verdict.nsfw, text, details: verdict.details };
  expect(verdict.duration === undefined ? seen : { ...seen, duration: verdict.duration }).to.deep.equal(rest);
}

describeCaptures('youtube conformance', () => {
  describe('parseOembed', () => {
    for (const [file, { id, card }] of Object.entries(OEMBED)) {
      it(`when given ${file}, returns the video card with the embed player`, () => {
        expect(parseOembed(JSON.parse(readCapture('youtube', file)), id)).to.deep.equal(card);
      });
    }

    // The adapter only asks oEmbed about watch URLs; a playlist answer (iframe `embed/videoseries`,
    // thumbnail of its first video) must not pass as that video's card.
    it('when given the playlist answer for its first video id, throws UPSTREAM_BAD_RESPONSE', () => {
      const body: unknown = JSON.parse(readCapture('youtube', OEMBED_PLAYLIST));
      expect(() => parseOembed(body, 'CdbnVwot6lc')).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
    });
  });

  describe('parsePlayerResponse', () => {
    for (const [file, expected] of Object.entries(INNERTUBE)) {
      const verdict = 'card' in expected ? 'watchable' : expected.reason;
      it(`when given ${file}, returns ${verdict}`, () => {
        expectVerdict(parsePlayerResponse(JSON.parse(readCapture('youtube', file))), expected);
      });
    }
  });

  describe('parseWatchPage', () => {
    for (const [file, expected] of Object.entries(PAGES)) {
      const verdict = 'card' in expected ? 'watchable' : expected.reason;
      it(`when given ${file}, returns ${verdict}`, () => {
        expectVerdict(parseWatchPage(readCapture('youtube', file)), expected);
      });
    }
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every oEmbed, InnerTube and watch-page body has an expectation here', () => {
      const bodies = captureFiles('youtube', /^(oembed|innertube|page)-.*\.(json|html)$/).filter(
        (name) => !name.endsWith('.exchange.json') && !name.endsWith('.response-headers.json'),
      );
      const covered = [...Object.keys(OEMBED), OEMBED_PLAYLIST, ...Object.keys(INNERTUBE), ...Object.keys(PAGES)].sort();
      expect(bodies).to.deep.equal(covered);
    });
  });
});
