import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('tiktok URL routes', () => {
  canonicalTable([
    { input: 'https://www.tiktok.com/@scout2015/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@scout2015/video/6718335390845095173', denotes: 'post', ids: { user: 'scout2015', id: '6718335390845095173', type: 'video' } },
    { input: 'https://www.tiktok.com/@Scout2015/video/6718335390845095173?is_from_webapp=1&sender_device=pc&web_id=7123', platform: 'tiktok', canonical: 'https://www.tiktok.com/@Scout2015/video/6718335390845095173', ids: { user: 'Scout2015', id: '6718335390845095173', type: 'video' } },
    { input: 'https://tiktok.com/@a3noticias/video/6806030056956251397/', platform: 'tiktok', canonical: 'https://www.tiktok.com/@a3noticias/video/6806030056956251397' },
    { input: 'https://m.tiktok.com/@illojuan/video/7571863205253778710?_r=1&_t=ZN-8abc', platform: 'tiktok', canonical: 'https://www.tiktok.com/@illojuan/video/7571863205253778710' },
    { input: 'HTTPS://WWW.TIKTOK.COM/@illojuan/video/7571863205253778710', platform: 'tiktok', canonical: 'https://www.tiktok.com/@illojuan/video/7571863205253778710' },
    { input: 'https://www.tiktok.com/@rebel.unicorn_crafts/photo/7134059641968872746', platform: 'tiktok', canonical: 'https://www.tiktok.com/@rebel.unicorn_crafts/photo/7134059641968872746', ids: { user: 'rebel.unicorn_crafts', id: '7134059641968872746', type: 'photo' } },
    { input: 'https://www.tiktok.com/@/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173', ids: { id: '6718335390845095173', type: 'video' } },
    { input: 'https://www.tiktok.com/@i/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173', ids: { id: '6718335390845095173', type: 'video' } },
    { input: 'https://www.tiktok.com/@I/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173', ids: { id: '6718335390845095173', type: 'video' } },
    { input: 'https://www.tiktok.com/embed/v2/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173' },
    { input: 'https://www.tiktok.com/embed/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173' },
    { input: 'https://m.tiktok.com/v/6718335390845095173.html', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173' },
    { input: 'https://www.tiktok.com/player/v1/6718335390845095173?autoplay=1', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173' },
    { input: 'https://www.tiktok.com/share/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@i/video/6718335390845095173' },
    { input: 'https://tnktok.com/@scout2015/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@scout2015/video/6718335390845095173' },
    { input: 'https://www.vxtiktok.com/@scout2015/video/6718335390845095173', platform: 'tiktok', canonical: 'https://www.tiktok.com/@scout2015/video/6718335390845095173' },
    { input: 'https://vm.tiktok.com/ZMe7xYzAb/', platform: 'tiktok', canonical: 'https://vm.tiktok.com/ZMe7xYzAb/', denotes: 'short', ids: { code: 'ZMe7xYzAb' } },
    { input: 'https://VM.TikTok.com/ZMe7xYzAb', platform: 'tiktok', canonical: 'https://vm.tiktok.com/ZMe7xYzAb/', denotes: 'short' },
    { input: 'https://vt.tiktok.com/ZSjAbCdEf/?_r=1', platform: 'tiktok', canonical: 'https://vt.tiktok.com/ZSjAbCdEf/', denotes: 'short' },
    { input: 'https://www.tiktok.com/t/ZTRabCdEf/', platform: 'tiktok', canonical: 'https://www.tiktok.com/t/ZTRabCdEf/', denotes: 'short' },
    { input: 'https://tiktok.com/t/ZTRabCdEf', platform: 'tiktok', canonical: 'https://www.tiktok.com/t/ZTRabCdEf/', denotes: 'short' },
    { input: 'https://vm.vxtiktok.com/ZMe7xYzAb/', platform: 'tiktok', canonical: 'https://vm.tiktok.com/ZMe7xYzAb/', denotes: 'short' },
    { input: 'https://www.tiktok.com/@scout2015', platform: 'tiktok', canonical: 'https://www.tiktok.com/@scout2015', denotes: 'page' },
    { input: 'https://www.tiktok.com/@scout2015/live?lang=en', platform: 'tiktok', canonical: 'https://www.tiktok.com/@scout2015/live', denotes: 'page' },
    { input: 'https://vm.tiktok.com/', platform: 'tiktok', canonical: 'https://vm.tiktok.com/', denotes: 'page' },
  ]);

  describe('handle case', () => {
    samePost(['https://www.tiktok.com/@Scout2015/video/6718335390845095173', 'https://www.tiktok.com/@scout2015/video/6718335390845095173'], ['https://www.tiktok.com/@Scout2015/video/6718335390845095173', 'https://www.tiktok.com/@scout2015/video/6718335390845095173']);
  });
});
