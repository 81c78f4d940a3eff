// The Reddit parsers over every real capture in ../shared/fixtures/upstream/reddit (SOURCES.md):
// GET /comments/{id} answers, the two listings' posts (the same `t3` objects), oEmbed answers,
// refusal bodies, the share-link redirect, and the web pages the adapter never reads. Expected
// values were read from the captures.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import type { AdapterResult } from '../../../src/application/ports/platform-adapter.port.js';
import type { Card } from '../../../src/domain/card.js';
import { upstreamResponse } from '../../../src/infrastructure/http/upstream-response.js';
import { reddit } from '../../../src/domain/platforms/reddit.js';
import { RedditAdapter } from '../../../src/infrastructure/platforms/reddit/index.js';
import { parseCommentsResponse, parseOembedResponse, parsePost, reasonForRefusal } from '../../../src/infrastructure/platforms/reddit/comments.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const EXT_PREVIEW = 'https://external-preview.redd.it';
const HLS = 'application/vnd.apple.mpegurl';

/**
 * GET /comments/{id} answers (oauth.reddit.com, raw_json=1). The praw cassettes replace the
 * author with the placeholder "<USERNAME>", which is no username: those cards have no author; and
 * the subreddit with "r/<TEST_SUBREDDIT>", no subreddit name: no community either. Each test post
 * was read right after it was made: score 1, no comments.
 */
