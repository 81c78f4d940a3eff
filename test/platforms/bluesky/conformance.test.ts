// Conformance: the Bluesky parser over the real AppView captures in
// ../shared/fixtures/upstream/bluesky/ (see SOURCES.md there). Every expected card below was
// worked out by reading the capture against DESIGN.md §4 and written down as a literal.
import { expect } from 'chai';
import { parsePostThread, parsePostView } from '../../../src/infrastructure/platforms/bluesky/post-thread.js';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

interface Case {
  file: string;
  when: string;
  then: string;
  result: AdapterResult;
}

interface Timeline {
  file: string;
  posts: { when: string; result: AdapterResult }[];
}

type Json = Record<string, unknown>;

function capture(file: string): Json {
  return JSON.parse(readCapture('bluesky', file)) as Json;
}

/** The postViews of a feed (getTimeline, getPopular): `feed[i].post`. */
function feedPosts(file: string): unknown[] {
  return (capture(file).feed as { post: unknown }[]).map((item) => item.post);
}

/** Every node of a thread, parents and replies included, in walking order. */
function threadNodes(node: Json | undefined): Json[] {
  if (!node) return [];
  const replies = (node.replies as Json[] | undefined) ?? [];
  return [node, ...threadNodes(node.parent as Json | undefined), ...replies.flatMap((reply) => threadNodes(reply))];
}

