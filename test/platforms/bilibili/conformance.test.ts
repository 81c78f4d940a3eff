// The Bilibili adapter's readers over the real captures (../shared/fixtures/upstream/bilibili,
// bilibili-API-collect's recorded answers): the view (one part, and the ten-part View of
// /view/detail, the same object) read into cards, and each playurl answer — a progressive FLV, two
// DASH answers — read for the one MP4 a card may carry. The captures' (bvid, aid) pairs check the
// av → BV conversion. (The pagelist capture is not read: the view's pages[] carry the same parts.)
import { expect } from 'chai';
import type { HttpClient, HttpRequest } from '../../../src/application/ports/http.port.js';
import { bvidOfAid } from '../../../src/domain/platforms/bilibili-bvid.js';
import { readEnvelope } from '../../../src/infrastructure/platforms/bilibili/api.js';
import { parsePlayurl, progressiveFile } from '../../../src/infrastructure/platforms/bilibili/playurl.js';
import { parseView, viewVideo } from '../../../src/infrastructure/platforms/bilibili/view.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';
import { describeCaptures, readCapture } from '../../support/shared-fixtures.js';

const VIEW = 'apicollect-x-web-interface-view-BV117411r7R1.json';
const DETAIL = 'apicollect-x-web-interface-view-detail-BV17x411w7KC-multipart.json';
const FLV = 'apicollect-x-player-playurl-fnval0-mp4-flv-BV1y7411Q7Eq.json';
const DASH = ['apicollect-x-player-playurl-fnval4048-dash-BV1rp4y1e745.json', 'apicollect-x-player-playurl-fnval4048-dash-multilang-BV1pR6UB3ENW.json'];

/** The capture's `data`, read through the envelope as the adapter reads it. */
function dataOf(file: string, pick: (data: Record<string, unknown>) => unknown = (d) => d): unknown {
  const answer = readEnvelope(200, JSON.parse(readCapture('bilibili', file)));
  if (!answer.ok) throw new Error(`${file} is not an answer`);
  return pick(answer.data as Record<string, unknown>);
}

