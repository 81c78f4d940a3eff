// The platforms' rendition rules (oEmbed's maxwidth/maxheight choose among them): which files a
// card image's URL leads to and their true sizes, and which one a size request picks.
import { expect } from 'chai';
import { twitter } from '../../src/domain/platforms/twitter.js';
import { youtube } from '../../src/domain/platforms/youtube.js';
import { pickRendition } from '../../src/domain/renditions.js';

describe('image renditions', () => {
  it('X: name=orig leads to large, medium and small shrunk into 2048, 1200 and 680 squares, never enlarged', () => {
    const files = twitter.renditions!({ url: 'https://pbs.twimg.com/media/GnA1.jpg?format=jpg&name=orig', width: 4000, height: 1000 });
    expect(files).to.deep.equal([
      { url: 'https://pbs.twimg.com/media/GnA1.jpg?format=jpg&name=orig', width: 4000, height: 1000 },
      { url: 'https://pbs.twimg.com/media/GnA1.jpg?format=jpg&name=large', width: 2048, height: 512 },
      { url: 'https://pbs.twimg.com/media/GnA1.jpg?format=jpg&name=medium', width: 1200, height: 300 },
      { url: 'https://pbs.twimg.com/media/GnA1.jpg?format=jpg&name=small', width: 680, height: 170 },
    ]);
    const small = twitter.renditions!({ url: 'https://pbs.twimg.com/media/GnA2.png?name=orig', width: 500, height: 400 })!;
    expect(small.map((f) => [f.width, f.height])).to.deep.equal([[500, 400], [500, 400], [500, 400], [500, 400]]);
  });

  it('X: another host, size name or an image of unknown size gives none', () => {
    expect(twitter.renditions!({ url: 'https://pbs.twimg.com/media/GnA1.jpg?name=small', width: 680, height: 170 })).to.equal(undefined);
    expect(twitter.renditions!({ url: 'https://pbs.twimg.com/media/GnA1.jpg?name=orig' })).to.equal(undefined);
    expect(twitter.renditions!({ url: 'https://pbs.twimg.com/profile_images/1/a.jpg?name=orig', width: 400, height: 400 })).to.equal(undefined);
  });

  it('YouTube: maxresdefault leads to every thumbnail at its fixed size; hqdefault only to those every video has', () => {
    const all = youtube.renditions!({ url: 'https://i.ytimg.com/vi/Pq3rS7tUv1w/maxresdefault.jpg', width: 1280, height: 720 })!;
    expect(all.map((f) => [f.url.split('/').pop(), f.width, f.height])).to.deep.equal([
      ['maxresdefault.jpg', 1280, 720],
      ['hqdefault.jpg', 480, 360],
      ['mqdefault.jpg', 320, 180],
      ['default.jpg', 120, 90],
    ]);
    const hq = youtube.renditions!({ url: 'https://i.ytimg.com/vi/Pq3rS7tUv1w/hqdefault.jpg', width: 480, height: 360 })!;
    expect(hq.map((f) => f.url.split('/').pop())).to.deep.equal(['hqdefault.jpg', 'mqdefault.jpg', 'default.jpg']);
    expect(youtube.renditions!({ url: 'https://i.ytimg.com/vi_webp/Pq3rS7tUv1w/hqdefault.webp', width: 480, height: 360 })).to.equal(undefined);
  });

  it('picks the largest that fits within maxwidth×maxheight, else the smallest', () => {
    const files = [
      { url: 'https://a.example/s', width: 120, height: 90 },
      { url: 'https://a.example/l', width: 1280, height: 720 },
      { url: 'https://a.example/m', width: 480, height: 360 },
    ];
    expect(pickRendition(files, { maxwidth: 500 })?.url).to.equal('https://a.example/m');
    expect(pickRendition(files, { maxwidth: 5000, maxheight: 300 })?.url).to.equal('https://a.example/s');
    expect(pickRendition(files, { maxwidth: 50 })?.url).to.equal('https://a.example/s');
    expect(pickRendition(files, {})?.url).to.equal('https://a.example/l');
  });
});
