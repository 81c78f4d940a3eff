// Conformance: the Bluesky parser over the real AppView captures in
// ../shared/fixtures/upstream/bluesky/ (see SOURCES.md there). Every expected card below was
// worked out by reading the capture against docs/design.md §4 and written down as a literal.
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
          handle: 'createwithswift.bsky.social',
          avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:a2xro4bckdu24pdxtevo7mmr/bafkreiedleudiwqwpb3xkzneajtuqovvsimnv4t2jxwpignefaijbhwtue@jpeg',
        },
        publishedAt: '2025-02-07T14:00:00Z',
        link: {
          url: 'https://www.createwithswift.com/designing-for-application-states-creating-seamless-user-experiences/',
          title: 'Designing for Application States: Creating Seamless User Experiences',
          description: 'Design thoughtfully for every app state, transforming potential user frustration into a seamless, engaging experience.',
          image: {
            url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:a2xro4bckdu24pdxtevo7mmr/bafkreidro6ak2yxfghlmpejb5j7c2xexj24ddqfggbrrheiuzdqogjuljy@jpeg',
          },
        },
        stats: {
          likes: 0,
          reposts: 0,
          replies: 0,
          quotes: 0,
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
          handle: 'mackuba.eu',
          avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:oio4hkxaop4ao4wz2pp3f4cr/bafkreicfcegl67gxxlqhbugnqqraqkgfcepp6jauzstex53yblyhn6f4p4@jpeg',
        },
        publishedAt: '2025-02-07T14:52:47Z',
        lang: 'en',
        quote: {
          platform: 'bluesky',
          canonicalUrl: 'https://bsky.app/profile/theverge.com/post/3lhljcua7lv2e',
          kind: 'link',
          title: 'The Verge (@theverge.com)',
          description: 'Apple ordered to open encrypted user accounts globally to UK spying',
          author: {
            name: 'The Verge',
            url: 'https://bsky.app/profile/theverge.com',
            handle: 'theverge.com',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:7exlcsle4mjfhu3wnhcgizz6/bafkreif54hai2n2elc7h6ka5qs4q2tbj5w3gh27s2z7c6nkh44kxt5nzhe@jpeg',
          },
          publishedAt: '2025-02-07T11:40:00Z',
          image: {
            url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:7exlcsle4mjfhu3wnhcgizz6/bafkreidqcvudgtorrjbaj4plxrybfkjosx5hxdpywxxhrkfrkpgbyhwl7u@jpeg',
          },
        },
        stats: {
          likes: 3,
          reposts: 0,
          replies: 1,
          quotes: 0,
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
          handle: 'launchedfm.com',
          avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:grjqrmpcr7bcrwxmll7weidf/bafkreien5xdzefvizdnrt7gnl6lcdvlvnn6z72yjo5pcwrgodcynijsinm@jpeg',
        },
        publishedAt: '2025-02-07T21:14:11Z',
        lang: 'en',
        quote: {
          platform: 'bluesky',
          canonicalUrl: 'https://bsky.app/profile/deepdishswift.com/post/3lhmdqmtrj22m',
          kind: 'image',
          title: 'Deep Dish Swift 2025 • 4/27 to 4/29 (@deepdishswift.com)',
          description: 'Y’all gave us some feedback last year...\n\n1️⃣ You wanted a live panel\n2️⃣ You thought @charliemchapman.com didn\'t work hard enough\n\nWell... you got it!\n\nCharlie will host @ryanashcraft.com, @teamneem.bsky.social, and @edwardsanchez.bsky.social on @launchedfm.com  LIVE on stage 🎤🍕\n\nSee you on April 28th!',
          author: {
            name: 'Deep Dish Swift 2025 • 4/27 to 4/29',
            url: 'https://bsky.app/profile/deepdishswift.com',
            handle: 'deepdishswift.com',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:6y3jllixhqf3vjupdvzdtxsf/bafkreigar56aanjtf3fuz53hqls3ircaps6kg3lpl7ecogiwmrioq3u6k4@jpeg',
          },
          publishedAt: '2025-02-07T19:33:00Z',
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:6y3jllixhqf3vjupdvzdtxsf/bafkreifl2ekavq2diky6z5cwtkadnrkslx7lzequr2t2fkgeoxe5syzwom@jpeg',
            width: 1089,
            height: 676,
          },
        },
        stats: {
          likes: 1,
          reposts: 1,
          replies: 0,
          quotes: 0,
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
          handle: 'iamkonstantin.eu',
          avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:64fyz6rpsagabcfqzdxykwgg/bafkreiabha35e4kpup6jyw5qxvoqovmqv2bdmzbfbz3herrboi26lv5aii@jpeg',
        },
        publishedAt: '2025-02-08T10:15:14Z',
        lang: 'en',
        quote: {
          platform: 'bluesky',
          canonicalUrl: 'https://bsky.app/profile/bpavuk.bsky.social/post/3lhnuqw5cms2h',
          kind: 'gallery',
          title: 'Bohdan Pavuk (@bpavuk.bsky.social)',
          description: 'awesome rating, Dana!\nand you, my reader, can check yours at dame.is/ratingalttext',
          author: {
            name: 'Bohdan Pavuk',
            url: 'https://bsky.app/profile/bpavuk.bsky.social',
            handle: 'bpavuk.bsky.social',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:ab5inzxnpw4j2zvzlxupr5ut/bafkreibx7jllyoabckrm3f7z5d2tctsbdd4xgnjuzm5ux73gk3zisnq3te@jpeg',
          },
          publishedAt: '2025-02-08T10:10:03Z',
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:ab5inzxnpw4j2zvzlxupr5ut/bafkreicjcy7iknl2tqviybl62yzvcfz7apwz7ft4neuilvsmd5pya747du@jpeg',
            width: 972,
            height: 2000,
            alt: 'Bluesky Alt Text Rating - how many posts from the last 90 days contain alt text?\nMu score is 92%',
          },
        },
        stats: {
          likes: 4,
          reposts: 0,
          replies: 0,
          quotes: 0,
        },
        nsfw: false,
        image: {
          url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:64fyz6rpsagabcfqzdxykwgg/bafkreibkxgznhp42mnr6dgxkfylsu53nkjlzte4mhmgvspx4ib55jfes3e@jpeg',
          width: 890,
          height: 1238,
          alt: 'Bluesky Alt Text Rating\nHow consistently do you use alt text?\nMy score is 93%',
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
          handle: 'kamhoyung.bsky.social',
          avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:l7mosai5i2u562b5qbosw6c7/bafkreif5tzhtlnxmtyefl3wdw63mcba3jmcqhcfioe3p7ygwko6pvg2gji@jpeg',
        },
        publishedAt: '2025-02-08T09:03:55Z',
        lang: 'en',
        stats: {
          likes: 0,
          reposts: 0,
          replies: 0,
          quotes: 0,
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
      handle: 'theferrarilab.bsky.social',
      avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:niay7ajcptgklwrhknvnhk44/bafkreigtm5lw5smbvpisds2ozcrk7vovmp47jxkp5yi5en7ftdzxl5aqpy@jpeg',
    },
    publishedAt: '2025-02-06T17:50:33Z',
    lang: 'en',
    quote: {
      platform: 'bluesky',
      canonicalUrl: 'https://bsky.app/profile/washingtonpost.com/post/3lhjg47rc6c2o',
      kind: 'link',
      title: 'The Washington Post (@washingtonpost.com)',
      description: 'U.S. businesses that sold goods and services to USAID are in limbo, including American farms dealing in rice, wheat and soybeans purchased as food aid.',
      author: {
        name: 'The Washington Post',
        url: 'https://bsky.app/profile/washingtonpost.com',
        handle: 'washingtonpost.com',
        avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:k5nskatzhyxersjilvtnz4lh/bafkreicx5ybi5wukvetsv3m74z3nmvbvrdhgms6sr4nlilrktv5u2lmsay@jpeg',
      },
      publishedAt: '2025-02-06T15:37:17Z',
      image: {
        url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:k5nskatzhyxersjilvtnz4lh/bafkreidkonskmf77ctno6ilvuxdkzeffichjfk65ycwawtm2qeecyz3hxe@jpeg',
      },
    },
    stats: {
      likes: 9,
      reposts: 7,
      replies: 1,
      quotes: 0,
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
            handle: 'bsky.app',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreihwihm6kpd6zuwhhlro75p5qks5qtrcu55jp3gddbfjsieiv7wuka',
          },
          publishedAt: '2026-04-23T17:06:32Z',
          lang: 'en',
          replyTo: {
            canonicalUrl: 'https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/post/3mk4lzkrnk22d',
          },
          stats: {
            likes: 3782,
            reposts: 462,
            replies: 388,
            quotes: 569,
            bookmarks: 51,
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
            handle: 'bsky.app',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreihwihm6kpd6zuwhhlro75p5qks5qtrcu55jp3gddbfjsieiv7wuka',
          },
          publishedAt: '2026-04-20T17:08:57Z',
          lang: 'en',
          stats: {
            likes: 5047,
            reposts: 464,
            replies: 262,
            quotes: 201,
            bookmarks: 96,
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
            handle: 'alexbenzer.com',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:gsbue2dtbtqzw5du5btlh7p2/bafkreihzuqtw2hng77xsimputpyrcpv3lodeqpclragsqhmj2h3me4hqnu',
            verified: true,
          },
          publishedAt: '2026-04-19T01:05:29Z',
          lang: 'en',
          stats: {
            likes: 849,
            reposts: 197,
            replies: 91,
            quotes: 16,
            bookmarks: 63,
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
            handle: 'bsky.app',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreihwihm6kpd6zuwhhlro75p5qks5qtrcu55jp3gddbfjsieiv7wuka',
          },
          publishedAt: '2026-04-22T15:20:37Z',
          lang: 'en',
          link: {
            url: 'https://davidimel.substack.com/p/bluesky-is-looking-for-its-myspace',
            title: 'Bluesky is doubling down',
            description: 'Let\'s see if a feed-builder is it.',
            image: {
              url: 'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreiekcliyx3zpqteh5t6av42h7lag4atiynwau6dmqszfjhobbdhjgi',
            },
          },
          stats: {
            likes: 1146,
            reposts: 117,
            replies: 102,
            quotes: 24,
            bookmarks: 93,
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
            handle: 'jay.bsky.team',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreihxtnc37g7jqdcgidtkknwuswtjiijcdnc6cx4imc4oq33cnsc5da',
            verified: true,
          },
          publishedAt: '2026-04-15T19:51:12Z',
          lang: 'en',
          stats: {
            likes: 272,
            reposts: 10,
            replies: 48,
            quotes: 5,
            bookmarks: 8,
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
            alt: 'tree of life art',
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
            handle: 'jay.bsky.team',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreihxtnc37g7jqdcgidtkknwuswtjiijcdnc6cx4imc4oq33cnsc5da',
            verified: true,
          },
          publishedAt: '2026-04-15T19:51:12Z',
          lang: 'en',
          stats: {
            likes: 272,
            reposts: 10,
            replies: 48,
            quotes: 5,
            bookmarks: 8,
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
            alt: 'tree of life art',
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
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
            handle: 'jay.bsky.team',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreihxtnc37g7jqdcgidtkknwuswtjiijcdnc6cx4imc4oq33cnsc5da',
            verified: true,
          },
          publishedAt: '2026-04-15T19:51:12Z',
          lang: 'en',
          stats: {
            likes: 272,
            reposts: 10,
            replies: 48,
            quotes: 5,
            bookmarks: 8,
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
            alt: 'tree of life art',
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
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
            handle: 'jay.bsky.team',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreihxtnc37g7jqdcgidtkknwuswtjiijcdnc6cx4imc4oq33cnsc5da',
            verified: true,
          },
          publishedAt: '2026-04-15T19:51:12Z',
          lang: 'en',
          stats: {
            likes: 272,
            reposts: 10,
            replies: 48,
            quotes: 5,
            bookmarks: 8,
          },
          nsfw: false,
          image: {
            url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
            width: 980,
            height: 1262,
            alt: 'tree of life art',
          },
          images: [
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
            },
            {
              url: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:oky5czdrnfjpqslsw2a5iclo/bafkreiafr4nmbpxb6vs4yqoh3kwp2ekilhq5rjj5myz5lmeotsfx642zaq',
              width: 980,
              height: 1262,
              alt: 'tree of life art',
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
            handle: 'surf.social',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:34isotrs7rzjd3czk44hnkxh/bafkreid4ejao42nf4s4urdgalhvyfwgm6sfn4cyavwxwr6rhvcubvu3ddi',
            verified: true,
          },
          publishedAt: '2026-04-20T20:05:20Z',
          lang: 'en',
          quote: {
            platform: 'bluesky',
            canonicalUrl: 'https://bsky.app/profile/albert-breer.bsky.social/post/3mjxaa6tti22w',
            kind: 'link',
            title: '@albert-breer.bsky.social',
            description: 'We\'re doing an AMA here—so leave all questions in this link, I\'ll quote tweet them, and answer between 4 and 4:30 p.m. ET today.\n\nAnything you got ...\n\nhttps://bsky.app/profile/surf.social/post/3mjpu4a6a4c2b',
            author: {
              name: 'albert-breer.bsky.social',
              url: 'https://bsky.app/profile/albert-breer.bsky.social',
              handle: 'albert-breer.bsky.social',
              avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:aokijbva3wrsbt7sqsvm4g5w/bafkreigcqiw66wa24ibbkbz6igga3reyyt5zr7qddr465igmtrdiynxnge',
            },
            publishedAt: '2026-04-20T19:46:00Z',
          },
          stats: {
            likes: 252,
            reposts: 23,
            replies: 4,
            quotes: 0,
            bookmarks: 4,
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
            handle: 'bsky.app',
            avatar: 'https://cdn.bsky.app/img/avatar/plain/did:plc:z72i7hdynmk6r22z27h6tvur/bafkreihwihm6kpd6zuwhhlro75p5qks5qtrcu55jp3gddbfjsieiv7wuka',
          },
          publishedAt: '2026-04-22T23:00:21Z',
          lang: 'en',
          stats: {
            likes: 6755,
            reposts: 1018,
            replies: 2080,
            quotes: 2135,
            bookmarks: 252,
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
      handle: 'skeet.computer',
      avatar: 'https://cdn.bsky.social/imgproxy/1316110FBqEfBfme_SnujhnFJCmh-zW8DZHJc7zhuOs/rs:fill:1000:1000:1:0/plain/bafkreif4wkqedtdof37vjmrqrkvfalaqv6e5el5ziyitxn5utesnnls2ra@jpeg',
    },
    publishedAt: '2023-04-29T15:25:02Z',
    replyTo: {
      canonicalUrl: 'https://bsky.app/profile/junlper.bsky.social/post/3jujdjxptu42j',
      handle: 'junlper.bsky.social',
    },
    stats: {
      likes: 5,
      reposts: 1,
      replies: 4,
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
      handle: 'naptime.bsky.social',
      avatar: 'https://cdn.bsky.social/imgproxy/8ryagJTZjqThNsCZKxLJowyOkcbe9EgXDxK_icTNsj0/rs:fill:1000:1000:1:0/plain/bafkreicjayjqus6xtskodgrtar3whv5plxgt3eaukbaq5mek6tzbduf2x4@jpeg',
    },
    publishedAt: '2023-04-30T07:28:50Z',
    replyTo: {
      canonicalUrl: 'https://bsky.app/profile/did:plc:escwdcji3uvvoxvdrubouoso/post/3juks7wh2rh2l',
    },
    stats: {
      likes: 15,
      reposts: 0,
      replies: 7,
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
        expect(feedPosts(file).map((post) => parsePostView(post))).to.deep.equal(posts.map((p) => p.result));
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
      const results = feedPosts(file).map((post) => parsePostView(post));
      expect(tally(results)).to.deep.equal({ link: 23, image: 25, gallery: 2 });
      expect(results.flatMap((r, i) => (r.ok && r.card.nsfw ? [i] : []))).to.deep.equal([11]);
    });
  });
});
