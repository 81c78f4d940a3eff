// The OK adapter's reader over the real capture (../shared/fixtures/upstream/okru, a 2018 video
// page): the player's data-options → flashvars.metadata (JSON in a string) read into the card,
// and the page's own head (og:url, og:video) checked against the URLs the rules and the card use.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { parsePlayerPage } from '../../../src/infrastructure/platforms/okru/player.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const PAGE = 'shikimori-ok.ru-video-815923404420-2018.html';

function canonicalOf(url: string): { platform: string; canonicalUrl: string } {
  const accepted = acceptUrl(url, 2048);
  if (!accepted.ok) throw new Error(accepted.error);
  const { platform, canonicalUrl } = canonicalize(createSpecList(), accepted.url);
  return { platform, canonicalUrl };
}

describeCaptures('okru conformance', () => {
  it(`when given ${PAGE}, returns the video card: the largest allowed MP4 (hd is disallowed: sd), poster, duration, author, likes, upload date, text`, () => {
    expect(parsePlayerPage(readCapture('okru', PAGE), '815923404420')).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Скрипач собрал толпу в переходе. Супееер!!!',
        // ya:ovs:adult false.
        nsfw: false,
        video: {
          url: 'https://vd0.mycdn.me/?expires=1527730713012&srcIp=178.79.156.106&srcAg=CHROME_MAC&type=2&sig=da8de989825fbf3cdb95f4d0b9fa00a2dd0282b6&ct=0&urls=217.20.157.211%3B217.20.145.49%3B217.20.153.76&clientType=0&id=381639461508',
          mimeType: 'video/mp4',
          duration: 178,
        },
        description:
          'Присоединяйтесь к нашей группе ▶ ok.ru/daryou ◀ Подпишитесь на наш видеоканал ▶ https://ok.ru/live/daryou ◀ и получите оповещение о самых свежих, эксклюзивных видеороликах на Одноклассниках! Вы увидите это ПЕРВЫМИ только у Нас !!',
        author: { name: '✞ Православная ✞ Русь✞ Давай Дружить✞', url: 'https://ok.ru/pravoslavnaya.rusdavaydruzhit' },
        image: {
          url: 'https://pimg.mycdn.me/getImage?disableStub=true&type=VIDEO_S_720&url=http%3A%2F%2Fvdp.mycdn.me%2FgetImage%3Fid%3D381639461508%26idx%3D0%26thumbType%3D37%26f%3D1&signatureToken=TZAM-cHk_kQis5JdW_-ncg',
        },
        publishedAt: '2018-05-28T00:00:00Z',
        stats: { likes: 19100 },
      },
      // expires=1527730713012 (ms) in the stream URLs.
      mediaExpiresAt: 1527730713012,
    });
  });

  it(`when given ${PAGE}, its poster is the page's og:image (https) and its duration og:video:duration`, () => {
    const meta = readMetaTags(readCapture('okru', PAGE));
    const result = parsePlayerPage(readCapture('okru', PAGE), '815923404420');
    expect(result.ok && result.card.image?.url).to.equal(meta.get('og:image:secure_url'));
    expect(result.ok && String(result.card.video?.duration)).to.equal(meta.get('og:video:duration'));
  });

  it(`when given ${PAGE}, its og:url and each og:video player (embed, Flash) canonicalise to the video the routes build`, () => {
    const meta = readMetaTags(readCapture('okru', PAGE));
    for (const url of [meta.get('og:url')!, ...meta.all('og:video:secure_url')]) {
      expect(canonicalOf(url), url).to.deep.equal({ platform: 'okru', canonicalUrl: 'https://ok.ru/video/815923404420' });
    }
    expect(meta.all('og:video:secure_url')).to.have.length(2);
  });

  it('when the capture folder is listed, every body has an expectation here', () => {
    expect(captureFiles('okru', /\.(json|html)$/)).to.deep.equal([PAGE]);
  });
});
