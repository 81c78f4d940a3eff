// The kit's Open Graph and Twitter-card media readers: one og:image reader with sizes, one og:video reader.
import { expect } from 'chai';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { ogImages, ogVideo, twitterImage } from '../../../src/infrastructure/platforms/kit/open-graph.js';

const head = (tags: string) => readMetaTags(`<head>${tags}</head>`);

describe('Open Graph media', () => {
  it('lists every og:image in page order with the n-th width/height pair, sizes only as a positive pair, blank ones skipped', () => {
    const meta = head(`
      <meta property="og:image" content="https://cdn.test/a.jpg"><meta property="og:image:width" content="1080"><meta property="og:image:height" content="1350">
      <meta property="og:image" content=" "><meta property="og:image:width" content="1"><meta property="og:image:height" content="1">
      <meta property="og:image" content="https://cdn.test/c.jpg"><meta property="og:image:width" content="640"><meta property="og:image:height" content="0">`);
    expect(ogImages(meta)).to.deep.equal([{ url: 'https://cdn.test/a.jpg', width: 1080, height: 1350 }, { url: 'https://cdn.test/c.jpg' }]);
    expect(ogImages(head(''))).to.deep.equal([]);
  });

  it("reads the Twitter card's image with its size, twitter:image:src as the older name", () => {
    expect(twitterImage(head('<meta name="twitter:image" content="https://cdn.test/t.jpg"><meta name="twitter:image:width" content="800"><meta name="twitter:image:height" content="418">'))).to.deep.equal({
      url: 'https://cdn.test/t.jpg',
      width: 800,
      height: 418,
    });
    expect(twitterImage(head('<meta name="twitter:image:src" content="https://cdn.test/s.jpg">'))).to.deep.equal({ url: 'https://cdn.test/s.jpg' });
    expect(twitterImage(head('<meta property="og:image" content="https://cdn.test/o.jpg">'))).to.equal(undefined);
  });

  it('takes the first https og:video of secure_url, url and og:video, with its type (MP4 when unstated), size and proxy need', () => {
    const meta = head(`<meta property="og:video" content="https://cdn.test/plain.mp4"><meta property="og:video:secure_url" content="http://cdn.test/insecure.mp4">
      <meta property="og:video:url" content="https://cdn.test/v.mp4"><meta property="og:video:width" content="720"><meta property="og:video:height" content="1280">`);
    expect(ogVideo(meta)).to.deep.equal({ url: 'https://cdn.test/v.mp4', mimeType: 'video/mp4', width: 720, height: 1280 });
    expect(ogVideo(head('<meta property="og:video" content="https://cdn.test/w.webm"><meta property="og:video:type" content="Video/WebM">'))).to.deep.equal({
      url: 'https://cdn.test/w.webm',
      mimeType: 'video/webm',
      
    });
  });

  it('when og:video is a player page or Flash, or not https, gives no video', () => {
    expect(ogVideo(head('<meta property="og:video" content="https://www.youtube.com/embed/x"><meta property="og:video:type" content="text/html">'))).to.equal(undefined);
    expect(ogVideo(head('<meta property="og:video" content="https://x.test/p.swf"><meta property="og:video:type" content="application/x-shockwave-flash">'))).to.equal(undefined);
    expect(ogVideo(head('<meta property="og:video" content="http://cdn.test/v.mp4">'))).to.equal(undefined);
  });
});
