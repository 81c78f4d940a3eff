// Conformance: the X parsers over the real captures in ../shared/fixtures/upstream/twitter/ (see
// SOURCES.md there). The adapter reads two endpoints: syndication tweet-result and GraphQL
// TweetResultByRestId; every capture of those is in a table below, with the card worked out by
// reading the capture against DESIGN.md §4 and written down as a literal. Captures of endpoints the
// adapter does not call are listed with why, and the GraphQL tweet objects they nest are parsed too.
import { expect } from 'chai';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { parseTweetResult, parseTweetResultByRestId } from '../../../src/infrastructure/platforms/twitter/tweet-result.js';
import { parseSyndication } from '../../../src/infrastructure/platforms/twitter/syndication.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

interface Case {
  file: string;
  when: string;
  result: AdapterResult;
}

type Json = Record<string, unknown>;

function capture(file: string): Json {
  return JSON.parse(readCapture('twitter', file)) as Json;
}

const MEDIA = 'https://pbs.twimg.com/media';

const SYNDICATION: Case[] = [
  {
    file: 'syndication-tweet-result-1629262255744503809-card.json',
    when: 'a summary_large_image link card and mentions (2023)',
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Matt Carroll (@mattcarrollcode)',
        author: { name: 'Matt Carroll', url: 'https://x.com/mattcarrollcode' },
        nsfw: false,
        image: { url: 'https://pbs.twimg.com/card_img/1639232954701594625/7ayIAMcm?format=png&name=orig', width: 1080, height: 567 },
        description:
          "📰 I recently joined @reactjs! My inaugural project was porting @sophiebits's Tic Tac Toe tutorial to the new React docs. What would you like to see in the next, in the React tutorial? https://beta.reactjs.org/learn/tutorial-tic-tac-toe",
      },
    },
  },
  {
    file: 'syndication-tweet-result-1641086480675225601-photo.json',
    when: 'one photo, a t.co link in the text and the media link after display_text_range',
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'sammy (@SamuelSusla)',
        author: { name: 'sammy', url: 'https://x.com/SamuelSusla' },
        nsfw: false,
        image: { url: `${MEDIA}/FsZNOgcWAAEQtrd.jpg?name=orig`, width: 1995, height: 896 },
        description:
          'If you are interested about View Flattening in React Native, I wrote a short post about it: https://github.com/reactwg/react-native-new-architecture/discussions/110\n\nLet me know what you think!',
      },
    },
  },
  {
    file: 'syndication-tweet-result-1641895049427550208-quote.json',
    when: 'text only, quoting a post with one photo',
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Matt Carroll (@mattcarrollcode)',
        author: { name: 'Matt Carroll', url: 'https://x.com/mattcarrollcode' },
        nsfw: false,
        image: { url: `${MEDIA}/FsZNOgcWAAEQtrd.jpg?name=orig`, width: 1995, height: 896 },
        description:
          "#ReactNative's new architecture renderer brings view flattening, previously an Android-only optimization, to iOS. View flattening reduces the depth of view hierarchies, lowers memory usage, and speeds up drawing times—all without extra setup!",
      },
    },
  },
  {
    file: 'syndication-tweet-result-1684218600456876032-video-CONVERTED-from-ts.json',
    when: 'a video borrowed from another status, mp4 variants in random bitrate order',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Massimo (@Rainmaker1973)',
        author: { name: 'Massimo', url: 'https://x.com/Rainmaker1973' },
        nsfw: false,
        video: {
          url: 'https://video.twimg.com/amplify_video/1684020091854225408/vid/886x546/_Mb5SBNFpaVehGMW.mp4?tag=14',
          mimeType: 'video/mp4',
          
          width: 886,
          height: 546,
        },
        image: { url: 'https://pbs.twimg.com/amplify_video_thumb/1684020091854225408/img/xtWb477NwDzZ1VvG.jpg', width: 886, height: 546 },
        description:
          'For the first time in the world, researchers succeeded in synthesizing a room-temperature superconductor (Tc≥400 K, 127°C) working at ambient pressure with a modified lead-apatite (LK-99) structure\n\n[full paper: https://buff.ly/450N0Px]',
      },
    },
  },
];

