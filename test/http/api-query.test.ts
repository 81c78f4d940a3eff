// The one reader of the resolve and canonical queries (src/interfaces/http/api-query.ts): over the
// hot path's query reading and over node:querystring's (Koa's) it gives the same answer, and each
// refusal is the contract's sentence.
import { parse } from 'node:querystring';
import { expect } from 'chai';
import { readCanonicalQuery, readResolveQuery } from '../../src/interfaces/http/api-query.js';
import { readQuery } from '../../src/interfaces/http/hot-query.js';

const POST = encodeURIComponent('https://x.com/jack/status/20?s=20');

const table: [string, ReturnType<typeof readResolveQuery>][] = [
  [`url=${POST}`, { ok: true, url: 'https://x.com/jack/status/20?s=20', media: 'raw' }],
  [`url=${POST}&media=proxied`, { ok: true, url: 'https://x.com/jack/status/20?s=20', media: 'proxied' }],
  [`media=&url=${POST}`, { ok: true, url: 'https://x.com/jack/status/20?s=20', media: 'raw' }],
  ['url=a+b', { ok: true, url: 'a b', media: 'raw' }],
  [`url=${POST}&media=raw`, { ok: true, url: 'https://x.com/jack/status/20?s=20', media: 'raw' }],
  ['', { ok: false, code: 'URL_MISSING', error: 'The url query parameter is required.' }],
  ['url=', { ok: false, code: 'URL_MISSING', error: 'The url query parameter is required.' }],
  [`url=${POST}&url=${POST}`, { ok: false, code: 'PARAM_REPEATED', error: 'The url parameter must be given once.' }],
  [`url=${POST}&media=bogus`, { ok: false, code: 'MEDIA_INVALID', error: 'The media parameter accepts raw (the default) or proxied.' }],
  [`url=${POST}&media=proxied&media=proxied`, { ok: false, code: 'PARAM_REPEATED', error: 'The media parameter must be given once.' }],
  [`media=bogus`, { ok: false, code: 'URL_MISSING', error: 'The url query parameter is required.' }],
];

describe('API query reader', () => {
  for (const [search, expected] of table) {
    it(`when the query is ${JSON.stringify(search)}, both doors read ${expected.ok ? 'it' : 'the same refusal'}`, () => {
      const koa = parse(search);
      const hot = readQuery(search)!;
      expect(readResolveQuery((name) => koa[name]), 'Koa').to.deep.equal(expected);
      expect(readResolveQuery((name) => hot.get(name)), 'hot path').to.deep.equal(expected);
      const canonical = expected.ok ? { ok: true, url: expected.url } : expected.error.startsWith('The url') ? expected : { ok: true, url: 'https://x.com/jack/status/20?s=20' };
      expect(readCanonicalQuery((name) => koa[name]), 'canonical, Koa').to.deep.equal(canonical);
      expect(readCanonicalQuery((name) => hot.get(name)), 'canonical, hot path').to.deep.equal(canonical);
    });
  }
});