const justPosted = (publishedAt: string) => ({ publishedAt, stats: { score: 1, replies: 0 } });
const COMMENTS: Record<string, AdapterResult> = {
  'praw-comments-16xb0aa-image.json': {
    ok: true,
    // The i.redd.it GIF itself (it keeps moving), sized by preview.images[0].source.
    card: { kind: 'image', title: 'Test Title 2', nsfw: false, image: { url: 'https://i.redd.it/7z48j742cnrb1.gif', width: 128, height: 128 }, ...justPosted('2023-10-01T19:55:12Z') },
  },
  'praw-comments-1kh2top-image-with-selftext-2025.json': {
    ok: true,
    card: {
      kind: 'image',
      title: 'Testing PRAW image submission with selftext',
      // selftext_html, so the Markdown's ** and * are gone.
      description: 'Testing PRAW image submission with markdown selftext.',
      nsfw: false,
      image: { url: 'https://i.redd.it/ky0147al7eze1.png', width: 128, height: 128 },
      ...justPosted('2025-05-07T17:13:41Z'),
    },
  },
  // removed_by_category "reddit": Reddit's filters removed it; only its author still sees it.
  'praw-comments-1kh35wk-link-with-selftext-2025.json': { ok: false, reason: 'not-found' },
  // Fetched right after upload: every media_metadata entry "unprocessed", no URL yet, no preview.
  'praw-comments-1khu9tf-gallery-with-selftext-2025.json': {
    ok: true,
    card: {
      kind: 'link',
      title: 'Testing PRAW Gallery with Selftext',
      description: 'Testing PRAW gallery submission with markdown selftext.',
      nsfw: false,
      ...justPosted('2025-05-08T16:22:58Z'),
    },
  },
  // is_video but media/secure_media null (still transcoding): the poster, nothing to play.
  'praw-comments-1khufe0-video-with-selftext-2025.json': {
    ok: true,
    card: {
      kind: 'link',
      title: 'Test Title 0',
      description: 'Testing PRAW video submission with markdown selftext.',
      nsfw: false,
      image: { url: `${EXT_PREVIEW}/czcweXgwdWs0bHplMeOwxEKY_BwUmvv0yJlvuSQnrkHkZJuTTKSVmRt4UrhV.png?format=pjpg&auto=webp&s=2d233ddcb50c39c8be6a5e4738e66f071895e2b5`, width: 200, height: 200 },
      ...justPosted('2025-05-08T16:29:16Z'),
    },
  },
  // 2016 shape, before removed_by_category: author and selftext "[deleted]".
  'praw-comments-4b1tfm-deleted-self.json': { ok: false, reason: 'not-found' },
  // The original (crosspost_parent_list[0]) is a text post: its text, the crosspost's own title.
  'praw-comments-6vx8n0-crosspost.json': { ok: true, card: { kind: 'link', title: 'Test Title', description: 'crossposting', nsfw: false, ...justPosted('2017-08-25T08:45:42Z') } },
  'praw-comments-asxv46-nsfw-over18-self.json': { ok: true, card: { kind: 'link', title: 'Test Title', description: 'Test text.', nsfw: true, ...justPosted('2019-02-21T03:04:13Z') } },
  'praw-comments-huw6vs-gallery.json': {
    ok: true,
    card: {
      kind: 'gallery',
      title: 'Test Title',
      nsfw: false,
      image: { url: 'https://preview.redd.it/pb7qsvi6i3c51.png?width=128&format=png&auto=webp&s=7c2e610589cb5c8d60384b1d2a8eadc5c874d1d9', width: 128, height: 128 },
      images: [
        { url: 'https://preview.redd.it/pb7qsvi6i3c51.png?width=128&format=png&auto=webp&s=7c2e610589cb5c8d60384b1d2a8eadc5c874d1d9', width: 128, height: 128 },
        // gallery_data.items[].caption is the alt text; the first and third items have none.
        { url: 'https://preview.redd.it/14wmudl6i3c51.jpg?width=128&format=pjpg&auto=webp&s=978f65bc49a7bc65ed5b0cb7493e7da85ba87909', width: 128, height: 128, alt: 'test.jpg' },
        // An AnimatedImage: s.gif, not s.u.
        { url: 'https://i.redd.it/vkm62gm6i3c51.gif', width: 128, height: 128 },
        { url: 'https://preview.redd.it/wka18en6i3c51.png?width=128&format=png&auto=webp&s=da421b79862a56e00187a720bf90693de71efbbe', width: 128, height: 128, alt: 'test.png' },
      ],
      ...justPosted('2020-07-20T23:18:55Z'),
    },
  },
  // 2020 shape without has_audio: taken to have sound, so the HLS playlist; it expires with `a=`.
  'praw-comments-k5rsq3-video-v.redd.it.json': {
    ok: true,
    card: {
      kind: 'video',
      title: 'Test Title 0',
      nsfw: false,
      video: {
        url: 'https://v.redd.it/5ph4906syw261/HLSPlaylist.m3u8?a=1609567926%2CZjkzZjA5ZmIwMzdlMDdiYWQzZGExMzdhMzZkODlkNjc1MzdhMzBkMzkwNmUzYTJmNmE2YzhhOTBlNmMxMDRhZg%3D%3D&v=1&f=sd',
        mimeType: HLS,
        width: 200,
        height: 200,
        // reddit_video.duration; no has_audio in 2020, so no hasAudio.
        duration: 13,
      },
      image: { url: `${EXT_PREVIEW}/WHSrHbbmt2CT_VZkS9iPCynCpx97Mqh_VxXsVHKGStY.png?format=pjpg&auto=webp&s=2a988f95c46539a355552d92fa797c5b7265416e`, width: 200, height: 200 },
      ...justPosted('2020-12-03T06:11:08Z'),
    },
    mediaExpiresAt: 1609567926000,
  },
  // A "videogif" still transcoding (secure_media null): the poster only.
  'praw-comments-k5s10u-videogif.json': {
    ok: true,
    card: {
      kind: 'link',
      title: 'Test Title',
      nsfw: false,
      image: { url: `${EXT_PREVIEW}/Cun8pzxTYP6Sm_MZS27fRNCM8KMYWOSmjQGn0GO63Zk.png?format=pjpg&auto=webp&s=cc0eb681398d11f449d846d39a15d206956006b3`, width: 200, height: 200 },
      ...justPosted('2020-12-03T06:29:00Z'),
    },
  },
};

const POPULAR = 'praw-r-popular-hot-2026-04-13-listing.json';
const BEST = 'praw-best-2018-05-05-listing-with-nsfw.json';
const author = (name: string) => ({ name, url: `https://www.reddit.com/user/${name}/`, handle: name });
const sub = (name: string) => ({ name: `r/${name}`, url: `https://www.reddit.com/r/${name}/` });

