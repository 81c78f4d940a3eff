// The hot path's query reader against node:querystring (what Koa reads queries with): wherever it
// gives an answer, each parameter has querystring's value (every value of a repeated one, in order);
// where querystring would read leniently, it gives none (the request goes to Koa).
import { parse } from 'node:querystring';
import { expect } from 'chai';
import { readQuery } from '../../src/interfaces/http/hot-query.js';

const post = encodeURIComponent('https://bsky.app/profile/alice.test/post/3kabc?x=1&y=2#top');

const readable = [
  '',
  `url=${post}`,
  `url=${post}&media=proxied`,
  `media=&url=${post}`,
  `url=${post}&url=${post}`,
  'url',
  'url=',
  '&&url=a&&',
  'url=a=b=c',
  'url=a+b%20c',
  'u%72l=x&m+e=d+ia',
  '=x&url=y',
  'url=%F0%9F%98%80',
  'a=1&b=2&a=3',
  'a=1&a=2&a=3&b=4',
];
const lenient = ['url=%', 'url=%E0%A4%A', 'url=100%', '%zz=1', `url=${post}%`];

describe('hot path query reader', () => {
  for (const search of readable) {
    it(`reads ${JSON.stringify(search)} as querystring does`, () => {
      const mine = readQuery(search);
      const theirs = parse(search);
      expect(mine, 'an answer').to.be.instanceOf(Map);
      expect([...mine!.keys()].sort()).to.deep.equal(Object.keys(theirs).sort());
      for (const [name, value] of mine!) expect(value, name).to.deep.equal(theirs[name]);
    });
  }

  for (const search of lenient) {
    it(`leaves ${JSON.stringify(search)}, which querystring reads leniently, to Koa`, () => {
      expect(readQuery(search)).to.equal(undefined);
    });
  }

  it('leaves more parameters than querystring reads (1000) to Koa', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    expect(readQuery(many)).to.equal(undefined);
    expect(readQuery(many.slice(0, many.lastIndexOf('&')))?.size).to.equal(1000);
  });
});
