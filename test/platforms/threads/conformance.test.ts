// Conformance: the Threads parsers over the real captures in ../shared/fixtures/upstream/threads/
// (see SOURCES.md there): the GraphQL post nodes (July 2023) through the post-node parser the page
// and GraphQL strategies share, and the post page head excerpts through the Open Graph parser.
// Every expected card was worked out by reading the capture against docs/design.md §4 and written down.
import { expect } from 'chai';
import { parseGraphqlBody, postIdFromCode, readGraphqlAnswer } from '../../../src/infrastructure/platforms/threads/graphql.js';
import { cardFromOpenGraph, lsdToken, postFromPage } from '../../../src/infrastructure/platforms/threads/page.js';
import { cardFromPost, type ThreadsCard } from '../../../src/infrastructure/platforms/threads/post.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

interface Case {
  file: string;
  when: string;
  then: string;
  result: ThreadsCard;
}

type Node = { code: string; pk: string; text_post_app_info?: { share_info?: { quoted_post?: Node | null } } };

const GRAPHQL_NODES: Case[] = [
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-imageCarouselPost-2023-07.json',
    when: 'five photos (items without candidate sizes)',
    then: 'a gallery of the five originals sized by original_width/height',
    result: {
      card: {
        kind: 'gallery',
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358112198_263973443016284_3528560401145777071_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=108&_nc_ohc=Om7rzKn7KLUAX-6N3LU&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODM1MzEyOTkzNg%3D%3D.2-ccb7-5&oh=00_AfC2WtZ5gEEavEf0LLwJFX_R6AgNjneUjnEY3H7LX9o6pQ&oe=64BDA346&_nc_sid=10d13b',
          width: 1440,
          height: 1920,
        },
        images: [
          {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358112198_263973443016284_3528560401145777071_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=108&_nc_ohc=Om7rzKn7KLUAX-6N3LU&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODM1MzEyOTkzNg%3D%3D.2-ccb7-5&oh=00_AfC2WtZ5gEEavEf0LLwJFX_R6AgNjneUjnEY3H7LX9o6pQ&oe=64BDA346&_nc_sid=10d13b',
            width: 1440,
            height: 1920,
          },
          {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358349760_1465777867512040_8931970900779229993_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=104&_nc_ohc=Zj-Jk73zS8cAX9zIlgN&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODI3NzQ1MjcyNA%3D%3D.2-ccb7-5&oh=00_AfAN1JDNtYKLnhY_LPxswfuVRwZK4cm--XcGtUvYh3iYmA&oe=64BCD020&_nc_sid=10d13b',
            width: 1440,
            height: 1920,
          },
          {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358386245_2156607024535921_4794021513789678292_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=101&_nc_ohc=MmtFmR5Jj1sAX9xhkIA&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODI3NzUxNjUxNg%3D%3D.2-ccb7-5&oh=00_AfAFLl8ppS_gsaYSqSs94aNMhfsNVEoGB75Cp4OPm_8EjA&oe=64BE0058&_nc_sid=10d13b',
            width: 1440,
            height: 1920,
          },
          {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358093975_817412676443819_7559947887515357187_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=111&_nc_ohc=k7z1-jhXPz0AX8xBVlP&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODI3NzQ5MzE2NA%3D%3D.2-ccb7-5&oh=00_AfDSBkQijWXoz3yV9HEAzJ2RTd6iQysXZ8zKHVZBpRLQhg&oe=64BE2D79&_nc_sid=10d13b',
            width: 1440,
            height: 1920,
          },
          {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358122536_284543050732929_2024918076154498262_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=109&_nc_ohc=_WO03Uet-jUAX9EXGEK&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MTMxMjk5ODI3NzQzNzE3Nw%3D%3D.2-ccb7-5&oh=00_AfBZeFubyS1l_cAOOkZfOT31gzaI-l7diP6OjjuScAXI9w&oe=64BCEC1D&_nc_sid=10d13b',
            width: 1440,
            height: 1920,
          },
        ],
        title: 'khloekardashian (@khloekardashian)',
        author: {
          name: 'khloekardashian',
          url: 'https://www.threads.com/@khloekardashian',
          handle: 'khloekardashian',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358511392_816713223024195_6650998157517761865_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=SElTWAUjXgwAX--8cJU&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDPHmTG4vIaryUKoVgDxoWlxMBvh20AvdhNGxJnN9tLAQ&oe=64BD9322&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-07T01:35:13Z',
        stats: {
          likes: 23350,
          replies: 1018,
        },
        description: 'True, Dream, Grey Kitty and I are having a sleepover tonight 🩷',
      },
      mediaExpiresAt: 1690095648000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-imagePost-2023-07.json',
    when: 'one 4000x3000 photo',
    then: 'an image card of the original rendition',
    result: {
      card: {
        kind: 'image',
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/361559968_297695422712140_3208342140432914929_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=104&_nc_ohc=5QCKx3ra0qsAX8UXsYH&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0ODI5NDM1NTg4MzA2MzAxOA%3D%3D.2-ccb7-5&oh=00_AfD09C5BFdarAv0zWbmY73M8m8NAS-ss-23V4ItJMRtVaA&oe=64BC63B4&_nc_sid=10d13b',
          width: 4000,
          height: 3000,
        },
        title: 'zuck (@zuck)',
        author: {
          name: 'zuck',
          url: 'https://www.threads.com/@zuck',
          handle: 'zuck',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/357376107_1330597350674698_8884059223384672080_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=amA3P59eu8kAX-F1ha2&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfD5qBkmiXChhlg6u418saVj9YGAy4844wxT2FaOw45gBg&oe=64BCAFC0&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-16T16:45:55Z',
        stats: {
          likes: 56543,
          replies: 4698,
        },
        description: 'Calm morning on the lake before another big week ahead.',
      },
      mediaExpiresAt: 1690067892000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-imageQuotePost-2023-07.json',
    when: 'no media of its own and quotes a photo',
    then: 'the quoted photo (the original, not the wider square crop) with its own text',
    result: {
      card: {
        kind: 'image',
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/360883918_1004989067180967_47617861468865567_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=103&_nc_ohc=BG3s05Wmu_wAX8SPvhD&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0NjcyMzUxMTA0NDU2MjMwOQ%3D%3D.2-ccb7-5&oh=00_AfAYePg2fGm8RmTQEfW-pV74PL3FUYzNHNVe_BL-lF4d8g&oe=64BDC155&_nc_sid=10d13b',
          width: 1057,
          height: 1030,
        },
        title: 'ddlovato (@ddlovato)',
        author: {
          name: 'ddlovato',
          url: 'https://www.threads.com/@ddlovato',
          handle: 'ddlovato',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358252796_802168321360859_3735229788456250120_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=111&_nc_ohc=kkeGwtSNv4AAX9n_zkC&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfC16ZKsbeBBwK0xSKN9NWtD5paPA8U7k8SXkexuMQ8L7w&oe=64BD0268&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-14T12:47:47Z',
        stats: {
          likes: 5631,
          replies: 267,
        },
        quote: {
          platform: 'threads',
          canonicalUrl: 'https://www.threads.com/@theattiredtaste/post/CuraFx6Ll2F',
          kind: 'image',
          title: 'theattiredtaste (@theattiredtaste)',
          author: {
            name: 'theattiredtaste',
            url: 'https://www.threads.com/@theattiredtaste',
            handle: 'theattiredtaste',
            avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/357838627_659632132300568_1373435018724215846_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=108&_nc_ohc=iDkP6qC5P8sAX9ypLHv&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDzpZc2Kbr5XNphlLV2BX5u-e5-dVVsY4WxFlb7g2bX5Q&oe=64BE6729&_nc_sid=10d13b',
            verified: false,
          },
          description: 'And the cover art?! I’m OBSESSED. ❤️',
          publishedAt: '2023-07-14T12:44:55Z',
          image: {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/360883918_1004989067180967_47617861468865567_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=103&_nc_ohc=BG3s05Wmu_wAX8SPvhD&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0NjcyMzUxMTA0NDU2MjMwOQ%3D%3D.2-ccb7-5&oh=00_AfAYePg2fGm8RmTQEfW-pV74PL3FUYzNHNVe_BL-lF4d8g&oe=64BDC155&_nc_sid=10d13b',
            width: 1057,
            height: 1030,
          },
        },
        description: '🥰🥰 Thank you!!',
      },
      mediaExpiresAt: 1690157397000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-linkPost-2023-07.json',
    when: 'a link preview',
    then: 'a link card with the preview picture',
    result: {
      card: {
        kind: 'link',
        title: 'nike (@nike)',
        author: {
          name: 'nike',
          url: 'https://www.threads.com/@nike',
          handle: 'nike',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358047728_274818111888708_7050060929439619083_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=RL95IlXGvWQAX-eI_1B&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfCSerB6IaKKWK83Qu8hAotU7itoTPBxAj1Qmz8KRN0ehQ&oe=64C07C84&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-21T14:12:02Z',
        stats: {
          likes: 74,
          replies: 3,
        },
        link: {
          url: 'https://www.instagram.com/reel/Cu9kF_hu1Ss/',
          title: 'The elegance. The glamor. Her commanding strike and merciless celebrations. 🫖   Watch effort, made effortlessly as iconic @uswnt forward @alexmorgan13 begins her quest for yet another star. ⭐️ #NikeFC #JustDoIt',
          image: {
            url: 'https://scontent.cdninstagram.com/v/t51.36329-15/362103564_318097450557255_448238792141882352_n.jpg?_nc_cat=1&ccb=1-7&_nc_sid=8ae9d6&_nc_ohc=LDM_BypgqpQAX_WO-uY&_nc_ad=z-m&_nc_cid=0&_nc_ht=scontent.cdninstagram.com&oh=00_AfAogQB8dEofNEgbLDB39RWpnx4abqNXGHap7Bxm2AWOOQ&oe=64C030A6&dl=1',
          },
        },
        replyTo: {
          handle: 'nike',
        },
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.36329-15/362103564_318097450557255_448238792141882352_n.jpg?_nc_cat=1&ccb=1-7&_nc_sid=8ae9d6&_nc_ohc=LDM_BypgqpQAX_WO-uY&_nc_ad=z-m&_nc_cid=0&_nc_ht=scontent.cdninstagram.com&oh=00_AfAogQB8dEofNEgbLDB39RWpnx4abqNXGHap7Bxm2AWOOQ&oe=64C030A6&dl=1',
        },
        description: 'Watch Alex Morgan make things looks effortless 👇https://www.instagram.com/reel/Cu9kF_hu1Ss/?igshid=MzRlODBiNWFlZA==',
      },
      mediaExpiresAt: 1690316966000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-textPost-2023-07.json',
    when: 'text only (612x612 placeholder size, no candidates)',
    then: 'a link card',
    result: {
      card: {
        kind: 'link',
        title: 'zuck (@zuck)',
        author: {
          name: 'zuck',
          url: 'https://www.threads.com/@zuck',
          handle: 'zuck',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/357376107_1330597350674698_8884059223384672080_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=amA3P59eu8kAX8wBYOr&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDqZJVtOS6vHAIQbQ5bbPjhuiFQc8zNMcxtptUG-ijWxw&oe=64BCAFC0&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-18T16:09:15Z',
        stats: {
          likes: 16919,
          replies: 2425,
        },
        description: 'Open sourcing Llama 2 today. What do you want to see researchers and businesses build with our next-gen large language model?',
      },
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-textQuotePost-2023-07.json',
    when: 'text quoting a text post',
    then: 'a link card with its own text only',
    result: {
      card: {
        kind: 'link',
        title: 'ddlovato (@ddlovato)',
        author: {
          name: 'ddlovato',
          url: 'https://www.threads.com/@ddlovato',
          handle: 'ddlovato',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358252796_802168321360859_3735229788456250120_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=111&_nc_ohc=kkeGwtSNv4AAX_jWSMZ&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDaXPM8nMWtjFDikZfAgvNdDv_fO1CmXDwqsxbgrIpQCw&oe=64BD0268&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-14T12:47:58Z',
        stats: {
          likes: 1897,
          replies: 206,
        },
        quote: {
          platform: 'threads',
          canonicalUrl: 'https://www.threads.com/@caitlin_day/post/CuraCMdOLnV',
          kind: 'link',
          title: 'caitlin_day (@caitlin_day)',
          author: {
            name: 'caitlin_day',
            url: 'https://www.threads.com/@caitlin_day',
            handle: 'caitlin_day',
            avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/359696669_1790250578059146_5935417905375913143_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=106&_nc_ohc=1gWKI9ifYioAX-VzHjg&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfA3zl5W0oCz7N45ZMFGgIgFQqaxdFm4oKicvEj9rqZaHg&oe=64BEB0F8&_nc_sid=10d13b',
            verified: false,
          },
          description: 'don’t be shy, drop the tracklist😎',
          publishedAt: '2023-07-14T12:44:26Z',
        },
        description: '😂😂',
      },
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-videoCarouselPost-2023-07.json',
    when: 'a carousel of one photo then five videos',
    then: 'a video card of the first video, its 640-bounded poster unsized',
    result: {
      card: {
        kind: 'video',
        video: {
          url: 'https://scontent.cdninstagram.com/v/t50.2886-16/361920504_1206750630022315_3493410980331511170_n.mp4?_nc_ht=scontent.cdninstagram.com&_nc_cat=107&_nc_ohc=dJ0B2ghljkYAX9XJAw_&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfBBmyAp3G1DfpKOyWG58B9tF47jDoKjuxnR1Rh74mhWVA&oe=64BA6E06&_nc_sid=10d13b',
          mimeType: 'video/mp4',
          
          width: 720,
          height: 900,
        },
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/361392966_1486372895526414_9218186924384780060_n.jpg?stp=dst-jpg_e15_p640x640&_nc_ht=scontent.cdninstagram.com&_nc_cat=106&_nc_ohc=rJDBMxPawfQAX_sXAaA&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfBal-FQ76WNXOKDKzlczlZCBPnGcbrINu2HDIgbRS0--Q&oe=64BA1B6E&_nc_sid=10d13b',
        },
        title: 'nba (@nba)',
        author: {
          name: 'nba',
          url: 'https://www.threads.com/@nba',
          handle: 'nba',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358213019_186216880851983_5492715861352160006_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=FsYJCyjRr6kAX_KUNTh&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfBvhrVzYEu07HJeAsXxM5R4e5_TrNDtmFC9z1krnSkUtA&oe=64BD6AF0&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-18T04:55:54Z',
        stats: {
          likes: 2439,
          replies: 77,
        },
        description: 'The Cavs go undefeated in Vegas!\n\nThey’re the NBA 2K24 Summer League champs! 🏆',
      },
      mediaExpiresAt: 1689918318000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-videoPost-2023-07.json',
    when: 'one 640x640 video',
    then: 'a video card with its poster',
    result: {
      card: {
        kind: 'video',
        video: {
          url: 'https://scontent.cdninstagram.com/v/t50.2886-16/10000000_762695492273731_9039734211839283778_n.mp4?_nc_ht=scontent.cdninstagram.com&_nc_cat=107&_nc_ohc=VhocpdPCRN8AX84YOA7&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfCsNSkiO0ngHcfQJQeT-gSuh-Q39G4EKzvwpRbvvMAYsw&oe=64BA0B68&_nc_sid=10d13b',
          mimeType: 'video/mp4',
          
          width: 640,
          height: 640,
          hasAudio: true,
        },
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/361389838_987726848924849_5639668594460110207_n.jpg?stp=dst-jpg_e15&_nc_ht=scontent.cdninstagram.com&_nc_cat=105&_nc_ohc=tvohmhoICAUAX-8MDzz&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfAn0pixWUqzIE3z8JVNQr6gJ8KylKuP6KPshwFO43QoaA&oe=64BA0CF1&_nc_sid=10d13b',
          width: 640,
          height: 640,
        },
        title: 'nike (@nike)',
        author: {
          name: 'nike',
          url: 'https://www.threads.com/@nike',
          handle: 'nike',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358047728_274818111888708_7050060929439619083_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=100&_nc_ohc=RL95IlXGvWQAX-bo-M1&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDIobXPSfoj7f2RZOjvsuTGdE-ohZIO73ZD6tPdMOtp2g&oe=64BC8804&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-17T07:03:00Z',
        stats: {
          likes: 2835,
          replies: 167,
        },
        description: 'A slippery banana peel. A 24-year nap. And a fever dream full of football’s greatest athletes. This is football in 2023—it’s a great day to be awake.\n\nKnow their names. Know their game.',
      },
      mediaExpiresAt: 1689914216000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-videoQuoteImagePost-2023-07.json',
    when: 'its own video and quotes a photo',
    then: 'its own video, not the quoted photo',
    result: {
      card: {
        kind: 'video',
        video: {
          url: 'https://scontent.cdninstagram.com/v/t50.2886-16/10000000_1750871975370143_2831251591199614234_n.mp4?_nc_ht=scontent.cdninstagram.com&_nc_cat=111&_nc_ohc=Sz80oT1r428AX-5DQNu&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfA8Xuw4W14gN9TzVZ55nfaBFpwj8SXuRpVtZhHyHkuIbQ&oe=64BA5C65&_nc_sid=10d13b',
          mimeType: 'video/mp4',
          
          width: 640,
          height: 640,
          hasAudio: true,
        },
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/360205314_2007957796221318_2024221064230554666_n.jpg?stp=dst-jpg_e15&_nc_ht=scontent.cdninstagram.com&_nc_cat=106&_nc_ohc=vVDHs8Rx650AX9NkjY0&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfAp8wbZkMOlLKKnOlXvEnmnkxaNgCzomm8EelecOMYrvw&oe=64BAC20D&_nc_sid=10d13b',
          width: 640,
          height: 640,
        },
        title: 'nba (@nba)',
        author: {
          name: 'nba',
          url: 'https://www.threads.com/@nba',
          handle: 'nba',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358213019_186216880851983_5492715861352160006_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=FsYJCyjRr6kAX_rkgi-&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDye7zYKNnoFhEAnBv8LyR8tXE0ESA9F2Q-wwzpvP7Vrg&oe=64BD6AF0&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-18T20:50:25Z',
        stats: {
          likes: 2292,
          replies: 52,
        },
        quote: {
          platform: 'threads',
          canonicalUrl: 'https://www.threads.com/@nba/post/Cu0JNMvSI29',
          kind: 'image',
          title: 'nba (@nba)',
          author: {
            name: 'nba',
            url: 'https://www.threads.com/@nba',
            handle: 'nba',
            avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358213019_186216880851983_5492715861352160006_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=FsYJCyjRr6kAX_rkgi-&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDye7zYKNnoFhEAnBv8LyR8tXE0ESA9F2Q-wwzpvP7Vrg&oe=64BD6AF0&_nc_sid=10d13b',
            verified: true,
          },
          description: 'The NBA 2K24 Summer League First Team 🔥',
          publishedAt: '2023-07-17T22:10:33Z',
          image: {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/361082313_1231105807598791_1839010678019596230_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=107&_nc_ohc=GaJ7lFk5c30AX9CU8_O&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0OTE4MjUyODg4ODgwMjc0OQ%3D%3D.2-ccb7-5&oh=00_AfBhiK-S62FGl1kJ6lf0tLpsrtYF4u7s3zbgZxhVDHL1wg&oe=64BCF087&_nc_sid=10d13b',
            width: 1080,
            height: 1350,
          },
        },
        description: 'The First Teamers were SHINING in Vegas ✨',
      },
      mediaExpiresAt: 1689934949000,
    },
  },
  {
    file: 'graphql-BarcelonaPostPageQuery-post-node-videoQuotePost-2023-07.json',
    when: 'no media of its own and quotes a video',
    then: 'the quoted video',
    result: {
      card: {
        kind: 'video',
        video: {
          url: 'https://scontent.cdninstagram.com/v/t50.2886-16/10000000_943161356801998_1044776441380441895_n.mp4?_nc_ht=scontent.cdninstagram.com&_nc_cat=110&_nc_ohc=SppcHWTFELAAX-ZXNmt&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDqJgTi0COihzRwU9E4bBGWcEOKwPNbZH5w4A5-eejvYg&oe=64B9D9F3&_nc_sid=10d13b',
          mimeType: 'video/mp4',
          
          width: 640,
          height: 800,
          hasAudio: true,
        },
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358514620_2631437670343406_2773814262600093647_n.jpg?stp=dst-jpg_e15&_nc_ht=scontent.cdninstagram.com&_nc_cat=102&_nc_ohc=aukYxeKIIXwAX-GjgoS&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDq8VbxSRAaDI56lXJ8aXvX6UDUO2YjoqyfnzRQ3bOOEg&oe=64BA3498&_nc_sid=10d13b',
          width: 640,
          height: 800,
        },
        title: 'nike (@nike)',
        author: {
          name: 'nike',
          url: 'https://www.threads.com/@nike',
          handle: 'nike',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358047728_274818111888708_7050060929439619083_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=100&_nc_ohc=RL95IlXGvWQAX_jYGWC&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfBkl-oWN_HiW2Ne9zuS3n9NGQgqG80VqrFxbJoXq6HyfQ&oe=64BC8804&_nc_sid=10d13b',
          verified: true,
        },
        nsfw: false,
        publishedAt: '2023-07-07T20:25:15Z',
        stats: {
          likes: 4830,
          replies: 369,
        },
        quote: {
          platform: 'threads',
          canonicalUrl: 'https://www.threads.com/@nba/post/CuYclsUA0fZ',
          kind: 'video',
          title: 'nba (@nba)',
          author: {
            name: 'nba',
            url: 'https://www.threads.com/@nba',
            handle: 'nba',
            avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358213019_186216880851983_5492715861352160006_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=FsYJCyjRr6kAX80poTe&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfCbJd5SjbkBDQQ-uMfA6uuzB5kFwooXqgxQTMnl7Mslbg&oe=64BD6AF0&_nc_sid=10d13b',
            verified: true,
          },
          description: 'One more sleep until…',
          publishedAt: '2023-07-07T04:01:40Z',
          image: {
            url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358514620_2631437670343406_2773814262600093647_n.jpg?stp=dst-jpg_e15&_nc_ht=scontent.cdninstagram.com&_nc_cat=102&_nc_ohc=aukYxeKIIXwAX-GjgoS&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDq8VbxSRAaDI56lXJ8aXvX6UDUO2YjoqyfnzRQ3bOOEg&oe=64BA3498&_nc_sid=10d13b',
            width: 640,
            height: 800,
          },
          video: {
            url: 'https://scontent.cdninstagram.com/v/t50.2886-16/10000000_943161356801998_1044776441380441895_n.mp4?_nc_ht=scontent.cdninstagram.com&_nc_cat=110&_nc_ohc=SppcHWTFELAAX-ZXNmt&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDqJgTi0COihzRwU9E4bBGWcEOKwPNbZH5w4A5-eejvYg&oe=64B9D9F3&_nc_sid=10d13b',
            mimeType: 'video/mp4',
            width: 640,
            height: 800,
            hasAudio: true,
          },
        },
        description: 'Today’s the day. Who’s excited for Wemby’s NBA debut? 🙋',
      },
      mediaExpiresAt: 1689901555000,
    },
  },
];

const PAGE_EXCERPTS: Case[] = [
  {
    file: 'EXCERPT-page-post-CuVvRcttG57-text-only-og-head-2023-07.html',
    when: 'a text post whose og:image is the author avatar',
    then: "a link card whose og:image (the avatar) is the author's avatar, never the image; counts stripped from the text",
    result: {
      card: {
        kind: 'link',
        title: 'Rafael Silva (@rafael_falco)',
        author: {
          name: 'Rafael Silva',
          url: 'https://www.threads.com/@rafael_falco',
          handle: 'rafael_falco',
          avatar: 'https://scontent.cdninstagram.com/v/t51.2885-19/358195671_1485179698889636_5420020496346583344_n.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&_nc_cat=108&_nc_ohc=UbFgg6blcOUAX8XVrUj&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfDTSDE1W16bDEOUCofc_RLwOXbwfwL83BafmR_f4_ou6g&oe=64AB848C&_nc_sid=10d13b',
        },
        nsfw: false,
        description: 'Podia ter um jeito fácil de trazer a lista de follows do Twitter né 🤔',
      },
    },
  },
  {
    file: 'EXCERPT-page-post-CuWRRrQuql9-image-og-head-2023-07.html',
    when: 'an image post with a line break in its description',
    then: 'an image card with the post photo and its oe expiry',
    result: {
      card: {
        kind: 'image',
        image: {
          url: 'https://scontent.cdninstagram.com/v/t51.2885-15/358170242_763117808845095_5019289229883911585_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent.cdninstagram.com&_nc_cat=1&_nc_ohc=y4Go3LYFqKEAX8c8uU1&edm=APs17CUBAAAA&ccb=7-5&ig_cache_key=MzE0MDc3Mzc3MTYxMDg1OTkwMQ%3D%3D.2-ccb7-5&oh=00_AfBgHI7frLFyx2vaGnvv9S905YBaoUIyToprngVFOW0_LA&oe=64ABAADF&_nc_sid=10d13b',
        },
        title: 'Joy Qiu (@joyqiuu)',
        author: {
          name: 'Joy Qiu',
          url: 'https://www.threads.com/@joyqiuu',
          handle: 'joyqiuu',
        },
        nsfw: false,
        description: 'A long, long, LONG day and 10M users later… P92 server signing off for the night 🫡\n@zahanm @christophersu @0xjessel @lvchaoshuai',
      },
      mediaExpiresAt: 1688971999000,
    },
  },
];

/** The page's code, from the capture's name (`EXCERPT-page-post-<code>-…`). */
const pageCode = (file: string) => file.split('-')[3]!;
const node = (file: string) => JSON.parse(readCapture('threads', file)) as Node;

describeCaptures('threads parser conformance', () => {
  describe('GraphQL post nodes (BarcelonaPostPageQuery, July 2023, real values)', () => {
    it('when the capture folder is listed, every GraphQL capture has an expected card here', () => {
      expect(captureFiles('threads', /^graphql-.*\.json$/)).to.deep.equal(GRAPHQL_NODES.map((c) => c.file).sort());
    });

    for (const { file, when, then, result } of GRAPHQL_NODES) {
      it(`when the post has ${when} (${file}), returns ${then}`, () => {
        expect(cardFromPost(node(file))).to.deep.equal(result);
      });
    }

    it('when each node is put back where SOURCES.md took it from (containing_thread.thread_items[last]), the answer reader finds it by code', () => {
      for (const { file } of GRAPHQL_NODES) {
        const post = node(file);
        const answer = { data: { data: { containing_thread: { thread_items: [{ post: { code: 'Parent', user: { username: 'p' } } }, { post }] } } } };
        const text = `for (;;);${JSON.stringify(answer)}`;
        expect(readGraphqlAnswer(parseGraphqlBody(text), post.code, postIdFromCode(post.code)), file).to.deep.equal({ post });
      }
    });

    it("when each code (the post's and a quoted post's) is decoded, gives the node's pk, so no route lookup is needed", () => {
      const nodes = GRAPHQL_NODES.map((c) => node(c.file)).flatMap((n) => [n, n.text_post_app_info?.share_info?.quoted_post].filter((q): q is Node => !!q));
      expect(nodes).to.have.length(14);
      for (const n of nodes) expect(postIdFromCode(n.code), n.code).to.equal(n.pk);
    });
  });

  describe('post page head excerpts (July 2023, threads.net)', () => {
    it('when the capture folder is listed, every page excerpt has an expected card here', () => {
      expect(captureFiles('threads', /^EXCERPT-page-.*\.html$/)).to.deep.equal(PAGE_EXCERPTS.map((c) => c.file).sort());
    });

    for (const { file, when, then, result } of PAGE_EXCERPTS) {
      it(`when the page is ${when} (${file}), the Open Graph strategy returns ${then}`, () => {
        expect(cardFromOpenGraph(readCapture('threads', file), pageCode(file))).to.deep.equal(result);
      });
    }

    it('when the excerpts are read for post JSON and an LSD token, finds neither: the data-sjs bootstrap scripts were cut off (older, truncated shape) → no card from the page strategy', () => {
      for (const { file } of PAGE_EXCERPTS) {
        const html = readCapture('threads', file);
        expect(postFromPage(html, pageCode(file)), file).to.equal(undefined);
        expect(lsdToken(html), file).to.equal(undefined);
      }
    });

    it("when an excerpt is read for another post's code, returns blocked: its tags are not about that post", () => {
      const file = PAGE_EXCERPTS[0]!.file;
      expect(cardFromOpenGraph(readCapture('threads', file), 'CuSomeOther1')).to.deep.equal({ reason: 'blocked' });
    });
  });
});