/** Posts of the listings (the same `t3` objects a comments answer holds), picked by id. */
const LISTED: Record<string, { file: string; result: AdapterResult }> = {
  '1skl1i1': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'A medium rare "steak."',
        author: author('PrinceFlynn'),
        nsfw: false,
        // has_audio true: CMAF_1080.mp4 is mute, the playlist has the sound.
        video: {
          url: 'https://v.redd.it/dqm10oy4d0vg1/HLSPlaylist.m3u8?a=1778705385%2CN2FkMGU5NjNhOTc2MWIwNjEyY2JjNjQzNGE0ODcyYmY4M2EwOGEzM2ZhOGI4N2I5NmRjMmRhMjUxNDE5MWU3Zg%3D%3D&v=1&f=sd',
          mimeType: HLS,
          width: 1080,
          height: 1920,
          duration: 147,
          hasAudio: true,
        },
        image: { url: `${EXT_PREVIEW}/bzM1NHJtejRkMHZnMYpB0quAB9LV1IuvWtn5yYXa_Ooj1UYY_4Sm7GJ7Nb2I.png?format=pjpg&auto=webp&s=5d426e9b5a8fd0c13450e8aa9c0adc849eedf88b`, width: 1080, height: 1920 },
        publishedAt: '2026-04-13T19:22:01Z',
        // score, not ups (the same number under another name), and num_comments.
        stats: { score: 714, replies: 428 },
        community: sub('StupidFood'),
      },
      mediaExpiresAt: 1778705385000,
    },
  },
  '1skhlsn': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Footage from a security camera in Sri Lanka...',
        author: author('LazyIngenuity7013'),
        nsfw: false,
        // has_audio false: the MP4 loses nothing; no `a=` expiry on it.
        video: { url: 'https://v.redd.it/60eee4rhrzug1/CMAF_480.mp4?source=fallback', mimeType: 'video/mp4', width: 480, height: 550, duration: 98, hasAudio: false },
        image: { url: `${EXT_PREVIEW}/dzFoMmJiZDlzenVnMYByZUmLOsSuUfKSjIh3oyJJW9UYIbMnQVF8N0fClq4e.png?format=pjpg&auto=webp&s=a52f939ad957f095ccbaf6c37e2ba46c26978cf8`, width: 628, height: 720 },
        publishedAt: '2026-04-13T17:24:11Z',
        stats: { score: 806, replies: 214 },
        community: sub('funny'),
      },
    },
  },
  '1skbs80': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Suspicious toes detected',
        author: author('venomdoolll'),
        nsfw: false,
        // is_gif (has_audio false too): the MP4.
        video: { url: 'https://v.redd.it/e7vp1r8hsyug1/CMAF_720.mp4?source=fallback', mimeType: 'video/mp4', width: 720, height: 986, duration: 20, hasAudio: false },
        image: { url: `${EXT_PREVIEW}/eDRyYW9pc2dzeXVnMcde6GRyziXnJ6c9S9mFvIrFy49aQWJ6xkrX93Y0s0t-.png?format=pjpg&auto=webp&s=b4a38f478cc97284fa7cd568afbeb2518baf8faf`, width: 928, height: 1272 },
        publishedAt: '2026-04-13T14:03:30Z',
        stats: { score: 3620, replies: 82 },
        community: sub('CatsBeingAdorable'),
      },
    },
  },
  '1skh6dk': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Ramattra x Diablo 4 collab skin',
        description: "I don't know who this is tbh I don't play Diablo but it looks cool",
        author: author('doubleoeck1234'),
        nsfw: false,
        image: { url: 'https://preview.redd.it/l4qy0l5ppzug1.jpg?width=2160&format=pjpg&auto=webp&s=8df739b461e1b9a8453a801ad1ea97a47d1e8dbf', width: 2160, height: 2160 },
        images: [
          { url: 'https://preview.redd.it/l4qy0l5ppzug1.jpg?width=2160&format=pjpg&auto=webp&s=8df739b461e1b9a8453a801ad1ea97a47d1e8dbf', width: 2160, height: 2160 },
          { url: 'https://preview.redd.it/ygxbkh7ppzug1.jpg?width=1234&format=pjpg&auto=webp&s=e4cd8cfc043a6dd8767d82ff0360bbd50eccbe36', width: 1234, height: 735 },
        ],
        publishedAt: '2026-04-13T17:09:35Z',
        stats: { score: 2595, replies: 202 },
        community: sub('Overwatch'),
      },
    },
  },
  '1skbyfv': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Trump just posted an AI generated image of himself portraying as christ',
        // selftext is a Markdown link [url](url); the rendered text is the URL once.
        description: 'https://truthsocial.com/@realDonaldTrump/posts/116394884725149647',
        author: author('notanfan'),
        nsfw: false,
        image: { url: 'https://i.redd.it/u7ld6zcktyug1.gif', width: 1152, height: 648 },
        publishedAt: '2026-04-13T14:09:36Z',
        stats: { score: 3142, replies: 169 },
        community: sub('whennews'),
      },
    },
  },
  // spoiler: true gives the content warning "Spoiler"; the picture stays the real one, not variants.obfuscated.
  '1skef59': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'image',
        title: 'Did Mike Colter just spoil season 3 of Born Again in this deleted post?',
        author: author('Colonel_PingPong'),
        nsfw: false,
        image: { url: 'https://i.redd.it/bo5nm4kv8zug1.jpeg', width: 864, height: 748 },
        contentWarning: 'Spoiler',
        publishedAt: '2026-04-13T15:35:18Z',
        stats: { score: 1222, replies: 228 },
        community: sub('marvelstudios'),
      },
    },
  },
  // A Streamable link (rich:video, secure_media.oembed): Reddit hosts no video, so a link card
  // with Reddit's preview picture, the target under `link` and after the text.
  '1skjxta': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'link',
        title:
          'Ulberg on Jiri showing mercy: “That’s bullshit, total bullshit. That’s fear. There was no mercy in there. He was full of fear, hesitation, and that’s what got him clipped. I think he’s a pretender...That was his excuse so that he could hopefully get a rematch. There is no way he gets that rematch.”',
        description: 'https://x.com/arielhelwani/status/2043757261882044451\n\nhttps://streamable.com/ql7tuy',
        author: author('airplane231'),
        nsfw: false,
        image: { url: `${EXT_PREVIEW}/qZIuPQ3BmxRI11HulZ-Ikg0_iC-LBfQi8tIVY4CVFLk.jpeg?auto=webp&s=9f6bc785e518bd79d0d0a1ebd0fe4daba3064cda`, width: 1280, height: 720 },
        link: {
          url: 'https://streamable.com/ql7tuy',
          image: { url: `${EXT_PREVIEW}/qZIuPQ3BmxRI11HulZ-Ikg0_iC-LBfQi8tIVY4CVFLk.jpeg?auto=webp&s=9f6bc785e518bd79d0d0a1ebd0fe4daba3064cda`, width: 1280, height: 720 },
        },
        publishedAt: '2026-04-13T18:44:08Z',
        stats: { score: 546, replies: 495 },
        community: sub('MMA'),
      },
    },
  },
  '1sk894v': {
    file: POPULAR,
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Demon Slayer Infinity Castle Isn’t Available On Streaming Or Bluray 9 Months Later, And Isn’t In Theatres So It’s Not Available To Be Watched Anywhere',
        description:
          'This is ridiculous the movie made $800 million as the highest grossing anime movie of all time with a budget of $20 million, what more could they want. Anyone who wants to watch it right now straight up can’t, it isn’t available in Blu-ray, Streaming, or Theatres',
        author: author('Elestria_Ethereal'),
        nsfw: false,
        publishedAt: '2026-04-13T11:39:05Z',
        stats: { score: 2686, replies: 533 },
        community: sub('anime'),
      },
    },
  },
  // 2018: an NSFW imgur .gifv; Reddit's MP4 copy in preview.reddit_video_preview (old DASH_1_2_M
  // name, is_gif) plays, the poster is on the pre-2019 i.redditmedia.com.
  '8h83um': {
    file: BEST,
    result: {
      ok: true,
      card: {
        kind: 'video',
        title: 'Go faster daddy!',
        author: author('Morty_Goldman'),
        nsfw: true,
        video: { url: 'https://v.redd.it/fe05d79mz1w01/DASH_1_2_M', mimeType: 'video/mp4', width: 576, height: 360, duration: 19 },
        image: { url: 'https://i.redditmedia.com/3vV-dckKzkIjlKhHLWEt7zANCuyB71IcmBNBfLjqtaQ.jpg?s=92d4ef2f62aae907f2178155198c5fb8', width: 720, height: 450 },
        publishedAt: '2018-05-05T15:11:35Z',
        stats: { score: 15209, replies: 286 },
        community: sub('combinedgifs'),
      },
    },
  },
  // 2018 NSFW text post with no text: no description.
  '8h8pwt': {
    file: BEST,
    result: {
      ok: true,
      card: {
        kind: 'link',
        title: 'Masturbating is really tricking your body into thinking you are succeeding in life.',
        author: author('Hot_Donald'),
        nsfw: true,
        publishedAt: '2018-05-05T16:47:29Z',
        stats: { score: 16019, replies: 623 },
        community: sub('Showerthoughts'),
      },
    },
  },
};

