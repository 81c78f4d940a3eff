// The Bluesky adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/bluesky/fixtures/ (our own handles and values, shaped like the AppView's answers).
import { expect } from 'chai';
import nock from 'nock';
import { parsePostThread, parsePostView } from '../../../src/infrastructure/platforms/bluesky/post-thread.js';
import { UpstreamError } from '../../../src/application/errors.js';
import { given } from '../../support/given.js';

const CDN = 'https://cdn.bsky.app/img';

const POST = (actor: string, rkey: string) => `https://bsky.app/profile/${actor}/post/${rkey}`;

function cdn(kind: 'feed_fullsize' | 'feed_thumbnail', did: string, cid: string): string {
  return `${CDN}/${kind}/plain/${did}/${cid}@jpeg`;
}

describe('bluesky adapter', () => {
  afterEach(() => nock.cleanAll());

  it('when the post is text with a shortened link, returns a link card with the link written out', async () => {
    const result = (await given('bluesky', 'text').resolve(POST('alice.test', '3lpatext2aa2k'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Alice Liddell (@alice.test)',
        description: 'Beans are up 🌱 full notes at https://garden.example/notes/2025/spring-beans-are-up\n\nNext: the courgettes.',
        author: { name: 'Alice Liddell', url: 'https://bsky.app/profile/alice.test' },
        nsfw: false,
      },
    });
  });

  it('when the URL names a DID and the post has one image, returns an image card without a handle lookup', async () => {
    const did = 'did:plc:bobplcidplcidplcidplcidp';
    const result = (await given('bluesky', 'image').resolve(POST(did, '3lpbimage22ab'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Bob Marley (@bob.test)',
        description: 'Harbour at dawn',
        author: { name: 'Bob Marley', url: 'https://bsky.app/profile/bob.test' },
        nsfw: false,
        image: { url: cdn('feed_fullsize', did, 'bafkreibobharbourabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1600, height: 1200 },
      },
    });
  });

  it('when the post has four images, returns a gallery of the four full-size photos in post order', async () => {
    const did = 'did:plc:carolplcidplcidplcidplci';
    const result = (await given('bluesky', 'gallery').resolve(POST('carol.test', '3lpcgallery2a'))).result;
    const images = [
      { url: cdn('feed_fullsize', did, 'bafkreicaroloneabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 1000, height: 1000 },
      { url: cdn('feed_fullsize', did, 'bafkreicaroltwoabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 800, height: 1200 },
      { url: cdn('feed_fullsize', did, 'bafkreicarolthreeabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1200, height: 800 },
      { url: cdn('feed_fullsize', did, 'bafkreicarolfourabcdefghijklmnopqrstuvwxyz234567abcdefghijk'), width: 900, height: 1600 },
    ];
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Carol Danvers (@carol.test)',
        description: 'Four sketches from the weekend',
        author: { name: 'Carol Danvers', url: 'https://bsky.app/profile/carol.test' },
        nsfw: false,
        image: images[0],
        images,
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
        author: { name: 'Dave Grohl', url: 'https://bsky.app/profile/dave.test' },
        nsfw: false,
        video: { url: `${base}/playlist.m3u8`, mimeType: 'application/vnd.apple.mpegurl', width: 1080, height: 1920 },
        image: { url: `${base}/thumbnail.jpg`, width: 1080, height: 1920 },
      },
    });
  });

  it('when the post has an external link card and the author no display name, returns a link card with the thumbnail and the handle as title', async () => {
    const result = (await given('bluesky', 'external').resolve(POST('erin.test', '3lpeexternal2'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: '@erin.test',
        description: 'Worth a read on soil health',
        author: { name: 'erin.test', url: 'https://bsky.app/profile/erin.test' },
        nsfw: false,
        image: { url: cdn('feed_thumbnail', 'did:plc:erinplcidplcidplcidplcid', 'bafkreierinthumbabcdefghijklmnopqrstuvwxyz234567abcdefghijk') },
      },
    });
  });

  it("when the post quotes a post with photos and has none of its own, returns the quoted post's photos", async () => {
    const did = 'did:plc:graceplcidplcidplcidplci';
    const result = (await given('bluesky', 'quote').resolve(POST('frank.test', '3lpfquote222a'))).result;
    const images = [
      { url: cdn('feed_fullsize', did, 'bafkreigraceoneabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 1200, height: 900 },
      { url: cdn('feed_fullsize', did, 'bafkreigracetwoabcdefghijklmnopqrstuvwxyz234567abcdefghijkl'), width: 900, height: 1200 },
    ];
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Frank Zappa (@frank.test)',
        description: 'This is the one I meant',
        author: { name: 'Frank Zappa', url: 'https://bsky.app/profile/frank.test' },
        nsfw: false,
        image: images[0],
        images,
      },
    });
  });

  it("when the post has media and a quote, returns the post's own media, not the quoted post's", async () => {
    const result = (await given('bluesky', 'record-with-media').resolve(POST('heidi.test', '3lphrwm2222aa'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Heidi Klum (@heidi.test)',
        description: 'My version, next to the original',
        author: { name: 'Heidi Klum', url: 'https://bsky.app/profile/heidi.test' },
        nsfw: false,
        image: { url: cdn('feed_fullsize', 'did:plc:heidiplcidplcidplcidplci', 'bafkreiheidimineabcdefghijklmnopqrstuvwxyz234567abcdefghijk'), width: 1500, height: 1000 },
      },
    });
  });

  it('when the post carries an adult label, returns the card with nsfw true', async () => {
    const result = (await given('bluesky', 'adult').resolve(POST('judy.test', '3lpjadult222a'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Judy Garland (@judy.test)',
        description: 'Life drawing class, week 3',
        author: { name: 'Judy Garland', url: 'https://bsky.app/profile/judy.test' },
        nsfw: true,
        image: { url: cdn('feed_fullsize', 'did:plc:judyplcidplcidplcidplcid', 'bafkreijudyfigureabcdefghijklmnopqrstuvwxyz234567abcdefghij'), width: 1000, height: 1400 },
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

  it('when the connection fails, rejects with an UpstreamError', async () => {
    nock('https://public.api.bsky.app').get(/.*/).replyWithError('socket hang up');
    const error = await given('bluesky').resolve(POST('did:plc:mikeplcidplcidplcidplcid', '3lpmbroken22a')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(UpstreamError);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_NETWORK');
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
  const quotedPost = (extra: Record<string, unknown>) => ({
    $type: 'app.bsky.embed.record#viewRecord',
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

  it('when the quoted author hides from logged-out viewers, borrows nothing and returns a plain link card', () => {
    const hidden = quotedPost({ author: { ...author, handle: 'rita.test', labels: [{ val: '!no-unauthenticated' }] } });
    const result = parsePostView(postView({ embed: quoting(hidden) }));
    expect(result.ok && result.card).to.deep.equal({
      kind: 'link',
      title: 'Paul Klee (@paul.test)',
      description: 'hello',
      author: { name: 'Paul Klee', url: 'https://bsky.app/profile/paul.test' },
      nsfw: false,
    });
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
