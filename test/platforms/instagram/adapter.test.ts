// The Instagram adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/instagram/fixtures/ (our own accounts, captions and CDN URLs, shaped like Instagram's answers).
import { expect } from 'chai';
import nock from 'nock';
import type { OneSessionEach } from '../../support/given.js';
import { expandShortLink } from '../../../src/application/short-links.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { instagram } from '../../../src/domain/platforms/instagram.js';
import { exchangeBody, exchangeHeaders, loadRecordedExchanges } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { parseEmbedPage } from '../../../src/infrastructure/platforms/instagram/embed.js';
import { parsePostQuery } from '../../../src/infrastructure/platforms/instagram/graphql.js';
import { cardFromShortcodeMedia, mediaExpiry } from '../../../src/infrastructure/platforms/instagram/media.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/instagram/page.js';
import { USER_AGENTS } from '../../../src/infrastructure/platforms/kit/user-agents.js';
import { fixturePath, useFixture } from '../../support/fixtures.js';
import { given, type UpstreamRequest } from '../../support/given.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';

const WWW = 'https://www.instagram.com';
const CDN = 'https://scontent-lhr8-1.cdninstagram.com';
const FBCDN = 'https://instagram.flhr8-2.fna.fbcdn.net';

/** A photo URL as the fixtures write them: signed, with its `oe=` expiry. */
function photo(name: string, oe: string, host = CDN, size = 's1080x1080'): string {
  return `${host}/v/t51.29350-15/${name}_n.jpg?stp=dst-jpg_e35_${size}&_nc_ht=${host.slice(8)}&_nc_cat=1&_nc_ohc=OwnOhcValue1&oh=00_OwnSignature${name.slice(-4)}&oe=${oe}`;
}

function clip(name: string, oe: string): string {
  return `${CDN}/o1/v/t16/f2/m86/${name}.mp4?efg=eyJ2ZW5jb2RlX3RhZyI6Im93biJ9&_nc_ht=${CDN.slice(8)}&_nc_cat=1&oh=00_OwnVideoSig${name.slice(-4)}&oe=${oe}`;
}

const ms = (oe: string) => parseInt(oe, 16) * 1000;
const author = (name: string, handle: string) => ({ name, url: `${WWW}/${handle}/`, handle });
/** The owner as the media object states it: profile picture when given, `is_verified` always. */
const owner = (name: string, handle: string, more: { avatar?: string; verified?: boolean } = {}) => ({ ...author(name, handle), verified: false, ...more });
const avatar = (name: string) => `${CDN}/v/t51.2885-19/${name}_profile_n.jpg?stp=dst-jpg_s150x150&_nc_ht=${CDN.slice(8)}&oh=00_OwnAvatarSig&oe=6A1144C0`;
/** `taken_at_timestamp` 1747000000 of every media fixture. */
const TAKEN_AT = '2025-05-11T21:46:40Z';
const mp4 = (url: string, width: number, height: number) => ({ url, mimeType: 'video/mp4', width, height });

const POST = (code: string, type: 'p' | 'reel' = 'p') => `${WWW}/${type}/${code}/`;

