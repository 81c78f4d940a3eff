// PeerTube's readers over the real captures: GET /api/v1/videos/{id} answers recorded by NewPipe
// (../shared/fixtures/upstream/peertube) and ActivityPub Video objects (../activitypub).
import { expect } from 'chai';
import { parseActivityPubObject } from '../../../src/infrastructure/platforms/fediverse/activitypub-note.js';
import { parseVideo } from '../../../src/infrastructure/platforms/peertube/video.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const video = (file: string, instance: string) => {
  const result = parseVideo(JSON.parse(readCapture('peertube', file)), instance);
  if (!result.ok) throw new Error(`${file}: ${result.reason}`);
  return result.card;
};
const object = (file: string) => parseActivityPubObject(JSON.parse(readCapture('activitypub', file)), { platform: 'peertube', summary: 'excerpt' });

describeCaptures('peertube conformance', () => {
  it('a video with web-video files: the largest MP4 with its height and duration, the preview, the channel as author, views and likes', () => {
    const c = video('newpipe-tube.tchncs.de-api-v1-videos-shortUUID-vqABGP97fEjo7RhPuDnSZk.json', 'tube.tchncs.de');
    expect(c).to.deep.include({
      kind: 'video',
      title: 'Bauinformatik 11 – Objekte und Methoden',
      nsfw: false,
      video: { url: 'https://media.tube.tchncs.de/videos/58d5e016-64ed-4ddf-9b14-90f1040916c7-1080.mp4', mimeType: 'video/mp4', duration: 1017 },
      image: { url: 'https://tube.tchncs.de/lazy-static/previews/c6f9b5c8-5fdf-4108-85a6-489f5ad3451f.jpg' },
      stats: { views: 115, likes: 0 },
    });
    expect(c.author).to.include({ name: 'Bauinformatik mit Python', url: 'https://tube.tchncs.de/video-channels/python', handle: 'python@tube.tchncs.de' });
    // language.id is null ("Unknown"): no lang.
    expect(c).to.not.have.property('lang');
  });

  it('HLS-only videos: the master playlist as the video, with its duration', () => {
    for (const [file, instance] of [
      ['newpipe-tilvids.com-api-v1-videos-41342cb4-hls-only.json', 'tilvids.com'],
      ['newpipe-framatube.org-api-v1-videos-9c9de5e8-what-is-peertube-hls-only.json', 'framatube.org'],
    ] as const) {
      const c = video(file, instance);
      expect(c.video?.mimeType, file).to.equal('application/vnd.apple.mpegurl');
      expect(c.video?.url, file).to.match(/master\.m3u8$/);
      expect(c.video?.duration, file).to.be.a('number').above(0);
    }
  });

  it('a remote video seen on framatube: read as framatube\'s copy, the channel of its origin server, the origin\'s playlist', () => {
    const c = video('newpipe-framatube.org-api-v1-videos-ee408ec8-remote-video-skeptikon.fr.json', 'framatube.org');
    expect(c.author).to.include({ handle: 'chatsceptique@skeptikon.fr', avatar: 'https://framatube.org/lazy-static/avatars/803b3b21-1da5-4cbd-a14f-a005bce347b9.png' });
    expect(c.image?.url).to.equal('https://framatube.org/lazy-static/previews/42ee67de-43cd-4eb8-8506-898882af2721.jpg');
    expect(c.video?.url).to.match(/^https:\/\/skeptikon\.fr\/static\/streaming-playlists\/hls\//);
  });

  it('web-video files and HLS: the progressive MP4 is preferred', () => {
    expect(video('newpipe-peertube.cpy.re-api-v1-videos-d2a5ec78-webvideo-files-and-hls.json', 'peertube.cpy.re').video).to.deep.equal({
      url: 'https://peertube.cpy.re/static/web-videos/d2a5ec78-5f85-4090-8ec5-dc1102e022ea-1080.mp4',
      mimeType: 'video/mp4',
      duration: 5160,
    });
  });

  it('ActivityPub Video objects: title, ISO duration, the larger icon as image, the account as author; old MP4 webseeds preferred to HLS', () => {
    const recent = object('lemmy-assets-peertube-Video-tilvids.com-2025.json');
    expect(recent.ok && recent.card).to.deep.include({
      kind: 'video',
      title: 'Mesa, Wayland & X.org in trouble, Debian leaves X, Facebook blocks Linux: Linux & Open Source News',
      image: { url: 'https://tilvids.com/lazy-static/previews/ef6088ee-c83a-4fcf-8be2-58db95ca5135.jpg', width: 850, height: 480 },
      lang: 'en',
    });
    expect(recent.ok && recent.card.video).to.include({ mimeType: 'application/vnd.apple.mpegurl', duration: 1145 });
    const old = object('akkoma-framatube.org-Video-2020.json');
    expect(old.ok && old.card.video).to.include({ url: 'https://framatube.org/static/webseed/6050732a-8a7a-43d4-a6cd-809525a1d206-1080.mp4', mimeType: 'video/mp4', duration: 3622 });
    const hls = object('akkoma-peertube-Video-hls-only-2021.json');
    expect(hls.ok && hls.card.video).to.include({ mimeType: 'application/vnd.apple.mpegurl', duration: 385 });
  });
});
