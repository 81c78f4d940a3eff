// The Bluesky adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/bluesky/fixtures/ (our own handles and values, shaped like the AppView's answers).
import { expect } from 'chai';
import nock from 'nock';
import { parsePostThread, parsePostView } from '../../../src/infrastructure/platforms/bluesky/post-thread.js';
import { UpstreamError } from '../../../src/application/errors.js';
import { given } from '../../support/given.js';

const CDN = 'https://cdn.bsky.app/img';
const PUBLISHED = '2025-05-04T09:30:00Z';
/** The counts most fixtures carry: likeCount 7, repostCount 2, replyCount 1, quoteCount 0. */
const STATS = { likes: 7, reposts: 2, replies: 1, quotes: 0 };

const POST = (actor: string, rkey: string) => `https://bsky.app/profile/${actor}/post/${rkey}`;

function cdn(kind: 'feed_fullsize' | 'feed_thumbnail' | 'avatar', did: string, cid: string): string {
  return `${CDN}/${kind}/plain/${did}/${cid}@jpeg`;
}

/** The profile picture our fixtures give each author: `bafkrei{name}avatar…`. */
function avatar(name: string, did: string): string {
  return cdn('avatar', did, `bafkrei${name}avatar${'abcdefghijklmnopqrstuvwxyz234567abcdefghijk'.slice(0, 46 - name.length)}`);
}