/** How many results of each kind (or reason) a list of results holds. */
function tally(results: AdapterResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = result.ok ? result.card.kind : result.reason;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const ATAT_POST_VIEWS: Case[] = [
  {
    file: 'atat-postView-external-link-card.json',
    when: 'an external link card',
    then: 'a link card with the site thumbnail',
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Create with Swift (@createwithswift.bsky.social)',
        author: {
          name: 'Create with Swift',
          url: 'https://bsky.app/profile/createwithswift.bsky.social',
        },
        nsfw: false,
        image: {
          url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:a2xro4bckdu24pdxtevo7mmr/bafkreidro6ak2yxfghlmpejb5j7c2xexj24ddqfggbrrheiuzdqogjuljy@jpeg',
        },
        description: 'A great user experience isn’t just about what users see—it’s about what they feel in every state. \nFrom onboarding to errors, each moment matters. Don’t leave users guessing—design for every state. \nFind out more with Giselle Katics:',
      },
    },
  },
  {
    file: 'atat-postView-quote-of-external-link.json',
    when: 'a quote of a post with a link card',
    then: "a link card with the quoted post's link thumbnail",
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Kuba Suder 🇵🇱🇺🇦 (@mackuba.eu)',
        author: {
          name: 'Kuba Suder 🇵🇱🇺🇦',
          url: 'https://bsky.app/profile/mackuba.eu',
        },
        nsfw: false,
        image: {
          url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:7exlcsle4mjfhu3wnhcgizz6/bafkreidqcvudgtorrjbaj4plxrybfkjosx5hxdpywxxhrkfrkpgbyhwl7u@jpeg',
        },
        description: 'F this 😠',
      },
    },
  },
  {
    file: 'atat-postView-quote-record.json',
    when: 'a quote of a post with one photo',
    then: 'an image card with the quoted photo',
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Launched (@launchedfm.com)',
        author: {
          name: 'Launched',
          url: 'https://bsky.app/profile/launchedfm.com',
        },
        nsfw: false,
        image: {
          url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:6y3jllixhqf3vjupdvzdtxsf/bafkreifl2ekavq2diky6z5cwtkadnrkslx7lzequr2t2fkgeoxe5syzwom@jpeg',
          width: 1089,
          height: 676,
        },
        description: 'Launched Live is back this year at Deep Dish Swift in Chicago! 🍕🍕🍕\n\nBut don’t worry, you won’t have to wait till April for more Launched… 👀',
      },
    },
  },
  {
    file: 'atat-postView-recordWithMedia.json',
    when: 'its own photo beside a quote, and empty text',
    then: 'an image card with its own photo and no description',
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Konstantin 🔭 (@iamkonstantin.eu)',
        author: {
          name: 'Konstantin 🔭',
          url: 'https://bsky.app/profile/iamkonstantin.eu',
        },
        nsfw: false,
        image: {
          url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:64fyz6rpsagabcfqzdxykwgg/bafkreibkxgznhp42mnr6dgxkfylsu53nkjlzte4mhmgvspx4ib55jfes3e@jpeg',
          width: 890,
          height: 1238,
        },
      },
    },
  },
  {
    file: 'atat-postView-single-image.json',
    when: 'an author labelled !no-unauthenticated',
    then: 'blocked',
    result: {
      ok: false,
      reason: 'blocked',
    },
  },
  {
    file: 'atat-postView-text-only-reply-no-unauthenticated-label.json',
    when: 'a text reply by an author labelled !no-unauthenticated',
    then: 'blocked',
    result: {
      ok: false,
      reason: 'blocked',
    },
  },
  {
    file: 'atat-postView-video.json',
    when: 'a video',
    then: 'a video card with the HLS playlist and thumbnail',
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Kamhoyung (@kamhoyung.bsky.social)',
        author: {
          name: 'Kamhoyung',
          url: 'https://bsky.app/profile/kamhoyung.bsky.social',
        },
        nsfw: false,
        video: {
          url: 'https://video.bsky.app/watch/did%3Aplc%3Al7mosai5i2u562b5qbosw6c7/bafkreic3uqlah5pnqzq4tx2r5cg6kyj2uziq4jn4uatuwdhvl33sx2qkgm/playlist.m3u8',
          mimeType: 'application/vnd.apple.mpegurl',
          
          width: 1920,
          height: 1920,
        },
        image: {
          url: 'https://video.bsky.app/watch/did%3Aplc%3Al7mosai5i2u562b5qbosw6c7/bafkreic3uqlah5pnqzq4tx2r5cg6kyj2uziq4jn4uatuwdhvl33sx2qkgm/thumbnail.jpg',
          width: 1920,
          height: 1920,
        },
        description: "Once the widget was setup, it was surprisingly easy to add a lock screen widget... Introducing: the 'The ‘Oh right!’ Button\" 😄\n#swiftUI #iOS #beginner #code #keeplearning",
      },
    },
  },
];
const ATAT_FEED_VIEW_POST: AdapterResult = {
  ok: true,
  card: {
    kind: 'link',
    title: 'The Ferrari Lab (@theferrarilab.bsky.social)',
    author: {
      name: 'The Ferrari Lab',
      url: 'https://bsky.app/profile/theferrarilab.bsky.social',
    },
    nsfw: false,
    image: {
      url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:k5nskatzhyxersjilvtnz4lh/bafkreidkonskmf77ctno6ilvuxdkzeffichjfk65ycwawtm2qeecyz3hxe@jpeg',
    },
    description: "Rule 2. If you ever find yourself in a bar fight and someone wants to join in on your side, don't bring up old s**t until the fight is over. \n\nRule 1. Know when you are in a bar fight.\n\nWelcome to the fight, farmers.",
  },
};
const NUBECITA_TIMELINES: Timeline[] = [
  {
    file: 'nubecita-getTimeline-timeline_typical.json',
    posts: [
      { when: 'a text reply', result: {
        ok: true,
        card: {
          kind: 'link',
          title: 'Bluesky (@bsky.app)',
          author: {
            name: 'Bluesky',
            url: 'https://bsky.app/profile/bsky.app',
          },
          nsfw: false,
          description: "We hear and appreciate your feedback on the photo carousel. We're going to put it back in the oven for now. We'll consider bringing it back for posts with more than four photos (or videos) when we add support for that.",
        },
      } },
      { when: 'a text post', result: {
        ok: true,
        card: {
          kind: 'link',
          title: 'Bluesky (@bsky.app)',
          author: {
            name: 'Bluesky',
            url: 'https://bsky.app/profile/bsky.app',
          },
          nsfw: false,
          description: 'The application has remained stable since the evening of April 16 and we have seen no evidence of unauthorized access to private user data. Given the ongoing stability, this will be our final update.',
        },
      } },
      { when: 'a reposted text post', result: {
        ok: true,
        card: {
          kind: 'link',
          title: 'alex benzer (@alexbenzer.com)',
          author: {
            name: 'alex benzer',
            url: 'https://bsky.app/profile/alexbenzer.com',
          },
          nsfw: false,
          description: "Bluesky is looking for a design research contractor\n\nbig plus if you know Bluesky well\n\nwho's the best design researcher you know? nominate them (or yourself)",
        },
      } },
    ],
  },
  {
    file: 'nubecita-getTimeline-timeline_with_external_embed.json',
    posts: [
      { when: 'a link card and a shortened link in the text', result: {
        ok: true,
        card: {
          kind: 'link',
          title: 'Bluesky (@bsky.app)',
          author: {
            name: 'Bluesky',
            url: 'https://bsky.app/profile/bsky.app',
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreiekcliyx3zpqteh5t6av42h7lag4atiynwau6dmqszfjhobbdhjgi',
          },
          description: 'Read David Imel’s summary of ATmosphereConf, a recent gathering of folks building on the AT Protocol: “this conference is nerdy, it’s niche, and most of the people here think they might just save the internet”\nhttps://davidimel.substack.com/p/bluesky-is-looking-for-its-myspace',
        },
      } },
    ],
  },
  {
    file: 'nubecita-getTimeline-timeline_with_images_embed.json',
    posts: [
      { when: 'one photo', result: {
        ok: true,
        card: {
          kind: 'image',
          title: 'Jay 🦋 (@jay.bsky.team)',
          author: {
            name: 'Jay 🦋',
            url: 'https://bsky.app/profile/jay.bsky.team',
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
          },
          description: 'amazon prime william morris vibes',
        },
      } },
      { when: 'two photos', result: {
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Jay 🦋 (@jay.bsky.team)',
          author: {
            name: 'Jay 🦋',
            url: 'https://bsky.app/profile/jay.bsky.team',
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
          ],
          description: 'amazon prime william morris vibes',
        },
      } },
      { when: 'three photos', result: {
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Jay 🦋 (@jay.bsky.team)',
          author: {
            name: 'Jay 🦋',
            url: 'https://bsky.app/profile/jay.bsky.team',
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
          ],
          description: 'amazon prime william morris vibes',
        },
      } },
      { when: 'four photos', result: {
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Jay 🦋 (@jay.bsky.team)',
          author: {
            name: 'Jay 🦋',
            url: 'https://bsky.app/profile/jay.bsky.team',
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
            },
          ],
          description: 'amazon prime william morris vibes',
        },
      } },
    ],
  },
  {
    file: 'nubecita-getTimeline-timeline_with_repost.json',
    posts: [
      { when: 'a quote of a quote (nested media not followed)', result: {
        ok: true,
        card: {
          kind: 'link',
          title: 'Surf (@surf.social)',
          author: {
            name: 'Surf',
            url: 'https://bsky.app/profile/surf.social',
          },
          nsfw: false,
          description: 'Excited to kick off @themmqb.bsky.social #NFLDraft AMA!\n\n@albert-breer.bsky.social and @conororr.bsky.social are taking questions from 4-4:30 p.m. ET\n\n@gilbertomanzano.bsky.social and @mattverderame.bsky.social will be on from 3:30-4 p.m.\n\nSend in questions with #MMQB.',
        },
      } },
    ],
  },
  {
    file: 'nubecita-getTimeline-timeline_with_video_embed.json',
    posts: [
      { when: 'a gif-style video', result: {
        ok: true,
        card: {
          kind: 'video',
          title: 'Bluesky (@bsky.app)',
          author: {
            name: 'Bluesky',
            url: 'https://bsky.app/profile/bsky.app',
          },
          nsfw: false,
          video: {
            url: 'https://video.bsky.app/watch/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur/bafkreifhuv36ji7vcq3tmdjltceyrfaat6vdccn2pklxf7j7dgsobdlgbm/playlist.m3u8',
            mimeType: 'application/vnd.apple.mpegurl',
            
            width: 381,
            height: 800,
          },
          image: {
            url: 'https://video.bsky.app/watch/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur/bafkreifhuv36ji7vcq3tmdjltceyrfaat6vdccn2pklxf7j7dgsobdlgbm/thumbnail.jpg',
            width: 381,
            height: 800,
          },
          description: "v1.121 is live!\n\nWe've increased the quality of photos in posts by doubling the max file size to 2MB and the resolution limit to 4000x4000. \n\nPlus, posts with multiple photos now appear in a carousel so you can show off your photography in all its glory.",
        },
      } },
    ],
  },
];
const DART_THREAD_ROOT: AdapterResult = {
  ok: true,
  card: {
    kind: 'image',
    title: 'Wuz can’t wait to play ToTK (@skeet.computer)',
    author: {
      name: 'Wuz can’t wait to play ToTK',
      url: 'https://bsky.app/profile/skeet.computer',
    },
    nsfw: false,
    image: {
      url: 'https://cdn.bsky.social/imgproxy/3iGqvmwJZy9fqCybDwIoRPtXwa35QJyPbrYQ7yo1Lcs/rs:fit:2000:2000:1:0/plain/bafkreidiqxxoqz6ztdyjjz3acngd74sdztwctsod5jgkfetnmtars6d6qq@jpeg',
    },
    description: 'hellthread hellthread hellthread\n\ndid it work?',
  },
};
const DART_POPULAR_NUDITY: AdapterResult = {
  ok: true,
  card: {
    kind: 'image',
    title: 'Je Hyeon Sim 심제현 (@naptime.bsky.social)',
    author: {
      name: 'Je Hyeon Sim 심제현',
      url: 'https://bsky.app/profile/naptime.bsky.social',
    },
    nsfw: true,
    image: {
      url: 'https://cdn.bsky.social/imgproxy/f6ytkirr09ZbUXKUBWmS8wEM-mNL5eSd6JwrTasuc68/rs:fit:2000:2000:1:0/plain/bafkreiblzte645rzsisyr5x5idlxejoqpqogfnqpkm7eytxtjptgpq7p6q@jpeg',
    },
    description: 'Last slut skeet before bed 😘',
  },
};