/** What the adapter asked the HTTP port for (redirect hops stay inside the port). */
const asked = (requests: UpstreamRequest[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

const embedOf = (code: string) => `GET /p/${code}/embed/captioned/`;
const GRAPHQL = 'POST /graphql/query/';

describe('instagram adapter', () => {
  afterEach(() => nock.cleanAll());

  describe('embed page', () => {
    it('when the context data holds a photo, returns an image card with the caption, from the embed alone', async () => {
      const { result, requests } = await given('instagram', 'embed-photo').resolve(POST('DAphoto0001'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: '@marta.ceramics',
          description: 'First glaze firing of the spring 🌱\nThe blue one cracked, the rest survived.',
          author: owner('marta.ceramics', 'marta.ceramics', { avatar: avatar('marta'), verified: true }),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { likes: 412, replies: 18 },
          // accessibility_caption the author wrote (not one of Instagram's "Photo by …" templates).
          image: {
            url: photo('501001_photo_one', '6A0F3C80'),
            width: 1080,
            height: 1350,
            alt: 'A blue glazed bowl with a hairline crack across its rim, beside two unglazed cups.',
          },
        },
        mediaExpiresAt: ms('6A0F3C80'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAphoto0001')]);
    });

    it('when the context data holds a carousel of photos, returns a gallery in post order, expiring with its earliest URL', async () => {
      const { result, requests } = await given('instagram', 'embed-gallery').resolve(POST('DAgallery01'));
      const images = [
        { url: photo('502001_gal_one', '6A0F3C80'), width: 1080, height: 1080 },
        { url: photo('502002_gal_two', '6A0E0B00', FBCDN), width: 1080, height: 1350 },
        { url: photo('502003_gal_three', '6A10A2F0'), width: 1350, height: 1080 },
      ];
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          title: '@tide.and.stone',
          description: 'Three coves, one morning.',
          author: owner('tide.and.stone', 'tide.and.stone'),
          nsfw: false,
          // Every photo's accessibility_caption is Instagram's own "Photo by the author.": no alt.
          publishedAt: TAKEN_AT,
          image: images[0],
          images,
        },
        mediaExpiresAt: ms('6A0E0B00'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAgallery01')]);
    });

    it('when the carousel holds a video, returns a video card of its first video with the photos still listed', async () => {
      const { result } = await given('instagram', 'embed-carousel-video').resolve(POST('DAmixed0001'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: '@bikeshed_ltd',
          description: 'Build day: frame, the first ride, the finished bike.',
          author: owner('bikeshed_ltd', 'bikeshed_ltd'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          // like_and_view_counts_disabled: no likes nor views, the comments still shown.
          stats: { replies: 7 },
          video: { ...mp4(clip('503002_mix_clip', '6A0E0B00'), 720, 1280), duration: 42.5, hasAudio: false },
          image: { url: photo('503002_mix_poster', '6A10A2F0'), width: 720, height: 1280 },
          images: [
            { url: photo('503001_mix_one', '6A10A2F0'), width: 1080, height: 1350 },
            { url: photo('503003_mix_three', '6A1144C0'), width: 1080, height: 1350 },
          ],
        },
        mediaExpiresAt: ms('6A0E0B00'),
      });
    });

    it('when the context data holds a reel with its file, returns a video card that needs the proxy', async () => {
      const { result, requests } = await given('instagram', 'embed-reel').resolve(POST('DAreel00001', 'reel'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: '@kitchen.lab',
          description: 'Knife skills in 15 seconds #cooking',
          author: owner('kitchen.lab', 'kitchen.lab', { avatar: avatar('kitchen') }),
          nsfw: false,
          publishedAt: TAKEN_AT,
          // A comment count of 0 is a count.
          stats: { likes: 2048, replies: 0, views: 1234 },
          video: { ...mp4(clip('504002_reel_video', '6A10A2F0'), 1080, 1920), duration: 15.2, hasAudio: true },
          image: { url: photo('504001_reel_poster', '6A1144C0'), width: 1080, height: 1920 },
        },
        mediaExpiresAt: ms('6A10A2F0'),
      });
      // A reel's embed is asked under /p/: the shortcode names the media whatever its kind.
      expect(asked(requests)).to.deep.equal([embedOf('DAreel00001')]);
    });

    it('when the page has only the markup of a single photo, returns the widest srcset photo and the caption as plain text', async () => {
      const { result, requests } = await given('instagram', 'embed-markup-photo').resolve(POST('DAmarkup001'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: '@old.maps.club',
          description: 'Map of the harbour, 1821 & its soundings\nScan: #maps',
          author: author('old.maps.club', 'old.maps.club'),
          nsfw: false,
          image: { url: photo('505001_markup', '6A0F3C80') },
        },
        mediaExpiresAt: ms('6A0F3C80'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAmarkup001')]);
    });
  });

  describe('GraphQL post query', () => {
    it('when the embed withholds the video file, asks the query and returns its video card with the display name', async () => {
      const { result, requests } = await given('instagram', 'graphql-video').resolve(POST('DAmusic0001', 'reel'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Luna Moreno (@luna.dances)',
          description: 'Rehearsal, take 3 💃',
          author: owner('Luna Moreno', 'luna.dances'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { views: 1234 },
          video: mp4(clip('506002_music_video', '6A0E0B00'), 1080, 1920),
          image: { url: photo('506001_music_poster', '6A0F3C80'), width: 1080, height: 1920 },
        },
        mediaExpiresAt: ms('6A0E0B00'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAmusic0001'), GRAPHQL]);
    });

    it("when the embed's markup shows a carousel's first photo only, asks the query and returns the whole gallery", async () => {
      const { result, requests } = await given('instagram', 'graphql-gallery').resolve(POST('DAsidecar01'));
      const images = [
        { url: photo('507001_side_one', '6A10A2F0'), width: 1080, height: 1080 },
        { url: photo('507002_side_two', '6A10A2F0'), width: 1080, height: 1080 },
      ];
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Norah Pike (@norah.prints)',
          description: 'Two new linocuts, both for sale',
          author: owner('Norah Pike', 'norah.prints'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          image: images[0],
          images,
        },
        mediaExpiresAt: ms('6A10A2F0'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAsidecar01'), GRAPHQL]);
    });
  });

  describe('crawler page', () => {
    it('when the embed hits the login wall and the query asks to log in, reads the Open Graph video of the page fetched as a crawler', async () => {
      const { result, requests } = await given('instagram', 'page-video').resolve(POST('DApagevid01'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Sam Okafor (@sam.races)',
          description: 'Last lap at Brands Hatch 🏁\n\nThanks to the whole crew @pitcrew.uk',
          author: author('Sam Okafor', 'sam.races'),
          nsfw: false,
          video: mp4(clip('509001_page_video', '6A0E0B00'), 640, 360),
          image: { url: photo('509002_page_poster', '6A10A2F0', CDN, 's640x640') },
        },
        mediaExpiresAt: ms('6A0E0B00'),
      });
      expect(asked(requests)).to.deep.equal([embedOf('DApagevid01'), GRAPHQL, 'GET /p/DApagevid01/']);
    });

    it('when it asks for the page, sends a link crawler\'s User-Agent, and a browser\'s to the embed and the query', async () => {
      const { requests } = await given('instagram', 'page-video').resolve(POST('DApagevid01'));
      const agents = requests.map((r) => r.headers?.['user-agent'] ?? '');
      expect(agents[0]).to.equal(USER_AGENTS.browser).and.match(/^Mozilla\/5\.0 /);
      expect(agents[1]).to.equal(USER_AGENTS.browser);
      expect(agents[2]).to.match(/^facebookexternalhit\//);
      expect(requests.every((r) => r.allowedHosts.length === 1 && r.allowedHosts[0] === 'www.instagram.com')).to.equal(true);
    });
  });

  describe('refusals', () => {
    it('when the embed is a bare shell, the query asks to log in and the page redirects to the login page, returns blocked', async () => {
      const { result, requests } = await given('instagram', 'blocked').resolve(POST('DAwalled001'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(asked(requests)).to.deep.equal([embedOf('DAwalled001'), GRAPHQL, 'GET /p/DAwalled001/']);
    });

    it('when the embed shows "Watch on Instagram" and nothing else has the post, returns blocked with the text the embed showed', async () => {
      const { result, requests } = await given('instagram', 'blocked-with-text').resolve(POST('DAwatchig01', 'reel'));
      expect(result).to.deep.equal({
        ok: false,
        reason: 'blocked',
        partial: { title: '@river.sounds', description: 'Dawn chorus by the weir', author: author('river.sounds', 'river.sounds') },
      });
      expect(asked(requests)).to.deep.equal([embedOf('DAwatchig01'), GRAPHQL, 'GET /reel/DAwatchig01/']);
    });

    it('when the embed is broken, the query has no media and the page is walled, returns private', async () => {
      const { result, requests } = await given('instagram', 'private').resolve(POST('DAprivate01'));
      expect(result).to.deep.equal({ ok: false, reason: 'private' });
      expect(asked(requests)).to.deep.equal([embedOf('DAprivate01'), GRAPHQL, 'GET /p/DAprivate01/']);
    });

    it('when the embed is broken, the query has no media and the page answers 404, returns not-found', async () => {
      const { result, requests } = await given('instagram', 'removed').resolve(POST('DAremoved01'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(asked(requests)).to.deep.equal([embedOf('DAremoved01'), GRAPHQL, 'GET /p/DAremoved01/']);
    });

    it('when the embed answers 404, returns not-found without asking anything else', async () => {
      const { result, requests } = await given('instagram', 'not-found').resolve(POST('DAnotfound1'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(asked(requests)).to.deep.equal([embedOf('DAnotfound1')]);
    });

    it('when every source throttles (429, "Please wait a few minutes"), returns rate-limited', async () => {
      const { result, requests } = await given('instagram', 'rate-limited').resolve(POST('DAthrottle1'));
      expect(result).to.deep.equal({ ok: false, reason: 'rate-limited' });
      expect(asked(requests)).to.have.length(3);
    });

    it('when every source answers 5xx (the query with an HTML page), returns upstream-error', async () => {
      const { result, requests } = await given('instagram', 'upstream-error').resolve(POST('DAbroken001'));
      expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
      expect(asked(requests)).to.have.length(3);
    });

    it('when every connection fails, returns upstream-error (the chain reads transport failures as reasons)', async () => {
      nock(WWW).persist().get(/.*/).replyWithError('socket hang up').post(/.*/).replyWithError('socket hang up');
      const { result } = await given('instagram').resolve(POST('DAoffline01'));
      expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when the post ids carry no shortcode, returns unsupported without a request', async () => {
      const { result } = await given('instagram').resolvePost({ platform: 'instagram', canonicalUrl: POST('x'), contentId: 'x', ids: {} });
      expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    });
  });

  describe('credentials', () => {
    const SESSION = { sessionid: 'sess-SECRET-4815', csrftoken: 'csrf-SECRET-1623', ds_user_id: '4242' };
    const credentials: OneSessionEach = { instagram: { cookies: SESSION } };
    const defs = loadRecordedExchanges(fixturePath('instagram', 'graphql-session'));
    const [embedDef, graphqlDef] = [defs[0]!, defs[1]!];

    /** The query's form, however nock hands it over. */
    const form = (body: unknown) => new URLSearchParams(typeof body === 'string' ? body : (body as Record<string, string>));
    const isPostQuery = (body: unknown) => {
      const f = form(body);
      return f.get('doc_id') === '25531498899829322' && (JSON.parse(f.get('variables') ?? '{}') as { shortcode?: string }).shortcode === 'DAsession01';
    };

    it('when instagram cookies are configured, sends them (and the CSRF header) to the query only, and keeps them out of the result', async () => {
      const embed = nock(WWW, { badheaders: ['cookie'] })
        .get(embedDef.path)
        .reply(embedDef.status, exchangeBody(embedDef), exchangeHeaders(embedDef));
      const query = nock(WWW, {
        reqheaders: {
          cookie: 'sessionid=sess-SECRET-4815; csrftoken=csrf-SECRET-1623; ds_user_id=4242',
          'x-csrftoken': 'csrf-SECRET-1623',
          'x-ig-app-id': '936619743392459',
          'x-fb-friendly-name': 'PolarisPostActionLoadPostQueryQuery',
          'content-type': 'application/x-www-form-urlencoded',
        },
      })
        .post('/graphql/query/', isPostQuery)
        .reply(graphqlDef.status, exchangeBody(graphqlDef), exchangeHeaders(graphqlDef));
      const { result } = await given('instagram', [], { credentials }).resolve(POST('DAsession01'));
      expect(embed.isDone() && query.isDone()).to.equal(true);
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Quiet Garden (@quiet.garden)',
          description: 'Seedlings, week two',
          author: owner('Quiet Garden', 'quiet.garden'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          image: { url: photo('508001_session_photo', '6A0F3C80'), width: 1080, height: 1080 },
        },
        mediaExpiresAt: ms('6A0F3C80'),
      });
      const serialised = JSON.stringify(result);
      for (const secret of Object.values(SESSION)) expect(serialised).not.to.include(secret);
    });

    it('when no instagram cookies are configured, sends the query without any cookie or CSRF header', async () => {
      nock(WWW).get(embedDef.path).reply(embedDef.status, exchangeBody(embedDef), exchangeHeaders(embedDef));
      const query = nock(WWW, { badheaders: ['cookie', 'x-csrftoken'] })
        .post('/graphql/query/', isPostQuery)
        .reply(graphqlDef.status, exchangeBody(graphqlDef), exchangeHeaders(graphqlDef));
      const { result } = await given('instagram', [], { credentials: { tiktok: { cookies: { sessionid: 'not-instagram' } } } }).resolve(POST('DAsession01'));
      expect(query.isDone()).to.equal(true);
      expect(result).to.have.nested.property('card.kind', 'image');
    });
  });

  describe('readShortLink', () => {
    const adapter = () => given('instagram').adapter;

    it('when /share/… redirects to a reel, returns that location', async () => {
      useFixture('instagram', 'share-post');
      const hop = await adapter().readShortLink('https://www.instagram.com/share/reel/BBshare0001/', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/reel/DAreel00001/?igsh=b3duaWdzaA%3D%3D` });
    });

    it('when the share link comes on an alias host, asks www.instagram.com for it', async () => {
      useFixture('instagram', 'share-post');
      const hop = await adapter().readShortLink('https://instagram.com/share/reel/BBshare0001/', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/reel/DAreel00001/?igsh=b3duaWdzaA%3D%3D` });
    });

    it('when the share link is followed by the resolve use case, ends at the canonical reel URL', async () => {
      useFixture('instagram', 'share-post');
      const expansion = await expandShortLink(createSpecList(), instagram, adapter(), `${WWW}/share/reel/BBshare0001/`, AbortSignal.timeout(5000));
      expect(expansion).to.deep.equal({ ok: true, url: `${WWW}/reel/DAreel00001/` });
    });

    it('when a logged-out client is sent to the login page, the use case reads the hop as blocked', async () => {
      useFixture('instagram', 'share-login');
      const hop = await adapter().readShortLink(`${WWW}/share/BBshare0002/`, AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/accounts/login/?next=%2Fshare%2FBBshare0002%2F` });
      const expansion = await expandShortLink(createSpecList(), instagram, adapter(), `${WWW}/share/BBshare0002/`, AbortSignal.timeout(5000));
      expect(expansion).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when instagram cookies are configured, sends them with the share link (a session is redirected to the post)', async () => {
      const scope = nock(WWW, { reqheaders: { cookie: 'sessionid=s3cr3t' } })
        .get('/share/BBshare0003/')
        .reply(302, '', { location: `${WWW}/p/DAphoto0001/` });
      const hop = await given('instagram', [], { credentials: { instagram: { cookies: { sessionid: 's3cr3t' } } } }).adapter.readShortLink(
        `${WWW}/share/BBshare0003/`,
        AbortSignal.timeout(5000),
      );
      expect(scope.isDone()).to.equal(true);
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/p/DAphoto0001/` });
    });
  });

  describe('declarations', () => {
    it('when listed, the capabilities, upstream hosts and media hosts say what the adapter does', () => {
      const { adapter } = given('instagram');
      expect(capabilitiesOf(instagram)).to.deep.equal({ video: true, nsfw: true, shortLinks: true, proxy: true });
      expect(adapter.upstreamHosts).to.deep.equal(['www.instagram.com']);
      expect(instagram.mediaHosts).to.deep.equal(['.cdninstagram.com', '.fbcdn.net']);
    });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('instagram parsers', () => {
  const owner = { username: 'paul.test', full_name: 'Paul Klee' };
  const still = (name: string) => ({ is_video: false, display_url: photo(name, '6A0F3C80'), dimensions: { width: 800, height: 600 } });
  const moving = (name: string) => ({ is_video: true, display_url: photo(`${name}_poster`, '6A0F3C80'), video_url: clip(name, '6A0E0B00'), dimensions: { width: 720, height: 720 } });

  it('when the media carries a sensitive-content cover, returns nsfw true', () => {
    const result = cardFromShortcodeMedia({ ...still('x1'), owner, sensitivity_friction_info: { should_show: true } });
    expect(result).to.have.nested.property('card.nsfw', true);
  });

  it('when a carousel holds only videos, returns its first video, every video under videos, and no photo list', () => {
    const second = { ...moving('v2'), video_duration: 9.5, has_audio: true };
    const media = { owner, edge_sidecar_to_children: { edges: [{ node: moving('v1') }, { node: second }] } };
    const result = cardFromShortcodeMedia(media);
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      video: mp4(clip('v1', '6A0E0B00'), 720, 720),
      videos: [mp4(clip('v1', '6A0E0B00'), 720, 720), { ...mp4(clip('v2', '6A0E0B00'), 720, 720), duration: 9.5, hasAudio: true }],
    });
    expect(result.ok && result.card.images).to.equal(undefined);
  });

  it('when a carousel holds one video among photos, gives no videos list', () => {
    const media = { owner, edge_sidecar_to_children: { edges: [{ node: still('p1') }, { node: moving('v1') }] } };
    const result = cardFromShortcodeMedia(media);
    expect(result.ok && result.card.video).to.deep.equal(mp4(clip('v1', '6A0E0B00'), 720, 720));
    expect(result.ok && 'videos' in result.card).to.equal(false);
  });

  for (const machine of [
    'Photo by Paul Klee in Bern.',
    'Photo shared by Paul Klee on May 02, 2024 tagging @bern.',
    'May be an image of 2 people and text that says "OPEN"',
    'Image may contain: sky, outdoor',
    'No photo description available.',
  ]) {
    it(`when accessibility_caption is Instagram's machine text "${machine.slice(0, 24)}…", gives the photo no alt`, () => {
      const result = cardFromShortcodeMedia({ ...still('x3'), accessibility_caption: machine, owner });
      expect(result.ok && result.card.image).to.deep.equal({ url: photo('x3', '6A0F3C80'), width: 800, height: 600 });
    });
  }

  it("when each carousel photo has the author's alt text, keeps each on its own photo", () => {
    const nodes = [{ ...still('a1'), accessibility_caption: 'Left panel: the harbour at dawn' }, { ...still('a2'), accessibility_caption: '  ' }];
    const result = cardFromShortcodeMedia({ owner, edge_sidecar_to_children: { edges: nodes.map((node) => ({ node })) } });
    expect(result.ok && result.card.images).to.deep.equal([
      { url: photo('a1', '6A0F3C80'), width: 800, height: 600, alt: 'Left panel: the harbour at dawn' },
      { url: photo('a2', '6A0F3C80'), width: 800, height: 600 },
    ]);
  });

  it('when the media is the API shape (taken_at, like_count, comment_count, play_count), reads those', () => {
    const media = { ...moving('v3'), owner, taken_at: 1700000000, like_count: 15, comment_count: 4, play_count: 980 };
    const result = cardFromShortcodeMedia(media);
    expect(result.ok && result.card).to.deep.include({ publishedAt: '2023-11-14T22:13:20Z', stats: { likes: 15, replies: 4, views: 980 } });
  });

  it('when no count, time or owner detail is given, leaves stats, publishedAt, avatar and verified out', () => {
    const result = cardFromShortcodeMedia({ ...still('x4'), owner });
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Paul Klee (@paul.test)',
        author: { name: 'Paul Klee', url: `${WWW}/paul.test/`, handle: 'paul.test' },
        nsfw: false,
        image: { url: photo('x4', '6A0F3C80'), width: 800, height: 600 },
      },
    });
  });

  it('when the media names no owner, returns upstream-error', () => {
    expect(cardFromShortcodeMedia(still('x2'))).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when no media URL carries an oe= expiry, gives no expiry', () => {
    expect(mediaExpiry({ kind: 'image', nsfw: false, image: { url: `${CDN}/plain.jpg` } })).to.equal(undefined);
  });

  it('when the query answers status fail without a reason, returns blocked; a 403, blocked; an unknown shape, upstream-error', () => {
    expect(parsePostQuery(200, { status: 'fail', message: 'execution error' })).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(parsePostQuery(403, undefined)).to.deep.equal({ ok: false, reason: 'blocked' });
    expect(parsePostQuery(200, { data: { user: null }, status: 'ok' })).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it("when the embed's context JSON does not parse and no markup is there, returns blocked", () => {
    expect(parseEmbedPage('<script>s.handle({"contextJSON":"{not json"});</script>')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the crawler page of a reel has its cover but no og:video, returns a link card with the cover', () => {
    const html = [
      `<meta property="og:url" content="${WWW}/reel/DAcover0001/">`,
      `<meta property="og:title" content="Ana Lee on Instagram: &quot;Spin class&quot;">`,
      `<meta property="og:image" content="${CDN}/cover.jpg">`,
      '<meta property="og:description" content="10 likes, 1 comments - ana.lee on May 1, 2025: &quot;Spin class&quot;. ">',
    ].join('');
    expect(parsePostPage(html, 'DAcover0001')).to.deep.equal({
      ok: true,
      card: { kind: 'link', title: 'Ana Lee (@ana.lee)', description: 'Spin class', author: author('Ana Lee', 'ana.lee'), nsfw: false, image: { url: `${CDN}/cover.jpg` } },
    });
  });

  it("when the crawler page's og:url names another post, returns blocked", () => {
    expect(parsePostPage(`<meta property="og:url" content="${WWW}/p/DAother0001/">`, 'DAcover0001')).to.deep.equal({ ok: false, reason: 'blocked' });
  });
});
