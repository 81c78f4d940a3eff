// The Telegram adapter's readers over the real captures (../shared/fixtures/upstream/telegram): the
// `?embed=1` widget of a forwarded post whose video is too big (read into the card), and post,
// channel and contact pages (the Open Graph fallback, and what it refuses), with the widget URL the
// post pages themselves embed.
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalize } from '../../../src/domain/canonicalize.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/telegram/page.js';
import { parseWidget, widgetCard } from '../../../src/infrastructure/platforms/telegram/widget.js';
import { captureFiles, describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const WIDGET = 'courtmonitor-t.me-sudpress53-6529-embed1-video-forwarded.html';
const POSTS = [
  { file: 'metascraper-post-full-image.html', channel: 'chollometro', id: '28542', name: 'Chollometro', starts: 'CHOLLO COMPARTIDO❗️🔥#Amazon\n\n🔹Lámpara de pie LED' },
  { file: 'metascraper-post-link-image.html', channel: 'teslahunt', id: '15513', name: 'Tesla Hunt', starts: '🔥 New on stock\n\n⬩ Tesla Model 3 Long Range AWD 2019' },
  { file: 'metascraper-post-right-preview.html', channel: 'teslahunt', id: '2351', name: 'Tesla Hunt', starts: '💥 Reaparición\n\n⬩ Model S P90D 2016' },
];
const CHANNELS = [
  { file: 'metascraper-channel.html', channel: 'unlimitedhangout' },
  { file: 'metascraper-no-iframe.html', channel: 'DiaboxApp' },
];

const TG = 'telegram';
const POSTER =
  'https://cdn4.telesco.pe/file/gA-RBFZgQTtJRiW2RHRtl04ogUBhtPlrwGh_0o8u34r15begEDnIUflwBoLNvNn-BkOb66jRiVsiqny_kSFqvQnF9lIS_KlVKqaXqf8CKLzszOWafdzgYt1oK2Y2g9lE8dlLU-szX5h0NflG7oSlYSaDDmdhi16udvYW60lsyk7UozG3F57QymMRLe_rIt7kFveE46I17VsSKrr-NH4MgdQFZ31llh3CzCw4gTnYU0ZrM7Z-8DD1Ih307_z8wyvePMj7nxpHdXY4s_Ea0vitrl1pExi0zJNKiY2LWrvIUkyJT3fc3XRZlws6LHFyLsC1u-Q4SxRKOzujjwNsW3kkrA';
const AVATAR =
  'https://cdn4.telesco.pe/file/iIWHRv1pGZRQ-ORll6wBApt5RHt4JR2bhx_I-HdDUP1KHpv-58WWxhAgwkcR2XvljPZKsgNo4izMEw1JRVkXoKpSBne_6pfk_zI1fey_R6N-w3cmv9l6rwzrzGrUlA2zklLFCB5jiRscEUa69KvF2WbgxnWXaUCtyHrOtdKnlwRwbfQvx0pgcFHLA4jCYEOUjryrkCEzX6oer66LKtA24izZvrEXTb3Owq8dcNNwnYRDbta1ZKFiY67-BxR3hbnevfoTGKsUXBfdST8SPwScaCBUMZ4un9KFcXf67qqqPkVaeg9cW2Jf5a3u5L0WXL4t7wDFInvEVTriRzZRrJ622g.jpg';

/** An HTTP port answering every request with `body`, and keeping the requests. */
function answering(body: string): { http: HttpClient; requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    request: (request) => {
      requests.push(request);
      return Promise.resolve({ status: 200, url: request.url, headers: { 'content-type': 'text/html' }, body: Buffer.from(body), text: () => body, json: () => undefined });
    },
  };
  return { http, requests };
}