/**
 * The post details alone (docs/design.md §4), where the rest of a long card adds nothing: an edited
 * video post (`edited` in epoch seconds, `has_audio` true).
 */
const DETAILS: Record<string, { file: string; details: Partial<Card> }> = {
  '1skgoca': {
    file: POPULAR,
    details: {
      publishedAt: '2026-04-13T16:52:42Z',
      editedAt: '2026-04-13T17:46:38Z',
      stats: { score: 1358, replies: 214 },
      community: sub('Starfield'),
      author: author('SimpleSpider573'),
    },
  },
};
const DETAIL_KEYS = ['contentWarning', 'publishedAt', 'editedAt', 'stats', 'community', 'author', 'link', 'poll'] as const;

/**
 * How many cards of each kind a whole listing gives, counted from SOURCES.md and the posts' own
 * flags: 2026: 24 v.redd.it videos, 14 galleries, 50 images, 6 self + 5 links + 1 Streamable link.
 * 2018: 4 hosted videos + 23 GIFs with a reddit_video_preview, 51 images, 22 text and link posts.
 */
const LISTING_KINDS: Record<string, Record<string, number>> = {
  [POPULAR]: { video: 24, gallery: 14, image: 50, link: 12 },
  [BEST]: { video: 27, image: 51, link: 22 },
};

