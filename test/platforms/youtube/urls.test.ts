import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('youtube URL routes', () => {
  canonicalTable([
    { input: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', denotes: 'post', ids: { id: 'dQw4w9WgXcQ' } },
    { input: 'https://youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be&si=AbCdEfGh', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube.com/watch?app=desktop&v=dQw4w9WgXcQ&t=42s', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=2', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ&si=x', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://youtu.be/dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://youtu.be/dQw4w9WgXcQ?si=B_RZg_I-lLaa7UU-&t=10', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube.com/shorts/aqz-KE-bpKQ?feature=share', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
    { input: 'https://youtube.com/live/jfKfPfyJRdk?si=abc', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=jfKfPfyJRdk' },
    { input: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&autoplay=1', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube.com/v/dQw4w9WgXcQ?version=3', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://www.youtube.com/watch/dQw4w9WgXcQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    // Video ids are case-sensitive: another case is another video.
    { input: 'https://www.youtube.com/watch?v=DQW4W9WGXCQ', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=DQW4W9WGXCQ' },
    { input: 'https://www.youtube.com/@RickAstleyYT', platform: 'youtube', canonical: 'https://www.youtube.com/@RickAstleyYT', denotes: 'page' },
    { input: 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&si=x', platform: 'youtube', canonical: 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI', denotes: 'page' },
    { input: 'https://www.youtube.com/watch?v=tooShort', platform: 'youtube', canonical: 'https://www.youtube.com/watch?v=tooShort', denotes: 'page' },
    { input: 'https://youtu.be/', platform: 'youtube', canonical: 'https://youtu.be/', denotes: 'page' },
  ]);
});
