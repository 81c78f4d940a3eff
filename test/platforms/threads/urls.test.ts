import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('threads URL routes', () => {
  canonicalTable([
    { input: 'https://www.threads.com/@zuck/post/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57', denotes: 'post', ids: { user: 'zuck', code: 'CuVvRcttG57' } },
    { input: 'https://www.threads.net/@zuck/post/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://threads.net/@zuck/post/CuVvRcttG57/', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://threads.com/@Zuck/post/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/@Zuck/post/CuVvRcttG57', ids: { user: 'Zuck', code: 'CuVvRcttG57' } },
    { input: 'https://www.threads.net/@papamakara/post/DTZ2oW5kt5n?xmt=AQF0qF_Y6evC672po60lxmxtqq&slof=1', platform: 'threads', canonical: 'https://www.threads.com/@papamakara/post/DTZ2oW5kt5n' },
    { input: 'https://www.threads.net/@zuck/post/CuVvRcttG57?igshid=NTc4MTIwNjQ2YQ==', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://www.threads.com/@zuck/post/CuVvRcttG57/embed', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://www.threads.com/@zuck/post/CuVvRcttG57/media', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://WWW.THREADS.NET/@zuck/post/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'threads.net/@zuck/post/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/@zuck/post/CuVvRcttG57' },
    { input: 'https://www.threads.net/@mr.user_1/post/C-abc_DEF12', platform: 'threads', canonical: 'https://www.threads.com/@mr.user_1/post/C-abc_DEF12' },
    { input: 'https://www.threads.net/t/CuVvRcttG57', platform: 'threads', canonical: 'https://www.threads.com/t/CuVvRcttG57', denotes: 'post', ids: { code: 'CuVvRcttG57' } },
    { input: 'https://www.threads.net/t/CuWRRrQuql9/', platform: 'threads', canonical: 'https://www.threads.com/t/CuWRRrQuql9' },
    { input: 'https://threads.com/t/CuWRRrQuql9?utm_source=x', platform: 'threads', canonical: 'https://www.threads.com/t/CuWRRrQuql9' },
    // Codes are case-sensitive: another case is another post.
    { input: 'https://www.threads.net/t/cuwrrrquql9', platform: 'threads', canonical: 'https://www.threads.com/t/cuwrrrquql9' },
    { input: 'https://www.threads.net/@zuck', platform: 'threads', canonical: 'https://www.threads.com/@zuck', denotes: 'page' },
    { input: 'https://www.threads.net/@zuck/replies?hl=en', platform: 'threads', canonical: 'https://www.threads.com/@zuck/replies', denotes: 'page' },
    { input: 'https://www.threads.net/', platform: 'threads', canonical: 'https://www.threads.com/', denotes: 'page' },
  ]);

  describe('handle case', () => {
    samePost(['https://threads.com/@Zuck/post/CuVvRcttG57', 'https://www.threads.net/@zuck/post/CuVvRcttG57', 'https://www.threads.net/t/CuVvRcttG57'], ['https://www.threads.com/@Zuck/post/CuVvRcttG57', 'https://www.threads.com/@zuck/post/CuVvRcttG57', 'https://www.threads.com/t/CuVvRcttG57']);
  });
});