const OEMBED: Record<string, AdapterResult> = {
  'embedphp-oembed-7pfpeq.json': {
    ok: true,
    card: { kind: 'link', title: "Buffett on cyrptocurrencies: 'I can say almost with certainty that they will come to a bad ending'", author: author('dennisrieves'), nsfw: false },
  },
  'amp-wp-oembed-post-gnl55y.json': { ok: true, card: { kind: 'link', title: 'Sticky bun for you!', author: author('rnielsen776'), nsfw: false } },
};

const REFUSALS: Record<string, { status: number; reason: string }> = {
  'praw-404-not-found.json': { status: 404, reason: 'not-found' },
  // A quarantined subreddit, in 2016 without a `reason` field: a bare 403 is our access refused.
  'praw-403-quarantined-forbidden.json': { status: 403, reason: 'blocked' },
};

/** Web pages: the adapter reads none; one served where JSON was asked for is a wall in front of it. */
const PAGES = ['embedphp-page-7pfpeq-shreddit.html', 'metascraper-post.html'];

/** Captures that only describe another: the status and headers of the file they are named after. */
const METADATA = ['embedphp-oembed-7pfpeq.meta.json', 'embedphp-page-7pfpeq-shreddit.meta.json', 'praw-share-link-s-redirect-301.meta.json'];
const SHARE_LINK = 'praw-share-link-s-redirect-301.html';

/**
 * The card tables above predate `renditions` and hold the rest of each card; the smaller files are
 * checked on their own below (which a capture lists, and that each is the same picture smaller).
 */
function withoutRenditions(result: AdapterResult): AdapterResult {
  if (!result.ok) return result;
  const bare = <T extends { renditions?: unknown }>(picture: T): Omit<T, 'renditions'> => {
    const { renditions: _smaller, ...rest } = picture;
    return rest;
  };
  const { card } = result;
  return {
    ...result,
    card: {
      ...card,
      ...(card.image ? { image: bare(card.image) } : {}),
      ...(card.images ? { images: card.images.map(bare) } : {}),
      ...(card.link?.image ? { link: { ...card.link, image: bare(card.link.image) } } : {}),
    },
  };
}

/** Width × height of each rendition of a picture, largest first. */
const sizesOf = (picture: { renditions?: { width: number; height: number }[] } | undefined) => (picture?.renditions ?? []).map((r) => `${r.width}x${r.height}`);

function listedPost(file: string, id: string): unknown {
  const listing = JSON.parse(readCapture('reddit', file)) as { data: { children: { data: { id: string } }[] } };
  return listing.data.children.find((child) => child.data.id === id)?.data;
}