describeCaptures('bilibili conformance', () => {
  describe('view', () => {
    it(`when given ${VIEW}, returns the card: title, description, uploader, cover on https, date, counts, the player at the video's size`, () => {
      const result = parseView(dataOf(VIEW), { bvid: 'BV117411r7R1' }, 1);
      expect(result.ok).to.equal(true);
      const { card, stream } = (result as Extract<typeof result, { ok: true }>).viewed;
      expect(card).to.deep.include({
        kind: 'video',
        title: '当我给拜年祭的快板加了电音配乐…',
        nsfw: false,
        author: { name: '陈楒潼桶桶桶', url: 'https://space.bilibili.com/66606350', avatar: 'https://i2.hdslb.com/bfs/face/c9af3b32cf74baec5a4b65af8ca18ae5ff571f77.jpg' },
        image: { url: 'https://i1.hdslb.com/bfs/archive/ea0dd34bf41e23a68175680a00e3358cd249105f.jpg' },
        // pubdate 1580377255.
        publishedAt: '2020-01-30T09:40:55Z',
        stats: { views: 2404179, likes: 161270, replies: 2676, reposts: 9620, bookmarks: 58329 },
        video: { url: 'https://player.bilibili.com/player.html?bvid=BV117411r7R1', mimeType: 'text/html', width: 1920, height: 1080, duration: 486 },
      });
      expect(card.description).to.match(/^【CB想说的】看完拜年祭之后最爱的一个节目！/).and.to.include('\n原版：av78977080\n');
      expect(stream).to.deep.equal({ id: { bvid: 'BV117411r7R1' }, cid: 146044693 });
    });

    it(`when asking for BV117411r7R1, requests what ${VIEW} was captured from (SOURCES.md), on api.bilibili.com`, async () => {
      const requests: HttpRequest[] = [];
      const body = readCapture('bilibili', VIEW);
      const http: HttpClient = {
        request: (request) => {
          requests.push(request);
          return Promise.resolve({ status: 200, url: request.url, headers: { 'content-type': 'application/json' }, body: Buffer.from(body), text: () => body, json: () => JSON.parse(body) as unknown });
        },
      };
      const result = await viewVideo(new Upstream(http, ['api.bilibili.com']), { bvid: 'BV117411r7R1' }, 1, AbortSignal.timeout(5000));
      expect(result.ok).to.equal(true);
      expect(requests.map((r) => r.url)).to.deep.equal(['https://api.bilibili.com/x/web-interface/view?bvid=BV117411r7R1']);
    });

    it(`when given ${DETAIL}'s View at ?p=3, returns that part: its name in the title, its duration, size and cid`, () => {
      const result = parseView(dataOf(DETAIL, (d) => d['View']), { bvid: 'BV17x411w7KC' }, 3);
      expect(result.ok).to.equal(true);
      const { card, stream } = (result as Extract<typeof result, { ok: true }>).viewed;
      expect(card).to.deep.include({
        title: '【MV】保加利亚妖王AZIS视频合辑 · P3 No Kazvam Ti Stiga',
        author: { name: '冰封.虾子', url: 'https://space.bilibili.com/122541', avatar: 'https://i0.hdslb.com/bfs/face/40c46ee74dd6ea33d46c38cd6083e6a1286aa482.gif' },
        image: { url: 'https://i2.hdslb.com/bfs/archive/1ada8c32a9d168e4b2ee3e010f24789ba3353785.jpg' },
        publishedAt: '2011-11-09T14:55:33Z',
        video: { url: 'https://player.bilibili.com/player.html?bvid=BV17x411w7KC&p=3', mimeType: 'text/html', width: 432, height: 324, duration: 308 },
      });
      expect(stream).to.deep.equal({ id: { bvid: 'BV17x411w7KC' }, cid: 279787 });
    });

    it(`when given ${DETAIL}'s View without a part, returns the video as a whole, with its first part's duration (what plays)`, () => {
      const result = parseView(dataOf(DETAIL, (d) => d['View']), { bvid: 'BV17x411w7KC' }, 1);
      expect(result.ok && result.viewed.card).to.deep.include({ title: '【MV】保加利亚妖王AZIS视频合辑' });
      expect(result.ok && result.viewed.card.video).to.deep.equal({ url: 'https://player.bilibili.com/player.html?bvid=BV17x411w7KC', mimeType: 'text/html', width: 512, height: 288, duration: 199 });
      expect(parseView(dataOf(DETAIL, (d) => d['View']), { bvid: 'BV17x411w7KC' }, 11)).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    it('when given each view capture, its aid converts to its bvid (docs/design.md §3 "Canonical forms")', () => {
      const pairs = [dataOf(VIEW), dataOf(DETAIL, (d) => d['View'])].map((v) => v as { aid: number; bvid: string });
      expect(pairs.map(({ aid }) => bvidOfAid(BigInt(aid)))).to.deep.equal(pairs.map(({ bvid }) => bvid));
      expect(pairs.map(({ aid, bvid }) => `av${aid} ${bvid}`)).to.deep.equal(['av85440373 BV117411r7R1', 'av170001 BV17x411w7KC']);
    });
  });

  describe('playurl', () => {
    it(`when given ${FLV}, reads its one durl entry (CDN URL, duration, deadline) and, FLV being no browser's video, gives no file`, () => {
      const file = progressiveFile(dataOf(FLV));
      expect(file).to.deep.include({ container: 'flv', duration: 283.801, expiresAt: 1662808778_000 });
      expect(file!.url).to.match(/^https:\/\/upos-sz-mirrorcos\.bilivideo\.com\/upgcxcode\/08\/62\/171776208\/171776208_nb2-1-64\.flv\?e=/);
      expect(parsePlayurl(dataOf(FLV))).to.equal(undefined);
    });

    for (const file of DASH) {
      it(`when given ${file} (DASH: separate video and audio tracks), gives no progressive file`, () => {
        const data = dataOf(file) as { dash?: { video?: unknown[]; audio?: unknown[] } };
        expect(data.dash?.video, 'the capture is a DASH answer').to.be.an('array').that.is.not.empty;
        expect([progressiveFile(data), parsePlayurl(data)]).to.deep.equal([undefined, undefined]);
      });
    }
  });
});
