// The Reddit adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/reddit/fixtures/ (our own posts and values, shaped like Reddit's answers).
import { expect } from 'chai';
import nock from 'nock';
import type { OneSessionEach } from '../../support/given.js';
import { UpstreamError } from '../../../src/application/errors.js';
import type { Clock } from '../../../src/application/ports/clock.port.js';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { expandShortLink } from '../../../src/application/short-links.js';
import { MAX_DESCRIPTION_LENGTH } from '../../../src/domain/card.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { loadRecordedExchanges, type RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { TOKEN_RENEW_MARGIN_MS } from '../../../src/infrastructure/platforms/reddit/oauth.js';
import { parseCommentsAnswer, parseCommentsResponse, parsePost, reasonForRefusal } from '../../../src/infrastructure/platforms/reddit/comments.js';
import { fixturePath } from '../../support/fixtures.js';
import { given, type Given, type GivenOptions } from '../../support/given.js';

const CLIENT = { clientId: 'pl-test-client-id', clientSecret: 'pl-test-client-secret' };
const WITH_CLIENT: OneSessionEach = { reddit: CLIENT };
const BASIC = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
const TOKEN_ONE = 'eyJhbGciOiJSUzI1NiJ9.fake-app-token-one';

class FakeClock implements Clock {
  constructor(public ms = Date.UTC(2026, 4, 1)) {}
  now(): number {
    return this.ms;
  }
}

function post(id: string, sub: string, cid?: string): string {
  return `https://www.reddit.com/r/${sub}/comments/${id}/${cid ? `comment/${cid}/` : ''}`;
}

/** What a request must (or must not) carry, per upstream host. */
type HeaderRules = (def: RecordedExchange) => nock.Options;
const ANONYMOUS: HeaderRules = () => ({ badheaders: ['authorization'] });

/** Reddit under test: a fixed clock, and every fixture exchange refusing an Authorization header unless told otherwise. */
function reddit(scenarios: string | string[] = [], options: GivenOptions = {}): Given<'reddit'> {
  return given('reddit', scenarios, { clock: new FakeClock(), headerRules: ANONYMOUS, ...options });
}

/**
 * The requests the fixture answered, as `METHOD host/path` (plus the body of a POST), so a test can
 * say which strategies ran; then any request nothing answered (wrong path, or headers the rules refuse) as `UNMATCHED …`.
 */
function calls(under: Given): string[] {
  return [
    ...under.served.map(({ method, url, body }) => `${method} ${url.host}${url.pathname}${method === 'POST' ? ` ${body}` : ''}`),
    ...under.unmatched.map((request) => `UNMATCHED ${request}`),
  ];
}

const user = (name: string) => ({ name, url: `https://www.reddit.com/user/${name}/`, handle: name });
const sub = (name: string) => ({ name: `r/${name}`, url: `https://www.reddit.com/r/${name}/` });
const fern = user('fern_and_moss');