function statusOf(metaFile: string): number {
  const meta = JSON.parse(readCapture('reddit', metaFile)) as { status?: number | { code: number }; response?: { status: { code: number } } };
  const status = meta.response?.status ?? meta.status;
  return typeof status === 'number' ? status : status!.code;
}

describeCaptures('reddit conformance (captures in ../shared/fixtures/upstream/reddit)', () => {
  const { mediaHosts } = reddit;
  const onMediaHost = (href: string) => {
    const host = new URL(href).hostname;
    return mediaHosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
  };

  for (const [file, expected] of Object.entries(COMMENTS)) {
    it(`comments answer ${file} → ${expected.ok ? expected.card.kind : expected.reason}`, () => {
      expect(withoutRenditions(parseCommentsResponse(200, readCapture('reddit', file)))).to.deep.equal(expected);
    });
  }

  for (const [id, { file, result }] of Object.entries(LISTED)) {
    it(`listing ${file}, post ${id} → ${result.ok ? result.card.kind : result.reason}`, () => {
      expect(withoutRenditions(parsePost(listedPost(file, id)))).to.deep.equal(result);
    });
  }

  for (const [id, { file, details }] of Object.entries(DETAILS)) {
    it(`listing ${file}, post ${id} → its post details`, () => {
      const result = parsePost(listedPost(file, id));
      if (!result.ok) throw new Error(`no card: ${result.reason}`);
      const picked = Object.fromEntries(DETAIL_KEYS.filter((key) => result.card[key] !== undefined).map((key) => [key, result.card[key]]));
      expect(picked).to.deep.equal(details);
    });
  }

  for (const [file, kinds] of Object.entries(LISTING_KINDS)) {
    it(`every post of ${file} gives a card, ${JSON.stringify(kinds)}, with media only from mediaHosts`, () => {
      const listing = JSON.parse(readCapture('reddit', file)) as { data: { children: { data: unknown }[] } };
      const counts: Record<string, number> = {};
      const offHost: string[] = [];
      for (const child of listing.data.children) {
        const result = parsePost(child.data);
        if (!result.ok) throw new Error(`no card: ${result.reason}`);
        const { card } = result;
        counts[card.kind] = (counts[card.kind] ?? 0) + 1;
        const pictures = [card.image, card.link?.image, ...(card.images ?? [])];
        const renditions = pictures.flatMap((picture) => picture?.renditions ?? []).map((r) => r.url);
        for (const href of [card.image?.url, card.video?.url, ...(card.images ?? []).map((i) => i.url), ...renditions]) {
          if (href && !onMediaHost(href)) offHost.push(href);
        }
      }
      expect(counts).to.deep.equal(kinds);
      expect(offHost).to.deep.equal([]);
    });
  }

  for (const [file, expected] of Object.entries(OEMBED)) {
    it(`oEmbed answer ${file} → a link card with title and author`, () => {
      const status = file === 'embedphp-oembed-7pfpeq.json' ? statusOf('embedphp-oembed-7pfpeq.meta.json') : 200;
      expect(parseOembedResponse(status, readCapture('reddit', file))).to.deep.equal(expected);
    });
  }

  for (const [file, { status, reason }] of Object.entries(REFUSALS)) {
    it(`refusal ${file} (${status}) → ${reason}`, () => {
      expect(reasonForRefusal(status, readCapture('reddit', file))).to.equal(reason);
    });
  }

  for (const file of PAGES) {
    it(`web page ${file}, answered where the JSON was asked for → blocked (the adapter reads no page)`, () => {
      const status = file.startsWith('embedphp') ? statusOf('embedphp-page-7pfpeq-shreddit.meta.json') : 200;
      expect(parseCommentsResponse(status, readCapture('reddit', file))).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  }

  // Sizes read from the captures' `preview.images[0].resolutions` and `media_metadata[].p`.
  it('renditions: a link post lists Reddit\'s previews of its picture, largest first', () => {
    const result = parsePost(listedPost('praw-r-popular-hot-2026-04-13-listing.json', '1skjxta'));
    if (!result.ok) throw new Error(result.reason);
    expect(sizesOf(result.card.image)).to.deep.equal(['1080x607', '960x540', '640x360', '320x180', '216x121', '108x60']);
    expect(result.card.image!.renditions![0]!.url).to.match(/^https:\/\/external-preview\.redd\.it\/.+width=1080.+&s=[0-9a-f]+$/);
  });

  it('renditions: an i.redd.it upload keeps its own URL and gets the previews Reddit made of it', () => {
    const result = parsePost(listedPost('praw-r-popular-hot-2026-04-13-listing.json', '1skef59'));
    if (!result.ok) throw new Error(result.reason);
    expect(result.card.image!.url).to.equal('https://i.redd.it/bo5nm4kv8zug1.jpeg');
    expect(sizesOf(result.card.image)).to.deep.equal(['640x554', '320x277', '216x187', '108x93']);
    expect(result.card.image!.renditions!.every((r) => r.url.startsWith('https://preview.redd.it/bo5nm4kv8zug1.jpeg?width='))).to.equal(true);
  });

  it('renditions: each gallery photo lists its own previews (media_metadata p)', () => {
    const result = parsePost(listedPost('praw-r-popular-hot-2026-04-13-listing.json', '1skh6dk'));
    if (!result.ok) throw new Error(result.reason);
    expect(sizesOf(result.card.images![0])).to.deep.equal(['1080x1080', '960x960', '640x640', '320x320', '216x216', '108x108']);
    expect(sizesOf(result.card.images![1])).to.deep.equal(['1080x643', '960x571', '640x381', '320x190', '216x128', '108x64']);
  });

  it('renditions in every listed post are smaller https files of the same picture (no crops), largest first', () => {
    let seen = 0;
    for (const file of Object.keys(LISTING_KINDS)) {
      const listing = JSON.parse(readCapture('reddit', file)) as { data: { children: { data: unknown }[] } };
      for (const child of listing.data.children) {
        const result = parsePost(child.data);
        if (!result.ok) continue;
        for (const picture of [result.card.image, result.card.link?.image, ...(result.card.images ?? [])]) {
          if (!picture?.renditions) continue;
          const aspect = picture.width! / picture.height!;
          picture.renditions.forEach((r, i) => {
            seen += 1;
            expect(r.url).to.match(/^https:\/\//);
            expect(r.url).not.to.include('&amp;');
            expect(r.width).to.be.lessThan(picture.width!);
            expect(Math.abs(r.width / r.height - aspect) / aspect).to.be.at.most(0.03);
            if (i > 0) expect(r.width).to.be.lessThan(picture.renditions![i - 1]!.width);
          });
        }
      }
    }
    expect(seen).to.be.greaterThan(20);
  });

  it(`share link ${SHARE_LINK} (301) → its Location, which names post 2gmzqe`, async () => {
    const meta = JSON.parse(readCapture('reddit', 'praw-share-link-s-redirect-301.meta.json')) as {
      response: { status: { code: number }; headers: Record<string, string[]> };
    };
    const headers = Object.fromEntries(Object.entries(meta.response.headers).map(([name, values]) => [name.toLowerCase(), values.join(', ')]));
    const http: HttpClient = {
      request: (request: HttpRequest) => Promise.resolve(upstreamResponse(meta.response.status.code, request.url, headers, Buffer.from(readCapture('reddit', SHARE_LINK)))),
    };
    const hop = await new RedditAdapter(http, { credential: () => undefined }, { now: () => 0 }).readShortLink('https://www.reddit.com/r/redditdev/s/WNauetbiNG', AbortSignal.timeout(5000));
    if (!hop.ok) throw new Error(`no hop: ${hop.reason}`);
    const canonical = canonicalize(createSpecList({ mastodonInstances: [] }), new URL(hop.location));
    expect(canonical.canonicalUrl).to.equal('https://www.reddit.com/r/redditdev/comments/2gmzqe/');
  });

  it('every capture file is covered by one of the tables above', () => {
    const covered = new Set([
      ...Object.keys(COMMENTS),
      ...new Set(Object.values(LISTED).map((l) => l.file)),
      ...Object.keys(LISTING_KINDS),
      ...Object.keys(OEMBED),
      ...Object.keys(REFUSALS),
      ...PAGES,
      ...METADATA,
      SHARE_LINK,
      'SOURCES.md',
    ]);
    expect(captureFiles('reddit', /./).filter((file) => !covered.has(file))).to.deep.equal([]);
  });
});
