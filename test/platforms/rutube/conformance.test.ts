// The Rutube adapter's readers over the real captures (../shared/fixtures/upstream/rutube). None is
// an answer of the two endpoints the adapter calls (api/video, api/play/options): those are built
// from yt-dlp's facts. What the captures can check: the 2018 track info, which has api/video's
// object shape (its duration in ms, unlike api/video's seconds), read into the card's other fields;
// the URLs they name canonicalised by the rules; the numeric embed a page.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { parseVideo } from '../../../src/infrastructure/platforms/rutube/api.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const TRACK_INFO = 'shikimori-api-play-trackinfo-fb428243-2018.json';
const THUMBNAILS = ['shikimori-api-video-c9c28167-shorts-thumbnail-2024.json', 'shikimori-api-video-d1be34b7-thumbnail-2024.json'];
const NUMERIC_EMBED = 'shikimori-play-embed-10259595-2020.html';

function canonicalOf(url: string): { platform: string; canonicalUrl: string; denotes: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const result = canonicalize(createSpecList(), accepted.url);
  return { platform: result.platform, canonicalUrl: result.canonicalUrl, denotes: result.platform === 'none' ? 'none' : result.match.denotes };
}

describeCaptures('rutube conformance', () => {
  it(`when given ${TRACK_INFO} (api/video's object shape), reads title, channel, thumbnail and the adult flag; the embed player is the video`, () => {
    const body = JSON.parse(readCapture('rutube', TRACK_INFO)) as Record<string, unknown>;
    const { video, ...card } = parseVideo(body, 'fb428243861964d3c9942e31b5f5a43a');
    expect(card).to.deep.equal({
      kind: 'video',
      title: 'Первый олимпийский рассвет в Сочи за 90 секунд',
      // is_adult false.
      nsfw: false,
      // The author's own page URL, as given.
      author: { name: 'Ро-Ма-Н-Улкин', url: 'https://rutube.ru/video/person/24058/' },
      image: { url: 'https://pic.rutube.ru/video/d2/81/d281c126ac608e6f66642009f1be59e0.jpg' },
    });
    // The legacy endpoint gave milliseconds (92578); api/video gives seconds, which is what is read.
    expect(video).to.deep.equal({ url: 'https://rutube.ru/play/embed/fb428243861964d3c9942e31b5f5a43a', mimeType: 'text/html', duration: 92578 });
  });

  it(`when given ${TRACK_INFO}, its video_url is the canonical URL the routes build, and its numeric embed a page`, () => {
    const body = JSON.parse(readCapture('rutube', TRACK_INFO)) as { video_url: string; html: string };
    expect(canonicalOf(body.video_url)).to.deep.equal({ platform: 'rutube', canonicalUrl: 'https://rutube.ru/video/fb428243861964d3c9942e31b5f5a43a/', denotes: 'post' });
    const embed = /src="(\/\/rutube\.ru\/play\/embed\/\d+)"/.exec(body.html)![1]!;
    expect(canonicalOf(`https:${embed}`)).to.deep.include({ platform: 'rutube', denotes: 'page' });
  });

  it(`when given ${NUMERIC_EMBED}, the numeric embed holds no metadata to read (an empty title), so the routes keep it a page`, () => {
    expect(readCapture('rutube', NUMERIC_EMBED)).to.match(/<title><\/title>/);
    expect(canonicalOf('http://rutube.ru/play/embed/10259595')).to.deep.equal({ platform: 'rutube', canonicalUrl: 'https://rutube.ru/play/embed/10259595', denotes: 'page' });
  });

  it('when given the thumbnail answers, their images are https on pic.rutubelist.ru, as the cards take thumbnail_url', () => {
    for (const file of THUMBNAILS) {
      const { url } = JSON.parse(readCapture('rutube', file)) as { url: string };
      expect(new URL(url).protocol, file).to.equal('https:');
      expect(new URL(url).hostname, file).to.equal('pic.rutubelist.ru');
      expect(parseVideo({ title: 't', thumbnail_url: url }, 'd1be34b762250dd49b5be35d805e5f9d').image, file).to.deep.equal({ url });
    }
  });

  it('when the capture folder is listed, every body has an expectation here', () => {
    expect(captureFiles('rutube', /\.(json|html)$/)).to.deep.equal([TRACK_INFO, ...THUMBNAILS, NUMERIC_EMBED].sort());
  });
});