describe('reddit adapter', () => {
  afterEach(() => {
    nock.cleanAll();
    nock.emitter.removeAllListeners('no match');
  });

  describe('cards (anonymous JSON)', () => {
    it('when the post is text, returns a link card with the rendered text as plain text, its edit time, score, comment count and subreddit, and no Authorization sent', async () => {
      expect((await reddit('text').resolve(post('1qtxt01', 'gardening'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'What is eating my basil at night?',
          description: 'Leaves have holes every morning. Photos in my album & notes below.\n\nNo slugs seen so far.',
          author: fern,
          nsfw: false,
          publishedAt: '2025-04-30T07:30:00Z',
          // `edited` in epoch seconds.
          editedAt: '2025-04-30T08:30:15Z',
          // score and num_comments; `ups` (the same number as score) is not mapped to likes.
          stats: { score: 57, replies: 12 },
          community: sub('gardening'),
        },
      });
    });

    it('when the post is an i.redd.it image, returns an image card with the upload itself and the preview size', async () => {
      expect((await reddit('image').resolve(post('1qimg02', 'skyscapes'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Mammatus clouds over the lake tonight',
          author: user('cumulus_kid'),
          nsfw: false,
          image: { url: 'https://i.redd.it/q7skyimage01.jpeg', width: 3024, height: 4032, renditions: [{ url: 'https://preview.redd.it/q7skyimage01.jpeg?width=108&crop=smart&auto=webp&s=0a1b2c3d4e5f60718293a4b5c6d7e8f901234567', width: 108, height: 144 }] },
          // `edited: false`: no editedAt.
          publishedAt: '2025-04-30T09:00:00Z',
          stats: { score: 2048, replies: 96 },
          community: sub('skyscapes'),
        },
      });
    });

    it('when the post is a gallery and the answer is HTML-escaped, returns the photos in gallery_data order with their captions as alt, &amp; decoded, deleted and unprocessed items left out', async () => {
      const preview = (name: string, width: number) =>
        `https://preview.redd.it/${name}.jpg?width=${width}&format=pjpg&auto=webp&s=5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e${name.slice(-2)}`;
      const images = [
        { url: preview('wt8m3final', 1800), width: 1800, height: 2400, alt: 'Finished, oiled', renditions: [{ url: preview('wt8m3final', 108), width: 108, height: 144 }] },
        // An empty caption is no alt text.
        { url: preview('wt8m1rough', 2048), width: 2048, height: 1536, renditions: [{ url: preview('wt8m1rough', 108), width: 108, height: 81 }] },
        { url: 'https://i.redd.it/wt8m2glueg.gif', width: 480, height: 480, alt: 'Glue-up', renditions: [{ url: 'https://preview.redd.it/wt8m2glueg.gif?width=108&format=pjpg&auto=webp&s=5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3eeg', width: 108, height: 108 }] },
      ];
      expect((await reddit('gallery-escaped').resolve(post('1qgal03', 'woodworking'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Walnut side table, start to finish',
          description: 'Three weekends, one table. Glue & clamps.',
          author: user('dovetail_dana'),
          nsfw: false,
          image: images[0],
          images,
          publishedAt: '2025-04-30T10:00:00Z',
          stats: { score: 431, replies: 38 },
          community: sub('woodworking'),
        },
      });
    });

    it('when the post is a v.redd.it video with sound, returns the HLS playlist (the MP4 fallback is mute) with its duration, its poster and the playlist expiry', async () => {
      const base = 'https://v.redd.it/k9crosswind01';
      expect((await reddit('video').resolve(post('1qvid04', 'aviation'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Crosswind landing, gusts to 35 kt',
          author: user('flaps_thirty'),
          nsfw: false,
          video: {
            url: `${base}/HLSPlaylist.m3u8?a=1781000000%2CaGxzc2lnbmF0dXJlZmFrZQ%3D%3D&v=1&f=sd`,
            mimeType: 'application/vnd.apple.mpegurl',
            width: 1280,
            height: 720,
            duration: 41,
            hasAudio: true,
          },
          image: { url: 'https://external-preview.redd.it/k9poster01.png?format=pjpg&auto=webp&s=4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c', width: 1280, height: 720, renditions: [{ url: 'https://external-preview.redd.it/k9poster01.png?width=108&crop=smart&format=pjpg&auto=webp&s=1a2b', width: 108, height: 60 }] },
          publishedAt: '2025-04-30T11:00:00Z',
          stats: { score: 1312, replies: 204 },
          community: sub('aviation'),
        },
        mediaExpiresAt: 1781000000 * 1000,
      });
    });

    it("when the post is a crosspost, returns its own title, author, time, score and subreddit with the original's silent video as MP4, the original's text and the original's spoiler flag", async () => {
      expect((await reddit('crosspost').resolve(post('1qxps05', 'planespotting'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Saw this on r/aviation, what a go-around',
          description: 'Tower cam, no sound.',
          author: user('gate_b12'),
          nsfw: false,
          video: { url: 'https://v.redd.it/t0wergoaround/CMAF_720.mp4?source=fallback', mimeType: 'video/mp4', width: 720, height: 1280, duration: 41, hasAudio: false },
          image: { url: 'https://external-preview.redd.it/t0werposter.png?format=pjpg&auto=webp&s=9c8d7e6f', width: 720, height: 1280, renditions: [{ url: 'https://external-preview.redd.it/t0werposter.png?width=108&crop=smart&format=pjpg&auto=webp&s=2b3c', width: 108, height: 192 }] },
          contentWarning: 'Spoiler',
          publishedAt: '2025-04-30T12:00:00Z',
          stats: { score: 88, replies: 7 },
          community: sub('planespotting'),
        },
      });
    });

    it('when the post is over_18, returns the card with nsfw true and the real (not blurred) picture', async () => {
      expect((await reddit('nsfw').resolve(post('1qnsf06', 'tattoo_art'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Fresh back piece, session 4 of 6',
          author: user('inkwell_ivo'),
          nsfw: true,
          image: { url: 'https://i.redd.it/n5backpiece4.png', width: 1600, height: 2000, renditions: [{ url: 'https://preview.redd.it/n5backpiece4.png?width=108&crop=smart&auto=webp&s=0e1d', width: 108, height: 135 }] },
          publishedAt: '2025-04-30T13:00:00Z',
          stats: { score: 640, replies: 41 },
          community: sub('tattoo_art'),
        },
      });
    });

    it('when the post links outside Reddit, returns a link card with the target and preview picture under link, the link after the text, and a negative score', async () => {
      expect((await reddit('link').resolve(post('1qlnk07', 'space'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: "New map of the Moon's south pole released",
          description: 'Higher resolution than anything before.\n\nhttps://science.example.com/news/lunar-south-pole-map?ref=rss&id=42',
          author: user('orbit_otto'),
          nsfw: false,
          image: { url: 'https://external-preview.redd.it/l7moonmap.jpeg?auto=webp&s=3c4d5e6f7a8b9c0d', width: 1200, height: 630, renditions: [{ url: 'https://external-preview.redd.it/l7moonmap.jpeg?width=108&crop=smart&auto=webp&s=5f6a', width: 108, height: 56 }] },
          // Reddit gives no title or text of the target page.
          link: {
            url: 'https://science.example.com/news/lunar-south-pole-map?ref=rss&id=42',
            image: { url: 'https://external-preview.redd.it/l7moonmap.jpeg?auto=webp&s=3c4d5e6f7a8b9c0d', width: 1200, height: 630, renditions: [{ url: 'https://external-preview.redd.it/l7moonmap.jpeg?width=108&crop=smart&auto=webp&s=5f6a', width: 108, height: 56 }] },
          },
          publishedAt: '2025-04-30T14:00:00Z',
          stats: { score: -3, replies: 3 },
          community: sub('space'),
        },
      });
    });

    it('when the post is a spoiler with a poll, returns contentWarning "Spoiler" apart from the text, and the poll with its votes, total and end', async () => {
      expect((await reddit('poll').resolve(post('1qpol15', 'gardening'))).result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Which basil variety survives the bugs best?',
          description: 'Vote before I buy seeds.',
          contentWarning: 'Spoiler',
          author: fern,
          nsfw: false,
          // voting_end_timestamp is in epoch milliseconds.
          poll: {
            options: [
              { label: 'Genovese', votes: 14 },
              { label: 'Thai', votes: 9 },
              { label: 'Purple Ruffles', votes: 2 },
            ],
            totalVotes: 25,
            endsAt: '2025-05-03T16:00:00Z',
          },
          publishedAt: '2025-04-30T16:00:00Z',
          stats: { score: 23, replies: 9 },
          community: sub('gardening'),
        },
      });
    });
  });

  describe('reasons and fallbacks', () => {
    it('when moderators removed the post, returns not-found without asking oEmbed', async () => {
      const served = reddit('removed');
      const { result } = await served.resolve(post('1qrem08', 'gardening'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qrem08.json']);
    });

    it('when the JSON answers 404, returns not-found without asking oEmbed', async () => {
      const served = reddit('not-found');
      const { result } = await served.resolve(post('1qgone9', 'space'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qgone9.json']);
    });

    it('when the JSON answers 403 with reason "private", returns private without asking oEmbed', async () => {
      const served = reddit('private');
      const { result } = await served.resolve(post('1qpriv0', 'secret_club'));
      expect(result).to.deep.equal({ ok: false, reason: 'private' });
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qpriv0.json']);
    });

    it('when the subreddit is quarantined (403 reason "quarantined") and oEmbed refuses too, returns blocked', async () => {
      const served = reddit('quarantined');
      const { result } = await served.resolve(post('1qquar1', 'edgy_stuff'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qquar1.json', 'GET www.reddit.com/oembed']);
    });

    it("when the JSON is refused by a network-security block page, a comment link still gets oEmbed's title and author for its post", async () => {
      const served = reddit('blocked-then-oembed');
      const { result } = await served.resolve(post('1qblk10', 'space', 'kc0mm3n'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Timelapse of the ISS passing over the Alps',
          author: user('night_sky_nina'),
          nsfw: false,
        },
      });
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qblk10.json', 'GET www.reddit.com/oembed']);
    });

    it('when both the JSON and oEmbed answer the "whoa there, pardner!" block page, returns blocked', async () => {
      expect((await reddit('blocked').resolve(post('1qblk11', 'space'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when both answer 429, returns rate-limited', async () => {
      expect((await reddit('rate-limited').resolve(post('1qlim12', 'space'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it('when both answer 5xx, returns upstream-error', async () => {
      expect((await reddit('server-error').resolve(post('1qerr13', 'space'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when every connection fails, returns upstream-error after trying each strategy', async () => {
      const failures = nock('https://www.reddit.com').get(/.*/).times(2).replyWithError('socket hang up');
      expect((await reddit().resolve(post('1qerr13', 'space'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
      expect(failures.isDone()).to.equal(true);
    });

    it('when the URL carries no post id, returns unsupported without a request', async () => {
      const ref: PostRef = { platform: 'reddit', canonicalUrl: 'https://www.reddit.com/r/space/', contentId: 'space', ids: {} };
      expect((await reddit().resolvePost(ref)).result).to.deep.equal({ ok: false, reason: 'unsupported' });
    });
  });

  describe('app-only OAuth', () => {
    const oauthRules: HeaderRules = (def): nock.Options => {
      if (def.scope === 'https://oauth.reddit.com') return { reqheaders: { authorization: `Bearer ${TOKEN_ONE}` } };
      if (def.method === 'POST') return { reqheaders: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' } };
      return { badheaders: ['authorization'] };
    };
    const card = {
      kind: 'link',
      title: 'Which finish for a walnut table top?',
      description: 'Oil or hardwax? It will see a lot of coffee.',
      author: user('dovetail_dana'),
      nsfw: false,
      publishedAt: '2025-04-30T15:00:00Z',
      // Zero is a real count.
      stats: { score: 0, replies: 0 },
      community: sub('woodworking'),
    };

    it('when a client is configured, asks a token with Basic auth, reads oauth.reddit.com with the Bearer token, and never the anonymous JSON', async () => {
      const served = reddit('oauth', { credentials: WITH_CLIENT, headerRules: oauthRules });
      const { result } = await served.resolve(post('1qoau14', 'woodworking'));
      expect(result).to.deep.equal({ ok: true, card });
      expect(calls(served)).to.deep.equal(['POST www.reddit.com/api/v1/access_token grant_type=client_credentials', 'GET oauth.reddit.com/comments/1qoau14']);
      const text = JSON.stringify(result);
      for (const secret of [CLIENT.clientId, CLIENT.clientSecret, TOKEN_ONE, BASIC]) expect(text).not.to.include(secret);
    });

    it('when the token is still fresh, reuses it: one token request for two resolves', async () => {
      const served = reddit('oauth', { credentials: WITH_CLIENT, headerRules: oauthRules });
      await served.resolve(post('1qoau14', 'woodworking'));
      expect((await served.resolve(post('1qoau14', 'woodworking'))).result).to.deep.equal({ ok: true, card });
      expect(calls(served).filter((c) => c.startsWith('POST'))).to.have.length(1);
      expect(calls(served).filter((c) => c.startsWith('GET oauth.reddit.com'))).to.have.length(2);
    });

    it('when the token is about to expire, asks a new one first', async () => {
      const clock = new FakeClock();
      const served = reddit('oauth', { credentials: WITH_CLIENT, headerRules: oauthRules, clock });
      await served.resolve(post('1qoau14', 'woodworking'));
      clock.ms += 86_400_000 - TOKEN_RENEW_MARGIN_MS - 1;
      await served.resolve(post('1qoau14', 'woodworking'));
      expect(calls(served).filter((c) => c.startsWith('POST'))).to.have.length(1);
      clock.ms += 1;
      await served.resolve(post('1qoau14', 'woodworking'));
      expect(calls(served).filter((c) => c.startsWith('POST'))).to.have.length(2);
    });

    it('when oauth.reddit.com answers 401, renews the token once and retries with the new one', async () => {
      const body = loadRecordedExchanges(fixturePath('reddit', 'oauth'))[1]!.response;
      const tokens = nock('https://www.reddit.com', { reqheaders: { authorization: BASIC } })
        .post('/api/v1/access_token', 'grant_type=client_credentials')
        .reply(200, { access_token: 'stale-token', token_type: 'bearer', expires_in: 86400, scope: '*' })
        .post('/api/v1/access_token', 'grant_type=client_credentials')
        .reply(200, { access_token: 'fresh-token', token_type: 'bearer', expires_in: 86400, scope: '*' });
      const stale = nock('https://oauth.reddit.com', { reqheaders: { authorization: 'Bearer stale-token' } })
        .get('/comments/1qoau14')
        .query(true)
        .reply(401, { message: 'Unauthorized', error: 401 });
      const fresh = nock('https://oauth.reddit.com', { reqheaders: { authorization: 'Bearer fresh-token' } })
        .get('/comments/1qoau14')
        .query(true)
        .reply(200, body as nock.Body);
      const { result } = await reddit([], { credentials: WITH_CLIENT }).resolve(post('1qoau14', 'woodworking'));
      expect(result).to.deep.equal({ ok: true, card });
      expect(tokens.isDone() && stale.isDone() && fresh.isDone()).to.equal(true);
    });

    it('when oauth.reddit.com refuses the renewed token too, falls back to the anonymous JSON without Authorization', async () => {
      nock('https://www.reddit.com').persist().post('/api/v1/access_token').reply(200, { access_token: 'refused-token', expires_in: 86400 });
      const refusals = nock('https://oauth.reddit.com').get('/comments/1qtxt01').query(true).times(2).reply(401, { message: 'Unauthorized', error: 401 });
      const served = reddit('text', { credentials: WITH_CLIENT });
      const { result } = await served.resolve(post('1qtxt01', 'gardening'));
      expect(result).to.have.nested.property('card.title', 'What is eating my basil at night?');
      expect(refusals.isDone()).to.equal(true);
      expect(calls(served)).to.deep.equal(['GET www.reddit.com/comments/1qtxt01.json']);
    });

    it('when the token endpoint refuses the client (401), falls back to the anonymous JSON without Authorization', async () => {
      const served = reddit('oauth-refused', {
        credentials: WITH_CLIENT,
        headerRules: (def) => (def.method === 'POST' ? { reqheaders: { authorization: BASIC } } : { badheaders: ['authorization'] }),
      });
      const { result } = await served.resolve(post('1qoau14', 'woodworking'));
      expect(result).to.deep.equal({ ok: true, card });
      expect(calls(served)).to.deep.equal(['POST www.reddit.com/api/v1/access_token grant_type=client_credentials', 'GET www.reddit.com/comments/1qoau14.json']);
    });

    it('when oauth.reddit.com says the post is gone, returns not-found without the anonymous JSON', async () => {
      nock('https://www.reddit.com').post('/api/v1/access_token').reply(200, { access_token: TOKEN_ONE, expires_in: 86400 });
      nock('https://oauth.reddit.com').get('/comments/1qgone9').query(true).reply(404, { message: 'Not Found', error: 404 });
      const { result } = await reddit([], { credentials: WITH_CLIENT }).resolve(post('1qgone9', 'space'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(nock.pendingMocks()).to.deep.equal([]);
    });
  });

  describe('readShortLink', () => {
    const specs = createSpecList({ mastodonInstances: [] });
    const spec = specs.find((candidate) => candidate.id === 'reddit')!;

    it('when a /r/{sub}/s/{code} share link answers 301, returns its Location, which expands to the canonical post', async () => {
      const { adapter } = reddit('share-link');
      const hop = await adapter.readShortLink('https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({
        ok: true,
        location:
          'https://www.reddit.com/r/gardening/comments/1qtxt01/what_is_eating_my_basil_at_night/?share_id=Zx81kq0PLm&utm_content=1&utm_medium=android_app&utm_name=androidcss&utm_source=share&utm_term=1',
      });
      const expanded = await expandShortLink(specs, spec, adapter, 'https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp', AbortSignal.timeout(5000));
      expect(expanded).to.deep.equal({ ok: true, url: 'https://www.reddit.com/r/gardening/comments/1qtxt01/' });
    });

    it('when a v.redd.it/{id} link redirects to its post, expands to the canonical post', async () => {
      const expanded = await expandShortLink(specs, spec, reddit('video-link').adapter, 'https://v.redd.it/k9crosswind01', AbortSignal.timeout(5000));
      expect(expanded).to.deep.equal({ ok: true, url: 'https://www.reddit.com/r/aviation/comments/1qvid04/' });
    });

    it('when the share link answers a block page (403), returns blocked', async () => {
      const hop = await reddit('share-link-blocked').adapter.readShortLink('https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('reddit parser', () => {
  const base = { id: '1qpar01', title: 'A post', author: 'quill_quinn', is_self: false, over_18: false };
  const poster = { url: 'https://external-preview.redd.it/p0ster.png?format=pjpg&s=1', width: 640, height: 360 };
  const preview = { images: [{ source: poster, resolutions: [] }] };
  const video = (extra: Record<string, unknown>) => ({
    fallback_url: 'https://v.redd.it/v1d/CMAF_360.mp4?source=fallback',
    hls_url: 'https://v.redd.it/v1d/HLSPlaylist.m3u8?a=1790000000%2Cc2ln&v=1&f=sd',
    width: 640,
    height: 360,
    ...extra,
  });
  const quinn = user('quill_quinn');
  const card = (post: Record<string, unknown>) => {
    const result = parsePost({ ...base, ...post });
    return result.ok ? result.card : result;
  };

  it('when a v.redd.it video is a converted GIF, returns the MP4 (no sound to lose) without an expiry, has_audio as stated', () => {
    const result = parsePost({ ...base, is_video: true, preview, secure_media: { reddit_video: video({ has_audio: true, is_gif: true }) } });
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'A post',
        author: quinn,
        nsfw: false,
        video: { url: 'https://v.redd.it/v1d/CMAF_360.mp4?source=fallback', mimeType: 'video/mp4', width: 640, height: 360, hasAudio: true },
        image: poster,
      },
    });
  });

  it('when a video has no HLS playlist, returns the MP4 fallback rather than nothing', () => {
    expect(card({ is_video: true, media: { reddit_video: video({ has_audio: true, hls_url: null }) } })).to.have.nested.property('video.mimeType', 'video/mp4');
  });

  it('when a linked GIF (imgur .gifv) has a reddit_video_preview, returns it as the video', () => {
    const gifv = { ...video({ is_gif: true }), fallback_url: 'https://v.redd.it/g1fv/DASH_9_6_M' };
    expect(card({ url: 'https://i.imgur.com/g1fv.gifv', post_hint: 'link', preview: { ...preview, reddit_video_preview: gifv } }))
      .to.deep.include({ kind: 'video', video: { url: 'https://v.redd.it/g1fv/DASH_9_6_M', mimeType: 'video/mp4', width: 640, height: 360 } });
  });

  it('when the video is still transcoding (is_video without reddit_video), returns a link card with the poster and no video', () => {
    expect(card({ is_video: true, post_hint: 'hosted:video', url: 'https://v.redd.it/v1d', media: null, secure_media: null, preview })).to.deep.equal({
      kind: 'link',
      title: 'A post',
      author: quinn,
      nsfw: false,
      image: poster,
    });
  });

  it('when an open poll hides its counts, returns the options without votes and no total', () => {
    const poll_data = { voting_end_timestamp: 1746288000000, total_vote_count: null, options: [{ text: 'Yes', id: '1' }, { text: 'No', id: '2' }, { text: '', id: '3' }] };
    expect(card({ is_self: true, poll_data })).to.have.deep.property('poll', { options: [{ label: 'Yes' }, { label: 'No' }], endsAt: '2025-05-03T16:00:00Z' });
  });

  it('when the post is on a user profile (u/…), returns the profile as its community', () => {
    expect(card({ is_self: true, subreddit_name_prefixed: 'u/quill_quinn' })).to.have.deep.property('community', {
      name: 'u/quill_quinn',
      url: 'https://www.reddit.com/user/quill_quinn/',
    });
  });

  it('when a gallery caption is on the media_metadata entry only, returns it as the alt text', () => {
    const media_metadata = { m1: { status: 'valid', e: 'Image', s: { u: 'https://i.redd.it/m1.jpg', x: 10, y: 20 }, caption: 'A red door' }, m2: { status: 'valid', e: 'Image', s: { u: 'https://i.redd.it/m2.jpg', x: 10, y: 20 } } };
    const gallery = card({ is_gallery: true, media_metadata, gallery_data: { items: [{ media_id: 'm1' }, { media_id: 'm2' }] } });
    expect(gallery).to.have.deep.property('images', [
      { url: 'https://i.redd.it/m1.jpg', width: 10, height: 20, alt: 'A red door' },
      { url: 'https://i.redd.it/m2.jpg', width: 10, height: 20 },
    ]);
  });

  it('when created_utc, edited, score and num_comments are missing or malformed, leaves those details absent', () => {
    const plain = card({ is_self: true, selftext: 'hi', created_utc: 'yesterday', edited: true, score: 'many', num_comments: -1, spoiler: false });
    expect(plain).to.deep.equal({ kind: 'link', title: 'A post', description: 'hi', author: quinn, nsfw: false });
  });

  it('when the author deleted their account but the post stands, returns the card without an author', () => {
    expect(card({ author: '[deleted]', is_self: true, selftext: 'still here' })).to.deep.equal({ kind: 'link', title: 'A post', description: 'still here', nsfw: false });
  });

  it('when a self post predates removed_by_category and its text is "[deleted]", returns not-found', () => {
    expect(parsePost({ ...base, is_self: true, author: '[deleted]', selftext: '[deleted]' })).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the text is longer than the card allows, clamps the description', () => {
    const long = card({ is_self: true, selftext: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 50) });
    expect((long as { description: string }).description).to.have.length(MAX_DESCRIPTION_LENGTH);
  });

  it('when the JSON endpoint answers 200 with an HTML block page, returns blocked', () => {
    expect(parseCommentsResponse(200, '<!doctype html><html><title>Blocked</title>')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the first listing has no child, returns not-found', () => {
    expect(parseCommentsAnswer([{ kind: 'Listing', data: { children: [] } }, { kind: 'Listing', data: { children: [] } }])).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the answer is not a [post, comments] pair, throws an UpstreamError with code UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseCommentsResponse(200, '{"kind": "Listing"}')).to.throw(UpstreamError).with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  for (const [status, body, reason] of [
    [404, '{"reason": "banned", "message": "Not Found", "error": 404}', 'not-found'],
    [403, '{"reason": "gold_only", "message": "Forbidden", "error": 403}', 'private'],
    [403, '{"message": "Forbidden", "error": 403}', 'blocked'],
    [401, '{"message": "Unauthorized", "error": 401}', 'blocked'],
    [451, '', 'region-locked'],
  ] as const) {
    it(`when a refusal is ${status} ${body || '(empty)'}, returns ${reason}`, () => {
      expect(reasonForRefusal(status, body)).to.equal(reason);
    });
  }
});
