// Bilibili's URL routes: the variants people paste (www., m., festival pages, the embed player, av
// numbers, `?p=` parts, share tracking, b23.tv) as one canonical video URL; pages that are not
// videos; hosts that only look alike. The av → BV conversion is checked on the two pairs docs/design.md §3 names.
import { expect } from 'chai';
import { bvidOfAid, MAX_AID } from '../../../src/domain/platforms/bilibili-bvid.js';
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const V = 'https://www.bilibili.com/video/BV1Hq4y1m7Ts';

describe('bilibili URL routes', () => {
  canonicalTable([
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts', platform: 'bilibili', canonical: V, denotes: 'post', ids: { bvid: 'BV1Hq4y1m7Ts' } },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts/', platform: 'bilibili', canonical: V },
    { input: 'https://bilibili.com/video/BV1Hq4y1m7Ts', platform: 'bilibili', canonical: V },
    { input: 'https://m.bilibili.com/video/BV1Hq4y1m7Ts', platform: 'bilibili', canonical: V },
    { input: 'http://WWW.BiliBili.com/video/BV1Hq4y1m7Ts#reply123', platform: 'bilibili', canonical: V },
    { input: 'www.bilibili.com/video/bv1Hq4y1m7Ts', platform: 'bilibili', canonical: V, ids: { bvid: 'BV1Hq4y1m7Ts' } },
    // What the share button and the recommendation list add.
    {
      input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts/?spm_id_from=333.1007.tianma.1-1-1.click&vd_source=8c0f5e1b2a3d4c5b6a7f8e9d0c1b2a3f',
      platform: 'bilibili',
      canonical: V,
    },
    { input: 'https://m.bilibili.com/video/BV1Hq4y1m7Ts?share_source=copy_web&share_medium=android&bbid=XY0123&ts=1735714800000&unique_k=AbC1dE2', platform: 'bilibili', canonical: V },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts?t=42.5&p=1', platform: 'bilibili', canonical: V },
    // A part past the first is its own post; a part that is no number is dropped.
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts?p=3&vd_source=ab12', platform: 'bilibili', canonical: `${V}?p=3`, ids: { bvid: 'BV1Hq4y1m7Ts', p: '3' } },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts?p=0', platform: 'bilibili', canonical: V },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts?p=abc', platform: 'bilibili', canonical: V },
    // av numbers, in either case, become BV ids (the two pairs docs/design.md §3 names).
    { input: 'https://www.bilibili.com/video/av85440373', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV117411r7R1', ids: { bvid: 'BV117411r7R1' } },
    { input: 'https://www.bilibili.com/video/AV170001/?p=2', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV17x411w7KC?p=2', ids: { bvid: 'BV17x411w7KC', p: '2' } },
    { input: 'https://m.bilibili.com/video/av0085440373', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV117411r7R1' },
    // From 2^51 up an av number has no BV id: it stays an av number.
    { input: 'https://www.bilibili.com/video/av2251799813685248', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/av2251799813685248', denotes: 'post', ids: { aid: '2251799813685248' } },
    // Festival pages and the embeddable player (its part is `page`; today's embed code writes `p`).
    { input: 'https://www.bilibili.com/festival/2022bnj?bvid=BV1Hq4y1m7Ts&spm_id_from=333.999', platform: 'bilibili', canonical: V },
    { input: 'https://player.bilibili.com/player.html?bvid=BV1Hq4y1m7Ts&page=1&high_quality=1&danmaku=0', platform: 'bilibili', canonical: V, denotes: 'post' },
    { input: 'https://player.bilibili.com/player.html?isOutside=true&aid=170001&bvid=BV17x411w7KC&cid=279786&p=4', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV17x411w7KC?p=4' },
    { input: 'https://player.bilibili.com/player.html?aid=85440373&page=2', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV117411r7R1?p=2' },
    // b23.tv: a code is a short link; a BV id or av number there is the video itself.
    { input: 'https://b23.tv/Xk3mQ7p', platform: 'bilibili', canonical: 'https://b23.tv/Xk3mQ7p', denotes: 'short', ids: { code: 'Xk3mQ7p' } },
    { input: 'https://b23.tv/Xk3mQ7p?share_medium=iphone&share_source=qq&bbid=Z1&ts=1735714800', platform: 'bilibili', canonical: 'https://b23.tv/Xk3mQ7p', denotes: 'short' },
    { input: 'https://b23.tv/BV1Hq4y1m7Ts', platform: 'bilibili', canonical: V, denotes: 'post' },
    { input: 'https://b23.tv/av170001', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV17x411w7KC', denotes: 'post' },
    // Not videos: profiles, live rooms, feed posts, series pages, a malformed id, the home page.
    { input: 'https://space.bilibili.com/66606350?spm_id_from=333.788', platform: 'bilibili', canonical: 'https://space.bilibili.com/66606350', denotes: 'page' },
    { input: 'https://space.bilibili.com/66606350/video', platform: 'bilibili', canonical: 'https://space.bilibili.com/66606350/video', denotes: 'page' },
    { input: 'https://live.bilibili.com/21452505', platform: 'bilibili', canonical: 'https://live.bilibili.com/21452505', denotes: 'page' },
    { input: 'https://t.bilibili.com/915412345678901234', platform: 'bilibili', canonical: 'https://t.bilibili.com/915412345678901234', denotes: 'page' },
    { input: 'https://www.bilibili.com/bangumi/play/ep123456?from_spmid=666.25', platform: 'bilibili', canonical: 'https://www.bilibili.com/bangumi/play/ep123456', denotes: 'page' },
    { input: 'https://www.bilibili.com/cheese/play/ss1234', platform: 'bilibili', canonical: 'https://www.bilibili.com/cheese/play/ss1234', denotes: 'page' },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7T', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV1Hq4y1m7T', denotes: 'page' },
    { input: 'https://www.bilibili.com/video/BV1Hq4y1m7T0', platform: 'bilibili', canonical: 'https://www.bilibili.com/video/BV1Hq4y1m7T0', denotes: 'page' },
    { input: 'https://player.bilibili.com/player.html?cid=279786', platform: 'bilibili', canonical: 'https://player.bilibili.com/player.html', denotes: 'page' },
    { input: 'https://www.bilibili.com/', platform: 'bilibili', canonical: 'https://www.bilibili.com/', denotes: 'page' },
    { input: 'https://b23.tv/', platform: 'bilibili', canonical: 'https://b23.tv/', denotes: 'page' },
  ]);

  samePost([
    'https://b23.tv/BV1Hq4y1m7Ts',
    'https://player.bilibili.com/player.html?bvid=BV1Hq4y1m7Ts&page=1',
    'https://m.bilibili.com/video/BV1Hq4y1m7Ts?share_source=copy_web',
    'https://www.bilibili.com/festival/2022bnj?bvid=BV1Hq4y1m7Ts',
  ]);
  samePost(['https://www.bilibili.com/video/av170001?p=2', 'https://player.bilibili.com/player.html?aid=170001&page=2', 'https://www.bilibili.com/video/BV17x411w7KC?p=2']);
});

describe('bilibili av → BV conversion', () => {
  it('when given the two av numbers docs/design.md §3 names, answers their BV ids (av85440373 ↔ BV117411r7R1, av170001 ↔ BV17x411w7KC)', () => {
    expect([bvidOfAid(85440373n), bvidOfAid(170001n)]).to.deep.equal(['BV117411r7R1', 'BV17x411w7KC']);
  });

  it('when given the largest av number below 2^51, answers a BV id; 2^51 and above have none', () => {
    expect(bvidOfAid(MAX_AID - 1n)).to.match(/^BV1[1-9A-HJ-NP-Za-km-z]{9}$/);
    expect([bvidOfAid(MAX_AID), bvidOfAid(MAX_AID * 3n)]).to.deep.equal([undefined, undefined]);
  });
});

describe('bilibili matching traps', () => {
  canonicalTable([
    { input: 'https://notbilibili.com/video/BV1Hq4y1m7Ts', platform: 'none', canonical: 'https://notbilibili.com/video/BV1Hq4y1m7Ts' },
    { input: 'https://bilibili.com.evil.test/video/BV1Hq4y1m7Ts', platform: 'none', canonical: 'https://bilibili.com.evil.test/video/BV1Hq4y1m7Ts' },
    { input: 'https://www.bilibili.com@evil.test/video/BV1Hq4y1m7Ts', platform: 'none', canonical: 'https://evil.test/video/BV1Hq4y1m7Ts' },
    { input: 'https://b23.tv.evil.test/Xk3mQ7p', platform: 'none', canonical: 'https://b23.tv.evil.test/Xk3mQ7p' },
    { input: 'https://space.b23.tv/Xk3mQ7p', platform: 'none', canonical: 'https://space.b23.tv/Xk3mQ7p' },
    { input: 'https://notb23.tv/Xk3mQ7p', platform: 'none', canonical: 'https://notb23.tv/Xk3mQ7p' },
    { input: 'https://www.bilibili.co/video/BV1Hq4y1m7Ts', platform: 'none', canonical: 'https://www.bilibili.co/video/BV1Hq4y1m7Ts' },
    // Bstation, the international site, is another site (docs/design.md §3): not this platform.
    { input: 'https://www.bilibili.tv/en/video/2042357924', platform: 'none', canonical: 'https://www.bilibili.tv/en/video/2042357924' },
    { input: 'https://evil.test/?u=https://www.bilibili.com/video/BV1Hq4y1m7Ts', platform: 'none', canonical: 'https://evil.test/?u=https://www.bilibili.com/video/BV1Hq4y1m7Ts' },
  ]);
});
