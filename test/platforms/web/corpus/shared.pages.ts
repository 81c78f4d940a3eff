// Pages among the real captures in ../shared/fixtures/upstream/, read there at test time and never
// copied (their SOURCES.md gives origin and licence); the test skips them with a notice when ../shared is absent.
import type { CorpusPage } from './corpus-page.js';

const READ_IN_PLACE = 'not copied: read in place from ../shared/fixtures/upstream';

export const SHARED_PAGES: readonly CorpusPage[] = [
  {
    name: 'threads.net-post-head-excerpt',
    url: 'https://www.threads.net/t/CuWRRrQuql9',
    contentType: 'text/html',
    source: { kind: 'shared', path: 'threads/EXCERPT-page-post-CuWRRrQuql9-image-og-head-2023-07.html' },
    licence: `GPL-3.0 source (everettsouthwick/vxThreads), see threads/SOURCES.md; ${READ_IN_PLACE}`,
    trimmed: 'the capture is a head excerpt that stops before </head> (no body): the reader must take what it has at the end of the bytes',
    expected: {
      // Hex and decimal character references (&#064;, &#x2026;, &#x1fae1;), a sized PNG icon only.
      title: 'Joy Qiu (@joyqiuu) on Threads',
      description: { startsWith: '5.8K likes, 449 replies. A long, long, LONG day and 10M users later… P92 server signing off for the night 🫡' },
      image: 'https://scontent.cdninstagram.com/v/t51.2885-15/358170242_763117808845095_5019289229883911585_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=y4Go3LYFqKEAX8c8uU1&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MDc3Mzc3MTYxMDg1OTkwMQ%3D%3D.2-ccb7-5&oh=00_AfBgHI7frLFyx2vaGnvv9S905YBaoUIyToprngVFOW0_LA&oe=64ABAADF&_nc_sid=10d13b',
      siteName: 'Threads',
      lang: 'en',
      kind: 'image',
      themeColor: '#5f6368',
      canonical: 'https://www.threads.net/t/CuWRRrQuql9',
      icon: 'https://static.xx.fbcdn.net/rsrc.php/v3/y2/r/ZI3qMUkj5Tz.png',
      absent: ['author', 'publishedAt', 'video', 'oembed'],
    },
  },
  {
    name: 't.me-channel',
    url: 'https://t.me/unlimitedhangout',
    contentType: 'text/html',
    source: { kind: 'shared', path: 'telegram/metascraper-channel.html' },
    licence: `MIT (metascraper test fixture), see telegram/SOURCES.md; ${READ_IN_PLACE}`,
    trimmed: 'nothing here (see telegram/SOURCES.md)',
    expected: {
      // No <html lang>, no canonical, a protocol-relative icon; the description holds a tab.
      title: 'Unlimited Hangout',
      description: { startsWith: 'Investigative Journalist Whitney Webb' },
      image: 'https://cdn1.telesco.pe/file/c5IC57RIrbwsSZG-fm_Znm8OhuEtQZJH9lBINBiJ86wIdOXuz7NSANIYG542CorAt9p-KwaboTDn86KC_rNKj8cctwybPjzMdwaMKq_nXTgQzQT5xFVYB5VKaPdc6VRkef8hO5_eFcy1bUjh1wzNURZKrZGf8XCyAkfxRsHZPqz1C1_oSYn5J6p4Zv9IXC9JOpQsbYo2LwaJ4b6fNbqJftocSC_Pcoc4WgbqwqYQp5zeVkDdmNN7jJ8VTgJwAOjlMoBz9-gKsknNnkyuEzuoW4qY8IXz_qeMGXPPzh42-tBVglFycKEX_mD69L9TsSqDne1lBnvVhYp-C3c_d0KvPg.jpg',
      siteName: 'Telegram',
      kind: 'image',
      themeColor: '#5f6368',
      icon: 'https://telegram.org/favicon.ico?3',
      absent: ['author', 'publishedAt', 'lang', 'canonical', 'video', 'oembed'],
    },
  },
  {
    name: 'reddit.com-post-head',
    url: 'https://www.reddit.com/r/lotus/comments/1pzbv0z/my_lotus_elise_72d_with_17_rays_volk_gtp/',
    contentType: 'text/html',
    source: { kind: 'shared', path: 'reddit/metascraper-post.html' },
    licence: `MIT (metascraper test fixture), see reddit/SOURCES.md; ${READ_IN_PLACE}`,
    trimmed: 'head only (see reddit/SOURCES.md)',
    expected: {
      // Attributes split over several lines; the declared URL is og:url only (no <link rel=canonical>).
      title: 'From the lotus community on Reddit: My Lotus Elise 72D with 17” Rays Volk GT-P',
      description: 'Explore this post and more from the lotus community',
      image: 'https://share.redd.it/preview/post/1pzbv0z',
      siteName: 'Reddit',
      lang: 'en-US',
      kind: 'image',
      themeColor: '#5f6368',
      canonical: 'https://www.reddit.com/r/lotus/comments/1pzbv0z/my_lotus_elise_72d_with_17_rays_volk_gtp/?seeker-session=true',
      icon: 'https://www.redditstatic.com/shreddit/assets/favicon/180x180.png',
      absent: ['author', 'publishedAt', 'video', 'oembed'],
    },
  },
  {
    name: 'linkedin.com-post-head-excerpt',
    url: 'https://www.linkedin.com/posts/anduril_rubricrefine-improving-tool-use-agent-reliability-activity-7468765250281046016-5CCd',
    contentType: 'text/html',
    source: { kind: 'shared', path: 'linkedin/li-post-anduril-activity-7468765250281046016-2026-06-head-excerpt.html' },
    licence: `unknown (see linkedin/SOURCES.md); ${READ_IN_PLACE}`,
    trimmed: 'head excerpt, body dropped (see linkedin/SOURCES.md)',
    expected: {
      // The SocialMediaPosting's author is an Organization; its ten comments each name a Person, never the author.
      title: 'RubricRefine: Improving Tool-Use Agent Reliability with Training-Free Pre-Execution Refinement | Anduril Industries | 21 comments',
      description: { startsWith: 'Standard AI agents learn through trial and error, but in defense, first-time errors are unacceptable.' },
      image: 'https://media.licdn.com/dms/image/sync/v2/D5627AQEsQn05QPvAmA/articleshare-shrink_800/B56Z6ZVo7pH0AY-/0/1780689047638?e=2147483647&v=beta&t=Mm6pta3-b6U8l0t31L-6j9EEAa4OdiApUoj8Pw_Y2e0',
      siteName: 'LinkedIn',
      author: 'Anduril Industries',
      publishedAt: '2026-06-05T20:46:38.597Z',
      lang: 'en',
      kind: 'image',
      themeColor: '#5f6368',
      canonical: 'https://www.linkedin.com/posts/anduril_rubricrefine-improving-tool-use-agent-reliability-activity-7468765250281046016-5CCd',
      icon: 'https://static.licdn.com/aero-v1/sc/h/al2o9zrvru7aqj8e1x2rzsrca',
      absent: ['video', 'oembed'],
    },
  },
  {
    name: 'youtube.com-watch',
    url: 'https://www.youtube.com/watch?v=DIsktwOQZuU',
    contentType: 'text/html',
    source: { kind: 'shared', path: 'youtube/page-watch-DIsktwOQZuU-2026-01.html' },
    licence: `MIT (metascraper test fixture), see youtube/SOURCES.md; ${READ_IN_PLACE}`,
    trimmed: 'nothing (1.4 MB, over WEB_MAX_BYTES: what counts is in the head)',
    expected: {
      // Every Open Graph tag is written twice (one distinct og:image: not a gallery); theme-color is rgba(), not
      // #rgb; the player (og:video text/html, twitter:player) is the video; the date is itemprop=datePublished.
      // The channel name is only an itemprop (not an author source the design names): not checked.
      title: 'GBAF 2024 – Highlights',
      description: { startsWith: 'The Global Brain Alliance Forum (GBAF) is a conference where participants explore the latest trends' },
      image: 'https://i.ytimg.com/vi/DIsktwOQZuU/maxresdefault.jpg',
      video: { url: 'https://www.youtube.com/embed/DIsktwOQZuU', mimeType: 'text/html' },
      siteName: 'YouTube',
      publishedAt: '2025-03-28T00:55:38Z',
      lang: 'es-ES',
      kind: 'video',
      themeColor: '#5f6368',
      canonical: 'https://www.youtube.com/watch?v=DIsktwOQZuU',
      icon: 'https://www.youtube.com/s/desktop/2f190eaf/img/favicon_144x144.png',
      oembed: 'https://www.youtube.com/oembed?format=json&url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DDIsktwOQZuU',
      absent: ['images'],
    },
  },
];
