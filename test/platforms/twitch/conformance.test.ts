// The Twitch adapter's readers over the real captures (../shared/fixtures/upstream/twitch): the
// VideoAccessToken_Clip answer read into the clip's signed MP4 (the captures hold no clip-metadata
// answer, so the card fields come from a result of our own beside it), and the page shells, whose
// generic tags are why the adapter reads no page — while their og:url agrees with the URL routes.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { clipOperations, parseClip } from '../../../src/infrastructure/platforms/twitch/clip.js';
import { readGqlAnswer } from '../../../src/infrastructure/platforms/twitch/gql.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import type { Json } from '../../../src/infrastructure/platforms/kit/json.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const TOKEN = 'hoverzoom-gql-VideoAccessToken_Clip-response.json';
const CLIP_PAGE = 'metascraper-clip.twitch.tv.html';
const VOD_PAGE = 'embedphp-page-videos-106400740.html';
const CHANNEL_PAGE = 'embedphp-page-channel-twit.html';
const SLUG = 'AwkwardHelplessSalamanderSwiftRage';
/** An hour before the captured token's `expires` (1636026481): the day it was captured. */
const BEFORE_EXPIRY = 1636026481000 - 3_600_000;

/** The card fields' result, as our own query's answer would carry them for this clip. */
const CARD_RESULT: Json = {
  data: { clip: { title: 'a clip', createdAt: '2021-11-03T10:00:00Z', durationSeconds: 30, broadcaster: { login: 'somechannel', displayName: 'SomeChannel' } } },
};

function tokenResults(): Json[] {
  const answer = readGqlAnswer(JSON.parse(readCapture('twitch', TOKEN)));
  if (!answer.ok) throw new Error(`the capture reads as ${answer.reason}`);
  return answer.results;
}

function canonicalOf(url: string): { platform: string; canonicalUrl: string; denotes: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  return { platform: result.platform, canonicalUrl: result.canonicalUrl, denotes: result.platform === 'none' ? 'none' : result.match.denotes };
}

describeCaptures('twitch conformance', () => {
  describe('VideoAccessToken_Clip', () => {
    it(`when given ${TOKEN} beside the card fields before the token expires, returns the 1080p MP4 signed with its sig and token, expiring with the token`, () => {
      const result = parseClip([CARD_RESULT, ...tokenResults()], SLUG, BEFORE_EXPIRY);
      const value =
        '{"authorization":{"forbidden":false,"reason":""},"clip_uri":"https://production.assets.clips.twitchcdn.net/AT-cm%7CTdUel9TB5UNcq-SuZe5E5g.mp4","device_id":"XXKhfADJXmXEgJbc0cFGCLVmwpfhYQpl","expires":1636026481,"user_id":"","version":2}';
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'a clip',
          nsfw: false,
          author: { name: 'SomeChannel', url: 'https://www.twitch.tv/somechannel', handle: 'somechannel' },
          publishedAt: '2021-11-03T10:00:00Z',
          video: {
            url: `https://production.assets.clips.twitchcdn.net/AT-cm%7CTdUel9TB5UNcq-SuZe5E5g.mp4?sig=8f4154426b574492d034a6907953d5697ed0d0eb&token=${new URLSearchParams({ t: value }).toString().slice(2)}`,
            mimeType: 'video/mp4',
            duration: 30,
          },
        },
        mediaExpiresAt: 1636026481000,
      });
    });

    it(`when given ${TOKEN} today, its token long expired (2021), still answers the clip's card with the clip's player page as its video, and no media expiry`, () => {
      const result = parseClip([CARD_RESULT, ...tokenResults()], SLUG, Date.now());
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'a clip',
          nsfw: false,
          author: { name: 'SomeChannel', url: 'https://www.twitch.tv/somechannel', handle: 'somechannel' },
          publishedAt: '2021-11-03T10:00:00Z',
          video: { url: `https://clips.twitch.tv/${SLUG}`, mimeType: 'text/html', duration: 30 },
        },
      });
    });

    it(`when given ${TOKEN} within a minute of its expiry, plays the clip on its page rather than hand out a URL about to fail`, () => {
      const result = parseClip([CARD_RESULT, ...tokenResults()], SLUG, 1636026481000 - 30_000);
      expect(result.ok && result.card.video).to.deep.equal({ url: `https://clips.twitch.tv/${SLUG}`, mimeType: 'text/html', duration: 30 });
    });

    it(`when given ${TOKEN}, the URL chosen is the clip_uri its token names, and its token parameter reads back as the value`, () => {
      const result = parseClip([CARD_RESULT, ...tokenResults()], SLUG, BEFORE_EXPIRY);
      if (!result.ok) throw new Error(result.reason);
      const url = new URL(result.card.video!.url);
      expect(`${url.origin}${url.pathname}`).to.equal('https://production.assets.clips.twitchcdn.net/AT-cm%7CTdUel9TB5UNcq-SuZe5E5g.mp4');
      expect(JSON.parse(url.searchParams.get('token')!)).to.deep.include({ clip_uri: `${url.origin}${url.pathname}`, expires: 1636026481 });
    });

    it(`when given ${TOKEN} alone (a token without the card fields), refuses it as a bad answer: no title, no broadcaster`, () => {
      expect(() => parseClip(tokenResults(), SLUG, BEFORE_EXPIRY)).to.throw('neither a title nor a broadcaster');
    });

    it(`when asking for a clip, names the operation ${TOKEN} answers, as its second operation`, () => {
      const captured = JSON.parse(readCapture('twitch', TOKEN)) as { extensions: { operationName: string } }[];
      expect(clipOperations(SLUG)[1]).to.deep.include({ operationName: captured[0]!.extensions.operationName, variables: { slug: SLUG } });
    });
  });

  describe('page shells', () => {
    for (const page of [CLIP_PAGE, VOD_PAGE, CHANNEL_PAGE]) {
      it(`when given ${page}, finds only Twitch's generic tags: nothing of the post to make a card from`, () => {
        const meta = readMetaTags(readCapture('twitch', page));
        expect(meta.get('og:title')).to.equal('Twitch');
        expect(meta.get('og:image')).to.equal('https://static-cdn.jtvnw.net/ttv-static-metadata/twitch_logo3.jpg');
        expect(meta.get('og:video')).to.equal(undefined);
      });
    }

    it(`when given ${VOD_PAGE}, gives as og:url the canonical URL the routes build for the video, which it was captured from`, () => {
      const meta = readMetaTags(readCapture('twitch', VOD_PAGE));
      const captured = (JSON.parse(readCapture('twitch', VOD_PAGE.replace('.html', '.meta.json'))) as { headers: Record<string, string[]> }).headers['Content-Location']![0];
      expect(canonicalOf(meta.get('og:url')!)).to.deep.equal({ platform: 'twitch', canonicalUrl: 'https://www.twitch.tv/videos/106400740', denotes: 'post' });
      expect(captured).to.equal('https://www.twitch.tv/videos/106400740');
    });

    it(`when given ${CHANNEL_PAGE}, gives as og:url a channel, which the routes read as a page`, () => {
      const meta = readMetaTags(readCapture('twitch', CHANNEL_PAGE));
      expect(canonicalOf(meta.get('og:url')!)).to.deep.equal({ platform: 'twitch', canonicalUrl: 'https://www.twitch.tv/twit', denotes: 'page' });
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('twitch', /\.(json|html)$/).filter((name) => !name.endsWith('.meta.json'))).to.deep.equal([TOKEN, CLIP_PAGE, VOD_PAGE, CHANNEL_PAGE].sort());
    });
  });
});
