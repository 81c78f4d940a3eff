// The Spotify adapter's readers over the real captures (../shared/fixtures/upstream/spotify): the
// embed page in both builds (`__NEXT_DATA__`, base64 `initial-state`), the oEmbed answers (2021,
// 2024, the docs' sample), the item pages (a 403 "Unsupported browser" page, an episode page, the
// head excerpts of a track, album, artist and show), each requested as it was captured where the
// capture says how, and read into the card; and the URLs Spotify itself gives as the routes read them.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { spotify } from '../../../src/domain/platforms/spotify.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { embedCard, parseEmbed } from '../../../src/infrastructure/platforms/spotify/embed.js';
import { oembedCard, parseOembed } from '../../../src/infrastructure/platforms/spotify/oembed.js';
import { pageCard, parsePage } from '../../../src/infrastructure/platforms/spotify/page.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const EMBED_NEXT = 'spotifyurlinfo-embed-track-5nTtCOCds6I0PHMNtqelas-nextdata.html';
const EMBED_INITIAL_STATE = 'spotifyurlinfo-embed-track-5nTtCOCds6I0PHMNtqelas-initial-state-base64.html';
const OEMBED_2024 = 'embedphp-oembed-album-7s66wU1XJ2NsUuWM2NKiUV-2024-06.json';
const OEMBED_2021 = 'embedphp-oembed-album-7s66wU1XJ2NsUuWM2NKiUV-format-json-2021-10.json';
const OEMBED_DOCS = 'spotify-docs-oembed-episode-sample.json';
const PAGE_403 = 'embedphp-page-open.spotify.com-album-7s66wU1XJ2NsUuWM2NKiUV-unsupported-browser-2024-06.html';
const EPISODE = 'metascraper-open.spotify.com-episode-64TORH3xleuD1wcnFsrH1E.html';
const TRACK_HEAD = 'metascraper-open.spotify.com-track-head-excerpt.html';
const ALBUM_HEAD = 'metascraper-open.spotify.com-album-head-excerpt.html';
const ARTIST_HEAD = 'metascraper-open.spotify.com-artist-head-excerpt.html';
const SHOW_HEAD = 'metascraper-open.spotify.com-show-head-excerpt.html';

const OPEN = 'https://open.spotify.com';
const JUSTICE = { name: 'Justice', url: `${OPEN}/artist/1gR0gsQYfi6joyO1dlp76N` };
const IMMATERIAL_COVER = (code: string) => `https://i.scdn.co/image/ab67616d${code}6b03d8c63599cc94263d7d60`;
const IMMATERIAL = {
  ok: true,
  card: {
    kind: 'image',
    title: 'Immaterial',
    nsfw: false,
    // `duration` 232806 ms: the track's length, not the preview's.
    description: 'SOPHIE · 3:52',
    author: { name: 'SOPHIE', url: `${OPEN}/artist/5a2w2tgpLwv26BYJf2qYwu` },
    image: {
      url: IMMATERIAL_COVER('0000b273'),
      width: 640,
      height: 640,
      renditions: [
        { url: IMMATERIAL_COVER('00001e02'), width: 300, height: 300 },
        { url: IMMATERIAL_COVER('00004851'), width: 64, height: 64 },
      ],
    },
    publishedAt: '2018-06-15T00:00:00Z',
    audio: { url: 'https://p.scdn.co/mp3-preview/97b5eb03593683855fffada4248fcfffe4dcc263', mimeType: 'audio/mpeg', preview: true },
  },
};

function capturedUrl(file: string): string {
  const meta = JSON.parse(readCapture('spotify', file.replace(/\.(json|html)$/, '.meta.json'))) as { headers: Record<string, string[]> };
  return meta.headers['Content-Location']![0]!;
}

function answering(body: string, type: string, status = 200): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({ status, url: request.url, headers: { 'content-type': type }, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
    },
  };
  return { http, requests };
}

function canonical(url: string): { platform: string; canonicalUrl: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const { platform, canonicalUrl } = canonicalize(createSpecList(), accepted.url);
  return { platform, canonicalUrl };
}