const GRAPHQL: Case[] = [
  {
    file: 'graphql-TweetResultByRestId-20-text-only.json',
    when: 'a text-only post (old user schema)',
    result: {
      ok: true,
      card: { kind: 'link', title: 'jack (@jack)', author: { name: 'jack', url: 'https://x.com/jack' }, nsfw: false, description: 'just setting up my twttr' },
    },
  },
  {
    file: 'graphql-TweetResultByRestId-1848831595014459513-photos-gallery.json',
    when: 'three photos sharing one media link',
    result: {
      ok: true,
      card: {
        kind: 'gallery',
        title: 'SpaceX (@SpaceX)',
        author: { name: 'SpaceX', url: 'https://x.com/SpaceX' },
        nsfw: false,
        image: { url: `${MEDIA}/GahebgHbEAEevTU.jpg?name=orig`, width: 4096, height: 2304 },
        images: [
          { url: `${MEDIA}/GahebgHbEAEevTU.jpg?name=orig`, width: 4096, height: 2304 },
          { url: `${MEDIA}/GahecZ5aAAEX7GX.jpg?name=orig`, width: 2529, height: 3793 },
          { url: `${MEDIA}/GaheddqbsAAzGXg.jpg?name=orig`, width: 4004, height: 2252 },
        ],
        description:
          'Flight 6 Super Heavy booster moved to the Starbase pad for testing. The move comes just one week after returning the first booster caught following launch',
      },
    },
  },
  {
    file: 'graphql-TweetResultByRestId-1841206275088290279-video.json',
    when: 'a 1920x1080 video with HLS and three mp4 variants',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Tranquility Found (@DivineDropbear)',
        author: { name: 'Tranquility Found', url: 'https://x.com/DivineDropbear' },
        nsfw: false,
        video: {
          url: 'https://video.twimg.com/ext_tw_video/1841204388993646595/pu/vid/avc1/1280x720/NRpzIavCR5W-jWFh.mp4?tag=12',
          mimeType: 'video/mp4',
          
          width: 1280,
          height: 720,
        },
        image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1841204388993646595/pu/img/KKN8tSQm60z2FmtE.jpg', width: 1920, height: 1080 },
        description:
          'Sulphur-crested Cockatoo enjoying the warm Brisbane breeze...\n@fred_od_photo #birds #birdwatching #birding #WildOz #birdphotography #birdsofaustralia #cockatoo',
      },
    },
  },
  {
    file: 'graphql-TweetResultByRestId-1902059299591090335-vertical-video-with-quote.json',
    when: 'its own vertical video beside a text-only quote, and no text of its own',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'harlow (@carrionkid)',
        author: { name: 'harlow', url: 'https://x.com/carrionkid' },
        nsfw: false,
        video: {
          url: 'https://video.twimg.com/ext_tw_video/1902059279190052864/pu/vid/avc1/576x1280/yhSQqEJfEU8wapy2.mp4?tag=12',
          mimeType: 'video/mp4',
          
          width: 576,
          height: 1280,
        },
        image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1902059279190052864/pu/img/DLoQFXU9gzkHQ2fh.jpg', width: 576, height: 1280 },
      },
    },
  },
  {
    file: 'graphql-TweetResultByRestId-1899954694652309701-poll-card.json',
    when: 'a poll card (no picture) and emoji counted as one code point in display_text_range',
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Vyseroy 🚀 (@Vyseroy)',
        author: { name: 'Vyseroy 🚀', url: 'https://x.com/Vyseroy' },
        nsfw: false,
        description: 'You can only pick ONE ship for the rest of your time in Star Citizen. What are you choosing?" 🚀💭\n#starcitizen #poll #videogames #spacegames',
      },
    },
  },
  {
    file: 'graphql-TweetResultByRestId-1964084223871971826-community-photo.json',
    when: 'a community photo, new user schema, an account-level sensitive flag but not a sensitive post',
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Volt (@vo1twasdowned)',
        author: { name: 'Volt', url: 'https://x.com/vo1twasdowned' },
        nsfw: false,
        image: { url: `${MEDIA}/G0HULMeWMAA-IGM.png?name=orig`, width: 736, height: 515 },
      },
    },
  },
  {
    file: 'SYNTHETIC-graphql-TweetResultByRestId-TweetUnavailable-suspended.json',
    when: 'TweetUnavailable Suspended (hand-written by FxEmbed in upstream shape)',
    result: { ok: false, reason: 'not-found' },
  },
];