describeCaptures('telegram conformance', () => {
  describe('widget', () => {
    it(`when given ${WIDGET}, returns the forwarding channel's image card: the too-big video's poster at its size, the text with its line breaks and emoji, views, date, and the forwarded post as the quote`, () => {
      const result = parseWidget(readCapture(TG, WIDGET), 'sudpress53', '6529');
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      const poster = { url: POSTER, width: 1920, height: 1080 };
      const { description, ...card } = result.card;
      expect(card).to.deep.equal({
        kind: 'image',
        title: 'Суды Новгородской области (@sudpress53)',
        author: { name: 'Суды Новгородской области', url: 'https://t.me/sudpress53', handle: 'sudpress53', avatar: AVATAR },
        nsfw: false,
        image: poster,
        stats: { views: 94 },
        publishedAt: '2026-09-07T13:20:09Z',
        quote: {
          platform: 'telegram',
          canonicalUrl: 'https://t.me/sovetsudey/1238',
          kind: 'image',
          author: { name: 'Верховный Суд России', url: 'https://t.me/sovetsudey', handle: 'sovetsudey' },
          image: poster,
        },
      });
      // <br/><br/> around the expandable blockquote are blank lines; the <tg-emoji> is its emoji; the
      // link text stays; nothing of the "Media is too big" or "Please open Telegram" labels leaks in.
      expect(description).to.match(/^ВС РФ рассмотрел спор о размере компенсации за ДТП, /);
      expect(description).to.include('решение отменили.\n\nФинансовый уполномоченный, сославшись');
      expect(description).to.include('в полном размере.\n\nКоллегия по гражданским делам');
      expect(description).to.match(/Подробнее >>\n\n❗️ Верховный Суд России в мессенджере МАКС$/);
      expect(description).to.not.match(/Media is too big|VIEW IN TELEGRAM|Please open Telegram/);
      expect(result.canonicalUrl).to.equal('https://t.me/sudpress53/6529');
    });

    it(`when asking for the post the capture shows, requests the widget URL a post page embeds (${POSTS[0]!.file}'s iframe), on t.me only`, async () => {
      const { http, requests } = answering(readCapture(TG, WIDGET));
      const result = await widgetCard(new Upstream(http, ['t.me']), 'chollometro', '28542', AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      const iframe = /<iframe id="telegram-post-chollometro-28542" src="([^"]+)"/.exec(readCapture(TG, POSTS[0]!.file))![1]!.replace(/&amp;/g, '&');
      expect(requests.map((r) => r.url)).to.deep.equal([iframe]);
      expect(requests[0]!.allowedHosts).to.deep.equal(['t.me']);
    });
  });

  describe('post pages', () => {
    for (const { file, channel, id, name, starts } of POSTS) {
      it(`when given ${file}, returns the link card of ${name} with the post's text`, () => {
        const result = parsePostPage(readCapture(TG, file), channel, id);
        if (!result.ok) throw new Error(`refused: ${result.reason}`);
        const { description, ...card } = result.card;
        expect(card).to.deep.equal({ kind: 'link', title: `${name} (@${channel})`, author: { name, url: `https://t.me/${channel}`, handle: channel }, nsfw: false });
        expect(description?.startsWith(starts), description).to.equal(true);
        expect(result.canonicalUrl).to.equal(`https://t.me/${channel}/${id}`);
      });

      it(`when given ${file} for another post of the channel, refuses it as a page without that post`, () => {
        expect(parsePostPage(readCapture(TG, file), channel, '1')).to.deep.equal({ ok: false, reason: 'blocked' });
      });
    }

    it('when two text posts of one channel are given, their og:image is the same picture: the channel\u2019s, which the card leaves out', () => {
      const [a, b] = POSTS.slice(1).map(({ file }) => readMetaTags(readCapture(TG, file)).get('og:image'));
      expect(a).to.be.a('string').and.equal(b);
    });

    it('when the pages name their post (twitter:app:url:googleplay), the routes give that URL as the canonical one', () => {
      for (const { file, channel, id } of POSTS) {
        const accepted = acceptUrl(readMetaTags(readCapture(TG, file)).get('twitter:app:url:googleplay')!, 2048);
        if (!accepted.ok) throw new Error(accepted.error);
        expect(canonicalize(createSpecList(), accepted.url).canonicalUrl).to.equal(`https://t.me/${channel}/${id}`);
      }
    });
  });

  describe('channel pages', () => {
    for (const { file, channel } of CHANNELS) {
      it(`when given ${file} where a post was asked, refuses it as a page without the post (its og is the channel's)`, () => {
        expect(parsePostPage(readCapture(TG, file), channel, '5')).to.deep.equal({ ok: false, reason: 'blocked' });
      });

      it(`when the URL of ${file}'s channel is canonicalised, it is a page of the platform`, () => {
        const accepted = acceptUrl(`https://t.me/${channel}`, 2048);
        if (!accepted.ok) throw new Error(accepted.error);
        const result = canonicalize(createSpecList(), accepted.url);
        expect({ platform: result.platform, denotes: result.platform !== 'none' && result.match.denotes }).to.deep.equal({ platform: 'telegram', denotes: 'page' });
      });
    }
  });

  describe('capture coverage', () => {
    it('when the capture folder is listed, every body has an expectation here', () => {
      expect(captureFiles(TG, /\.html$/)).to.deep.equal([WIDGET, ...POSTS.map((p) => p.file), ...CHANNELS.map((c) => c.file)].sort());
    });
  });
});