describeCaptures('spotify conformance', () => {
  describe('embed page', () => {
    for (const file of [EMBED_NEXT, EMBED_INITIAL_STATE]) {
      it(`when given ${file}, returns the track from its state: largest cover with the others as renditions, artist, release date, preview as audio`, () => {
        expect(parseEmbed(readCapture('spotify', file))).to.deep.equal(IMMATERIAL);
      });
    }

    it(`when asking about the track of ${EMBED_NEXT}, requests its embed page (SOURCES.md) as a current browser`, async () => {
      const { http, requests } = answering(readCapture('spotify', EMBED_NEXT), 'text/html');
      const result = await embedCard(new Upstream(http, spotify.upstreamHosts), 'track', '5nTtCOCds6I0PHMNtqelas', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([`${OPEN}/embed/track/5nTtCOCds6I0PHMNtqelas`]);
      expect(requests[0]!.headers?.['user-agent']).to.not.match(/Firefox\/73\./);
    });
  });

  describe('oEmbed', () => {
    const xabarin = (title: string, thumbnail: string) => ({ kind: 'image', title, nsfw: false, image: { url: `https://i.scdn.co/image/${thumbnail}`, width: 300, height: 300 } });

    it(`when given ${OEMBED_2024}, returns the title and the 300×300 artwork`, () => {
      expect(parseOembed(JSON.parse(readCapture('spotify', OEMBED_2024)))).to.deep.equal(xabarin('A Cantar con Xabarin (Vol. I e II)', 'ab67616d00001e022dd9ff41aad54c1d93d50aa6'));
    });

    it(`when given ${OEMBED_2021} (the older shape), reads it alike`, () => {
      expect(parseOembed(JSON.parse(readCapture('spotify', OEMBED_2021)))).to.deep.equal(xabarin('A Cantar con Xabarin (Vol. I & II)', 'ab67616d00001e02022aca057f08a1d40c1f0733'));
    });

    it(`when given ${OEMBED_DOCS}, returns the episode's title and artwork`, () => {
      expect(parseOembed(JSON.parse(readCapture('spotify', OEMBED_DOCS)))).to.deep.equal({
        kind: 'image',
        title: 'My Path to Spotify: Women in Engineering',
        nsfw: false,
        image: { url: 'https://i.scdn.co/image/ab67656300005f1ff8141e891abf749375772343', width: 300, height: 300 },
      });
    });

    it(`when asking about the album, requests what ${OEMBED_2024} was captured from`, async () => {
      const { http, requests } = answering(readCapture('spotify', OEMBED_2024), 'application/json');
      const result = await oembedCard(new Upstream(http, spotify.upstreamHosts), 'album', '7s66wU1XJ2NsUuWM2NKiUV', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(OEMBED_2024)]);
    });

    it('when given the embed players oEmbed names (iframe src, iframe_url), the routes read them as the items', () => {
      const answer = JSON.parse(readCapture('spotify', OEMBED_2024)) as { iframe_url: string };
      const docs = JSON.parse(readCapture('spotify', OEMBED_DOCS)) as { html: string };
      expect(canonical(answer.iframe_url)).to.deep.equal({ platform: 'spotify', canonicalUrl: `${OPEN}/album/7s66wU1XJ2NsUuWM2NKiUV` });
      expect(canonical(/src="([^"]+)"/.exec(docs.html)![1]!)).to.deep.equal({ platform: 'spotify', canonicalUrl: `${OPEN}/episode/7makk4oTQel546B0PZlDM5` });
    });
  });

  describe('item page', () => {
    const xabarinPage = {
      ok: true,
      card: {
        kind: 'image',
        title: 'A Cantar con Xabarin (Vol. I e II)',
        nsfw: false,
        description: 'Xabarin · Album · 1994 · 44 songs.',
        author: { name: 'Xabarin', url: `${OPEN}/artist/4MKtANtYCJ1qcNfNN5O3NH` },
        image: { url: 'https://i.scdn.co/image/ab67616d0000b2732dd9ff41aad54c1d93d50aa6' },
        publishedAt: '1994-03-01T00:00:00Z',
      },
    };

    it(`when given ${PAGE_403}, reads the tags the "Unsupported browser" page still carries: album, artist named by og:description, 1994 release`, () => {
      expect(parsePage(readCapture('spotify', PAGE_403), 'album')).to.deep.equal(xabarinPage);
    });

    it(`when ${PAGE_403} comes with its 403, still returns its card, having requested what it was captured from`, async () => {
      const { http, requests } = answering(readCapture('spotify', PAGE_403), 'text/html', 403);
      const result = await pageCard(new Upstream(http, spotify.upstreamHosts), 'album', '7s66wU1XJ2NsUuWM2NKiUV', AbortSignal.timeout(5000));
      expect(result).to.deep.equal(xabarinPage);
      expect(requests.map((r) => r.url)).to.deep.equal([capturedUrl(PAGE_403)]);
    });

    it(`when given ${TRACK_HEAD} (a relinked track: og:url names 66opm…), returns the song with its musician, length and preview`, () => {
      expect(parsePage(readCapture('spotify', TRACK_HEAD), 'track')).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Canon (Live / AAA)',
          nsfw: false,
          description: 'Justice · Song · 2013 · 4:10',
          author: JUSTICE,
          image: { url: 'https://i.scdn.co/image/ab67616d0000b273ad204ee072a9c368f92a1a45' },
          publishedAt: '2013-05-06T00:00:00Z',
          audio: { url: 'https://p.scdn.co/mp3-preview/9dd9663b18601a1c9cfafe8ef5d2560c23a79bb1', mimeType: 'audio/mpeg', preview: true },
        },
      });
    });

    it(`when given ${TRACK_HEAD}, its og:url is a track the routes read (the same recording under another id)`, () => {
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(readCapture('spotify', TRACK_HEAD))![1]!;
      expect(canonical(ogUrl)).to.deep.equal({ platform: 'spotify', canonicalUrl: `${OPEN}/track/66opmIXhZIaPtyiSH3Ucix` });
    });

    it(`when given ${ALBUM_HEAD}, returns the album`, () => {
      expect(parsePage(readCapture('spotify', ALBUM_HEAD), 'album')).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Access All Arenas',
          nsfw: false,
          description: 'Justice · Album · 2012 · 14 songs.',
          author: JUSTICE,
          image: { url: 'https://i.scdn.co/image/ab67616d0000b273a111d4aa368ca62a49a9e331' },
          publishedAt: '2012-12-10T00:00:00Z',
        },
      });
    });

    it(`when given ${ARTIST_HEAD}, returns the artist's picture and line`, () => {
      expect(parsePage(readCapture('spotify', ARTIST_HEAD), 'artist')).to.deep.equal({
        ok: true,
        card: { kind: 'image', title: 'Justice', nsfw: false, description: 'Artist · 2M monthly listeners.', image: { url: 'https://i.scdn.co/image/ab6761610000e5eb7c8d2eb76dc05630521eefa4' } },
      });
    });

    it(`when given ${SHOW_HEAD}, returns the podcast's title, description and artwork`, () => {
      expect(parsePage(readCapture('spotify', SHOW_HEAD), 'show')).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Syntax - Tasty Web Development Treats',
          nsfw: false,
          description: 'Listen to Syntax - Tasty Web Development Treats on Spotify. A Tasty Treat Podcast for Web Developers',
          image: { url: 'https://i.scdn.co/image/ab6765630000ba8ab84c022aff150c336f73b395' },
        },
      });
    });

    it(`when given ${EPISODE}, returns the episode: its length on the description's first line, the date, the clip as audio`, () => {
      const result = parsePage(readCapture('spotify', EPISODE), 'episode');
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      const { description, ...rest } = result.card;
      expect(rest).to.deep.equal({
        kind: 'image',
        title: 'Hasty Treat - Modules in Node',
        nsfw: false,
        image: { url: 'https://i.scdn.co/image/ab6765630000ba8ab84c022aff150c336f73b395' },
        publishedAt: '2020-01-06T14:00:00Z',
        audio: { url: 'https://podz-content.spotifycdn.com/audio/clips/4dcJc7WFMTmEWo5LmivA54/clip_546000_597200.mp3', mimeType: 'audio/mpeg', preview: true },
      });
      expect(description).to.match(/^18:17\n\nListen to this episode from Syntax - Tasty Web Development Treats on Spotify\. In this Hasty Treat, Scott and Wes talk about modules in Node/);
    });

    it('when asked for another kind of item than a page holds, finds no item there', () => {
      expect(parsePage(readCapture('spotify', ALBUM_HEAD), 'track')).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(parsePage(readCapture('spotify', SHOW_HEAD), 'episode')).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles('spotify', /\.(json|html)$/).filter((name) => !name.endsWith('.meta.json'))).to.deep.equal(
        [EMBED_NEXT, EMBED_INITIAL_STATE, OEMBED_2024, OEMBED_2021, OEMBED_DOCS, PAGE_403, EPISODE, TRACK_HEAD, ALBUM_HEAD, ARTIST_HEAD, SHOW_HEAD].sort(),
      );
    });
  });
});