/** Captures of endpoints the adapter does not call, and why. */
const NOT_READ: Record<string, string> = {
  'graphql-TweetDetail-1902059299591090335-quote-TweetWithVisibilityResults.json': 'TweetDetail needs an account; its nested tweet results are parsed below',
  'SYNTHETIC-graphql-TweetDetail-TweetTombstone-suspended.json': 'TweetDetail; its nested tombstone is parsed below',
  'graphql-TweetResultsByRestIds-1848831595014459513-photos-batch-shape.json': 'the batch endpoint needs an account; its nested result is parsed below',
  'oembed-publish.twitter.com-436461658601713664-2021-04.json': 'oEmbed carries no media',
  'oembed-publish.twitter.com-436461658601713664-2021-04.response-headers.json': 'oEmbed carries no media',
  'oembed-publish.x.com-436461658601713664-2024-06.json': 'oEmbed carries no media',
  'oembed-publish.x.com-436461658601713664-2024-06.response-headers.json': 'oEmbed carries no media',
  'page-twitter.com-status-436461658601713664-x-migrate-redirect-2024-06.html': 'x.com pages are not read (og tags only for crawler user agents)',
  'page-twitter.com-status-436461658601713664-x-migrate-redirect-2024-06.response-headers.json': 'x.com pages are not read',
  'page-x.com-status-880139124791029763-og-gif.html': 'x.com pages are not read',
  'page-x.com-status-934106870834454529-og-photo.html': 'x.com pages are not read',
  'REFERENCE-SCHEMA-fxtwitter-api-v2-openapi.json': 'a schema, not a capture; FxTwitter is not called',
  'SOURCES.md': 'provenance notes',
};

function timelineResult(file: string, index = 0): unknown {
  const data = capture(file).data as { threaded_conversation_with_injections_v2: { instructions: { entries?: { content: { itemContent: { tweet_results: { result: unknown } } } }[] }[] } };
  return data.threaded_conversation_with_injections_v2.instructions[0]!.entries![index]!.content.itemContent.tweet_results.result;
}

describeCaptures('twitter conformance (real upstream captures)', () => {
  describe('syndication tweet-result', () => {
    for (const c of SYNDICATION) {
      it(`${c.file}: when ${c.when}, gives the expected card`, () => {
        const parsed = parseSyndication(capture(c.file));
        expect(parsed).to.deep.equal({ result: c.result });
      });
    }
  });

  describe('GraphQL TweetResultByRestId', () => {
    for (const c of GRAPHQL) {
      it(`${c.file}: when ${c.when}, gives the expected ${c.result.ok ? 'card' : 'reason'}`, () => {
        expect(parseTweetResultByRestId(capture(c.file))).to.deep.equal(c.result);
      });
    }
  });

  describe('tweet results nested in endpoints the adapter does not call', () => {
    const detail = 'graphql-TweetDetail-1902059299591090335-quote-TweetWithVisibilityResults.json';

    it(`${detail}: the focal tweet gives the same card as TweetResultByRestId does for it`, () => {
      const same = GRAPHQL.find((c) => c.file.includes('1902059299591090335'))!.result;
      expect(parseTweetResult(timelineResult(detail))).to.deep.equal(same);
    });

    it(`${detail}: the quoted TweetWithVisibilityResults is unwrapped into a text-only link card`, () => {
      const quoted = (timelineResult(detail) as { quoted_status_result: { result: unknown } }).quoted_status_result.result;
      expect(parseTweetResult(quoted)).to.deep.equal({
        ok: true,
        card: { kind: 'link', title: '🛸 (@__itzt3z)', author: { name: '🛸', url: 'https://x.com/__itzt3z' }, nsfw: false, description: 'the funniest tik toks be the ones they dont let you save' },
      });
    });

    it('SYNTHETIC-graphql-TweetDetail-TweetTombstone-suspended.json: the "suspended account" tombstone gives not-found', () => {
      expect(parseTweetResult(timelineResult('SYNTHETIC-graphql-TweetDetail-TweetTombstone-suspended.json'))).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('graphql-TweetResultsByRestIds-…-batch-shape.json: the array entry gives the gallery card of the single-post capture', () => {
      const batch = capture('graphql-TweetResultsByRestIds-1848831595014459513-photos-batch-shape.json').data as { tweetResult: { result: unknown }[] };
      const same = GRAPHQL.find((c) => c.file.includes('1848831595014459513'))!.result;
      expect(batch.tweetResult.map((entry) => parseTweetResult(entry.result))).to.deep.equal([same]);
    });
  });

  it('every capture file is either in a table above or listed as not read, with why', () => {
    const covered = new Set([...SYNDICATION, ...GRAPHQL].map((c) => c.file));
    const unlisted = captureFiles('twitter', /./).filter((file) => !covered.has(file) && !(file in NOT_READ));
    expect(unlisted).to.deep.equal([]);
    const usedEndpoints = captureFiles('twitter', /^(syndication-tweet-result|(SYNTHETIC-)?graphql-TweetResultByRestId)-/);
    expect(usedEndpoints.filter((file) => !covered.has(file))).to.deep.equal([]);
  });
});