describe('bluesky adapter', () => {
  afterEach(() => nock.cleanAll());

  it('when the post is a text reply with a shortened link, returns a link card with the link written out, its time, language, counts and the replied-to post', async () => {
    const result = (await given('bluesky', 'text').resolve(POST('alice.test', '3lpatext2aa2k'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Alice Liddell (@alice.test)',
        description: 'Beans are up 🌱 full notes at https://garden.example/notes/2025/spring-beans-are-up\n\nNext: the courgettes.',
        author: { name: 'Alice Liddell', url: 'https://bsky.app/profile/alice.test', handle: 'alice.test', avatar: avatar('alice', 'did:plc:aliceplcidplcidplcidplci') },
        nsfw: false,
        // createdAt 2025-05-03T18:02:11.512Z, to the second; langs ['en-GB', 'fr'].
        publishedAt: '2025-05-03T18:02:11Z',
        lang: 'en-GB',
        // The thread answer has no parent (parentHeight=0): the URL names the parent's DID.
        replyTo: { canonicalUrl: 'https://bsky.app/profile/did:plc:zoeplcidplcidplcidplcidpl/post/3lpzparent22a' },
        stats: { likes: 12, reposts: 3, replies: 0, quotes: 1, bookmarks: 4 },
      },
    });
  });

  it('when the URL names a DID and the post has one image by a verified author, returns an image card with its alt text without a handle lookup', async () => {
    const did = 'did:plc:bobplcidplcidplcidplcidp';
    const result = (await given('bluesky', 'image').resolve(POST(did, '3lpbimage22ab'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Bob Marley (@bob.test)',
        description: 'Harbour at dawn',
        // verification.verifiedStatus is 'valid'.
        author: { name: 'Bob Marley', url: 'https://bsky.app/profile/bob.test', handle: 'bob.test', avatar: avatar('bob', did), verified: true },
        nsfw: false,
        image: { url: cdn('feed_fullsize', did, 'bafkreibobharbourabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1600, height: 1200, alt: 'boats in a harbour' },
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: { likes: 41, reposts: 5, replies: 2, quotes: 0 },
      },
    });
  });

  it('when the post has four images, returns a gallery of the four full-size photos in post order with their alt texts (an empty one left out)', async () => {
    const did = 'did:plc:carolplcidplcidplcidplci';
    const result = (await given('bluesky', 'gallery').resolve(POST('carol.test', '3lpcgallery2a'))).result;
    const images = [
      { url: cdn('feed_fullsize', did, 'bafkreicaroloneabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 1000, height: 1000, alt: 'a fox' },
      { url: cdn('feed_fullsize', did, 'bafkreicaroltwoabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 800, height: 1200, alt: 'an owl' },
      { url: cdn('feed_fullsize', did, 'bafkreicarolthreeabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1200, height: 800 },
      { url: cdn('feed_fullsize', did, 'bafkreicarolfourabcdefghijklmnopqrstuvwxyz234567abcdefghijk'), width: 900, height: 1600, alt: 'a heron' },
    ];
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Carol Danvers (@carol.test)',
        description: 'Four sketches from the weekend',
        author: { name: 'Carol Danvers', url: 'https://bsky.app/profile/carol.test', handle: 'carol.test', avatar: avatar('carol', did) },
        nsfw: false,
        image: images[0],
        images,
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
      },
    });
  });

  it('when the post has a video, returns a video card with the public HLS playlist and its thumbnail', async () => {
    const base = 'https://video.bsky.app/watch/did%3Aplc%3Adaveplcidplcidplcidplcid/bafkreidavevideoabcdefghijklmnopqrstuvwxyz234567abcdefghijk';
    const result = (await given('bluesky', 'video').resolve(POST('dave.test', '3lpdvideo22aa'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Dave Grohl (@dave.test)',
        description: 'Soundcheck, take two',
        author: { name: 'Dave Grohl', url: 'https://bsky.app/profile/dave.test', handle: 'dave.test', avatar: avatar('dave', 'did:plc:daveplcidplcidplcidplcid') },
        nsfw: false,
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
        video: { url: `${base}/playlist.m3u8`, mimeType: 'application/vnd.apple.mpegurl', width: 1080, height: 1920 },
        image: { url: `${base}/thumbnail.jpg`, width: 1080, height: 1920 },
      },
    });
  });

  it('when the post has an external link card and the author no display name, returns a link card with the thumbnail, the link preview and the handle as title', async () => {
    const thumb = cdn('feed_thumbnail', 'did:plc:erinplcidplcidplcidplcid', 'bafkreierinthumbabcdefghijklmnopqrstuvwxyz234567abcdefghijk');
    const result = (await given('bluesky', 'external').resolve(POST('erin.test', '3lpeexternal2'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: '@erin.test',
        description: 'Worth a read on soil health',
        author: { name: 'erin.test', url: 'https://bsky.app/profile/erin.test', handle: 'erin.test', avatar: avatar('erin', 'did:plc:erinplcidplcidplcidplcid') },
        nsfw: false,
        image: { url: thumb },
        link: {
          url: 'https://soil.example/articles/living-soil',
          title: 'Living soil, explained',
          description: 'What lives under your feet and why it matters.',
          image: { url: thumb },
        },
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
      },
    });
  });

  it("when the post quotes a post with photos and has none of its own, returns the quoted post's photos, and the quoted post under quote", async () => {
    const did = 'did:plc:graceplcidplcidplcidplci';
    const result = (await given('bluesky', 'quote').resolve(POST('frank.test', '3lpfquote222a'))).result;
    const images = [
      { url: cdn('feed_fullsize', did, 'bafkreigraceoneabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 1200, height: 900, alt: 'moth taped in a logbook' },
      { url: cdn('feed_fullsize', did, 'bafkreigracetwoabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 900, height: 1200, alt: 'the relay' },
    ];
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Frank Zappa (@frank.test)',
        description: 'This is the one I meant',
        author: { name: 'Frank Zappa', url: 'https://bsky.app/profile/frank.test', handle: 'frank.test', avatar: avatar('frank', 'did:plc:frankplcidplcidplcidplci') },
        nsfw: false,
        image: images[0],
        images,
        quote: {
          platform: 'bluesky',
          canonicalUrl: 'https://bsky.app/profile/grace.test/post/3lpgquoted22a',
          kind: 'gallery',
          title: 'Grace Hopper (@grace.test)',
          description: 'Two views of the same bug',
          author: { name: 'Grace Hopper', url: 'https://bsky.app/profile/grace.test', handle: 'grace.test', avatar: avatar('grace', did) },
          publishedAt: PUBLISHED,
          image: images[0],
        },
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
      },
    });
  });

  it("when the post has media and a quote, returns the post's own media, and the quoted post's only under quote", async () => {
    const result = (await given('bluesky', 'record-with-media').resolve(POST('heidi.test', '3lphrwm2222aa'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Heidi Klum (@heidi.test)',
        description: 'My version, next to the original',
        author: { name: 'Heidi Klum', url: 'https://bsky.app/profile/heidi.test', handle: 'heidi.test', avatar: avatar('heidi', 'did:plc:heidiplcidplcidplcidplci') },
        nsfw: false,
        image: { url: cdn('feed_fullsize', 'did:plc:heidiplcidplcidplcidplci', 'bafkreiheidimineabcdefghijklmnopqrstuvwxyz234567abcdefghijk'), width: 1500, height: 1000, alt: 'my version' },
        quote: {
          platform: 'bluesky',
          canonicalUrl: 'https://bsky.app/profile/ivy.test/post/3lpiquoted22a',
          kind: 'image',
          title: 'Ivy Smith (@ivy.test)',
          description: 'Original photo',
          author: { name: 'Ivy Smith', url: 'https://bsky.app/profile/ivy.test', handle: 'ivy.test', avatar: avatar('ivy', 'did:plc:ivyplcidplcidplcidplcidp') },
          publishedAt: PUBLISHED,
          image: { url: cdn('feed_fullsize', 'did:plc:ivyplcidplcidplcidplcidp', 'bafkreiivyoriginalabcdefghijklmnopqrstuvwxyz234567abcdefghi'), width: 1000, height: 1500, alt: 'the original' },
        },
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
      },
    });
  });

  it('when the post carries an adult label and a graphic-media self-label, returns the card with nsfw true and the self-label as its content warning', async () => {
    const result = (await given('bluesky', 'adult').resolve(POST('judy.test', '3lpjadult222a'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Judy Garland (@judy.test)',
        description: 'Life drawing class, week 3',
        author: { name: 'Judy Garland', url: 'https://bsky.app/profile/judy.test', handle: 'judy.test', avatar: avatar('judy', 'did:plc:judyplcidplcidplcidplcid') },
        nsfw: true,
        image: { url: cdn('feed_fullsize', 'did:plc:judyplcidplcidplcidplcid', 'bafkreijudyfigureabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1000, height: 1400, alt: 'charcoal figure study' },
        // The moderation label `porn` makes it nsfw; only the author's own label is their warning.
        contentWarning: 'graphic media',
        publishedAt: PUBLISHED,
        lang: 'en',
        stats: STATS,
      },
    });
  });

  it('when the author hides their posts from logged-out viewers, returns blocked without any text', async () => {
    expect((await given('bluesky', 'no-unauthenticated').resolve(POST('ken.test', '3lpknoauth22a'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when getPostThread answers 400 NotFound, returns not-found', async () => {
    expect((await given('bluesky', 'not-found').resolve(POST('lena.test', '3lplgone2222a'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the handle does not resolve, returns not-found', async () => {
    expect((await given('bluesky', 'handle-unknown').resolve(POST('nobody.test', '3lpnnobody22a'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the AppView answers 502, returns upstream-error', async () => {
    expect((await given('bluesky', 'server-error').resolve(POST('did:plc:mikeplcidplcidplcidplcid', '3lpmbroken22a'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the AppView answers 429, returns rate-limited', async () => {
    expect((await given('bluesky', 'rate-limited').resolve(POST('nina.test', '3lpnlimited2a'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when the AppView answers 403, returns blocked', async () => {
    expect((await given('bluesky', 'forbidden').resolve(POST('oscar.test', '3lpoforbid22a'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the connection fails, throws UPSTREAM_NETWORK, which the use case answers as upstream-error', async () => {
    nock('https://public.api.bsky.app').get(/.*/).replyWithError('socket hang up');
    const { result, thrown } = await given('bluesky').resolve(POST('did:plc:mikeplcidplcidplcidplcid', '3lpmbroken22a'));
    expect({ result, thrown }).to.deep.equal({ result: { ok: false, reason: 'upstream-error' }, thrown: 'UPSTREAM_NETWORK' });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('bluesky parser', () => {
  const author = { did: 'did:plc:paulplcidplcidplcidplcid', handle: 'paul.test', displayName: 'Paul Klee', labels: [] as unknown[] };
  const postView = (extra: Record<string, unknown>) => ({ author, record: { text: 'hello' }, labels: [], ...extra });
  const photo = (cid: string) => ({
    thumbnail: `${CDN}/feed_thumbnail/plain/${author.did}/${cid}`,
    fullsize: `${CDN}/feed_fullsize/plain/${author.did}/${cid}`,
    alt: '',
    aspectRatio: { width: 4, height: 3 },
  });
  const quoting = (quoted: Record<string, unknown>) => ({ $type: 'app.bsky.embed.record#view', record: quoted });
  const quotedUri = 'at://did:plc:ritaplcidplcidplcidplcidp/app.bsky.feed.post/3lprquoted22a';
  const quotedPost = (extra: Record<string, unknown>) => ({
    $type: 'app.bsky.embed.record#viewRecord',
    uri: quotedUri,
    author: { ...author, handle: 'rita.test', labels: [] },
    value: { text: 'quoted' },
    labels: [],
    embeds: [{ $type: 'app.bsky.embed.images#view', images: [{ thumb: `${CDN}/feed_thumbnail/plain/rita/cid`, fullsize: `${CDN}/feed_fullsize/plain/rita/cid`, alt: '' }] }],
    ...extra,
  });

  it('when the post has the new gallery#view embed, returns a gallery of its full-size items', () => {
    const result = parsePostView(postView({ embed: { $type: 'app.bsky.embed.gallery#view', items: [photo('one'), photo('two')] } }));
    expect(result.ok && result.card).to.deep.include({
      kind: 'gallery',
      images: [
        { url: `${CDN}/feed_fullsize/plain/${author.did}/one`, width: 4, height: 3 },
        { url: `${CDN}/feed_fullsize/plain/${author.did}/two`, width: 4, height: 3 },
      ],
    });
  });

  it('when the thread root is a #notFoundPost, returns not-found', () => {
    const body = { thread: { $type: 'app.bsky.feed.defs#notFoundPost', uri: 'at://did:plc:x/app.bsky.feed.post/y', notFound: true } };
    expect(parsePostThread(body)).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when an adult label is negated, returns nsfw false', () => {
    const labels = [{ src: 'did:plc:moderationlabelerxyz27', val: 'porn', neg: true }];
    expect(parsePostView(postView({ labels }))).to.have.nested.property('card.nsfw', false);
  });

  it('when a self-label in the record marks the post sexual, returns nsfw true', () => {
    const record = { text: 'hello', labels: { $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'sexual' }] } };
    expect(parsePostView(postView({ record }))).to.have.nested.property('card.nsfw', true);
  });

  it("when the quoted post's photo carries an adult label, returns the borrowed photo with nsfw true", () => {
    const result = parsePostView(postView({ embed: quoting(quotedPost({ labels: [{ val: 'graphic-media' }] })) }));
    expect(result.ok && result.card).to.deep.include({ kind: 'image', nsfw: true });
  });

  it('when the quoted author hides from logged-out viewers, borrows nothing and returns a plain link card with the quote unavailable', () => {
    const hidden = quotedPost({ author: { ...author, handle: 'rita.test', labels: [{ val: '!no-unauthenticated' }] } });
    const result = parsePostView(postView({ embed: quoting(hidden) }));
    expect(result.ok && result.card).to.deep.equal({
      kind: 'link',
      title: 'Paul Klee (@paul.test)',
      description: 'hello',
      author: { name: 'Paul Klee', url: 'https://bsky.app/profile/paul.test', handle: 'paul.test' },
      nsfw: false,
      quote: { canonicalUrl: 'https://bsky.app/profile/did:plc:ritaplcidplcidplcidplcidp/post/3lprquoted22a', unavailable: true },
    });
  });

  for (const [type, extra] of [
    ['app.bsky.embed.record#viewNotFound', { notFound: true }],
    ['app.bsky.embed.record#viewBlocked', { blocked: true, author: { did: 'did:plc:ritaplcidplcidplcidplcidp' } }],
    ['app.bsky.embed.record#viewDetached', { detached: true }],
  ] as const) {
    it(`when the quoted post is a ${type.split('#')[1]}, returns the quote as unavailable with its URL`, () => {
      const result = parsePostView(postView({ embed: quoting({ $type: type, uri: quotedUri, ...extra }) }));
      expect(result.ok && result.card.quote).to.deep.equal({ canonicalUrl: 'https://bsky.app/profile/did:plc:ritaplcidplcidplcidplcidp/post/3lprquoted22a', unavailable: true });
    });
  }

  it('when the embedded record is not a post (a feed generator), returns no quote', () => {
    const feed = { $type: 'app.bsky.feed.defs#generatorView', uri: 'at://did:plc:ritaplcidplcidplcidplcidp/app.bsky.feed.generator/gardens', displayName: 'Gardens' };
    expect(parsePostView(postView({ embed: quoting(feed) }))).to.not.have.nested.property('card.quote');
  });

  it('when a recordWithMedia embed carries an external card beside the quote, returns the link preview and the quote', () => {
    const embed = {
      $type: 'app.bsky.embed.recordWithMedia#view',
      media: { $type: 'app.bsky.embed.external#view', external: { uri: 'https://news.example/story', title: 'Story', description: '' } },
      record: { $type: 'app.bsky.embed.record#view', record: quotedPost({ embeds: [] }) },
    };
    const result = parsePostView(postView({ embed }));
    // An empty description and a missing thumb are left out of the link preview.
    expect(result.ok && result.card.link).to.deep.equal({ url: 'https://news.example/story', title: 'Story' });
    expect(result.ok && result.card.quote).to.deep.equal({
      platform: 'bluesky',
      canonicalUrl: 'https://bsky.app/profile/rita.test/post/3lprquoted22a',
      kind: 'link',
      title: 'Paul Klee (@rita.test)',
      description: 'quoted',
      author: { name: 'Paul Klee', url: 'https://bsky.app/profile/rita.test', handle: 'rita.test' },
    });
  });

  it('when the thread answer carries the parent post, returns the replied-to post by its handle', () => {
    const parentUri = 'at://did:plc:zoeplcidplcidplcidplcidpl/app.bsky.feed.post/3lpzparent22a';
    const record = { text: 'agreed', reply: { root: { uri: parentUri }, parent: { uri: parentUri } } };
    const parent = { $type: 'app.bsky.feed.defs#threadViewPost', post: { uri: parentUri, author: { did: 'did:plc:zoeplcidplcidplcidplcidpl', handle: 'Zoe.Test' }, record: { text: 'hm' } } };
    const result = parsePostThread({ thread: { $type: 'app.bsky.feed.defs#threadViewPost', post: postView({ record }), parent } });
    expect(result.ok && result.card.replyTo).to.deep.equal({ canonicalUrl: 'https://bsky.app/profile/zoe.test/post/3lpzparent22a', handle: 'Zoe.Test' });
  });

  it('when record.createdAt does not read as a time, returns indexedAt as publishedAt', () => {
    const result = parsePostView(postView({ record: { text: 'hello', createdAt: 'yesterday' }, indexedAt: '2025-06-01T08:00:05.250Z' }));
    expect(result).to.have.nested.property('card.publishedAt', '2025-06-01T08:00:05Z');
  });

  it("when the author's verification status is none (a trusted verifier only), returns no verified flag", () => {
    const verification = { verifications: [], verifiedStatus: 'none', trustedVerifierStatus: 'valid' };
    const result = parsePostView(postView({ author: { ...author, verification } }));
    expect(result.ok && result.card.author).to.deep.equal({ name: 'Paul Klee', url: 'https://bsky.app/profile/paul.test', handle: 'paul.test' });
  });

  it('when the record self-labels sexual and nudity (and a non-adult label), returns both as words in contentWarning', () => {
    const labels = { $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'sexual' }, { val: 'nudity' }, { val: '!no-promote' }, { val: 'sexual' }] };
    const result = parsePostView(postView({ record: { text: 'hello', labels } }));
    expect(result.ok && result.card).to.deep.include({ contentWarning: 'sexual, nudity', nsfw: true });
  });

  it('when the view reports no counts, returns no stats', () => {
    expect(parsePostView(postView({}))).to.not.have.nested.property('card.stats');
  });

  it('when a link facet lies over ordinary words, keeps the words', () => {
    const text = 'read this 🌍 now';
    const start = Buffer.byteLength('read ');
    const facets = [{ index: { byteStart: start, byteEnd: start + Buffer.byteLength('this') }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.org/' }] }];
    expect(parsePostView(postView({ record: { text, facets } }))).to.have.nested.property('card.description', text);
  });

  it('when the body is not a postView, throws an UpstreamError with code UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parsePostThread({ thread: { $type: 'app.bsky.feed.defs#threadViewPost', post: { uri: 'at://x' } } }))
      .to.throw(UpstreamError)
      .with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });
});