describeCaptures('bluesky parser conformance', () => {
  describe('atat postViews (AppView, February 2025, real bytes)', () => {
    it('when the capture folder is listed, every atat-postView capture has an expected card here', () => {
      expect(captureFiles('bluesky', /^atat-postView-.*\.json$/)).to.deep.equal(ATAT_POST_VIEWS.map((c) => c.file).sort());
    });

    for (const { file, when, then, result } of ATAT_POST_VIEWS) {
      it(`when the post has ${when} (${file}), returns ${then}`, () => {
        expect(parsePostView(capture(file))).to.deep.equal(result);
      });
    }

    it("when a feedViewPost reposts a quote of a link card, returns the quoted post's link thumbnail for the reposted post", () => {
      expect(parsePostView(capture('atat-feedViewPost-repost-of-quote-with-external.json').post)).to.deep.equal(ATAT_FEED_VIEW_POST);
    });
  });

  describe('nubecita getTimeline (April 2026, re-serialised real values)', () => {
    it('when the capture folder is listed, every nubecita timeline has expected cards here', () => {
      expect(captureFiles('bluesky', /^nubecita-.*\.json$/)).to.deep.equal(NUBECITA_TIMELINES.map((t) => t.file).sort());
    });

    for (const { file, posts } of NUBECITA_TIMELINES) {
      it(`when ${file} is read post by post, returns ${posts.map((p) => p.when).join('; ')}`, () => {
        expect(feedPosts(file).map(parsePostView)).to.deep.equal(posts.map((p) => p.result));
      });
    }
  });

  // The 2023 shape is older: images come from the retired cdn.bsky.social/imgproxy host, there is
  // no aspectRatio (so no sizes), profile views lack createdAt, and viewer is `{}`. The parser
  // reads what is there; these URLs no longer serve.
  describe('atproto.dart getPostThread (April 2023, old shape)', () => {
    const file = 'atprotodart-getPostThread-2023-images-blockedPost.json';

    it('when the whole thread answer is parsed, returns the root post as an image card without sizes', () => {
      expect(parsePostThread(capture(file))).to.deep.equal(DART_THREAD_ROOT);
    });

    it('when every post of the thread (58 parents and replies) is parsed, each gives a card and none is nsfw', () => {
      const nodes = threadNodes(capture(file).thread as Json);
      const posts = nodes.filter((n) => n.$type === 'app.bsky.feed.defs#threadViewPost');
      const results = posts.map((n) => parsePostView(n.post));
      expect(tally(results)).to.deep.equal({ image: 13, link: 44, gallery: 1 });
      expect(results.some((r) => r.ok && r.card.nsfw)).to.equal(false);
    });

    it('when the #blockedPost node at the top of the parent chain is the thread, returns blocked', () => {
      const blocked = threadNodes(capture(file).thread as Json).filter((n) => n.$type === 'app.bsky.feed.defs#blockedPost');
      expect(blocked).to.have.length(1);
      expect(parsePostThread({ thread: blocked[0] })).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });

  describe('atproto.dart getPopular (2023, old shape)', () => {
    const file = 'atprotodart-getPopular-2023-nudity-label.json';

    it('when the post carries the moderation labeler\'s "nudity" label, returns its image card with nsfw true', () => {
      expect(parsePostView(feedPosts(file)[11])).to.deep.equal(DART_POPULAR_NUDITY);
    });

    it('when all 50 posts are parsed, each gives a card and only the labelled one is nsfw', () => {
      const results = feedPosts(file).map(parsePostView);
      expect(tally(results)).to.deep.equal({ link: 23, image: 25, gallery: 2 });
      expect(results.flatMap((r, i) => (r.ok && r.card.nsfw ? [i] : []))).to.deep.equal([11]);
    });
  });
});
