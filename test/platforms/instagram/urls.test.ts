import { canonicalTable } from '../../domain/platforms/canonical-table.js';

describe('instagram URL routes', () => {
  canonicalTable([
    { input: 'https://www.instagram.com/p/BWUDBntl3_Z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/', denotes: 'post', ids: { code: 'BWUDBntl3_Z', type: 'p' } },
    { input: 'https://instagram.com/p/BWUDBntl3_Z', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://www.instagram.com/p/CPeC-Eenc8l/?igsh=MTc4MmM1YmI2Ng==', platform: 'instagram', canonical: 'https://www.instagram.com/p/CPeC-Eenc8l/' },
    { input: 'https://www.instagram.com/p/Chm_-tPJqpd/?utm_source=ig_web_copy_link&igshid=MzRlODBiNWFlZA==', platform: 'instagram', canonical: 'https://www.instagram.com/p/Chm_-tPJqpd/' },
    { input: 'https://WWW.INSTAGRAM.COM/p/COn3M4TnRi1/', platform: 'instagram', canonical: 'https://www.instagram.com/p/COn3M4TnRi1/' },
    { input: 'https://m.instagram.com/p/COn3M4TnRi1/', platform: 'instagram', canonical: 'https://www.instagram.com/p/COn3M4TnRi1/' },
    { input: 'https://www.instagram.com/natgeo/p/CARbvuYDm3Q/', platform: 'instagram', canonical: 'https://www.instagram.com/p/CARbvuYDm3Q/' },
    { input: 'https://www.instagram.com/reel/CN2VQ1yI_MA/', platform: 'instagram', canonical: 'https://www.instagram.com/reel/CN2VQ1yI_MA/', ids: { code: 'CN2VQ1yI_MA', type: 'reel' } },
    { input: 'https://www.instagram.com/reels/CN2VQ1yI_MA/', platform: 'instagram', canonical: 'https://www.instagram.com/reel/CN2VQ1yI_MA/' },
    { input: 'https://www.instagram.com/natgeo/reel/CN2VQ1yI_MA/?igsh=abc', platform: 'instagram', canonical: 'https://www.instagram.com/reel/CN2VQ1yI_MA/' },
    { input: 'https://www.instagram.com/tv/CPQjO5RIIO9/', platform: 'instagram', canonical: 'https://www.instagram.com/tv/CPQjO5RIIO9/', ids: { code: 'CPQjO5RIIO9', type: 'tv' } },
    { input: 'https://www.instagram.com/p/BWUDBntl3_Z/embed/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://www.instagram.com/p/BWUDBntl3_Z/embed/captioned/?cr=1&v=14', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://www.instagram.com/p/BWUDBntl3_Z/c/17858893269000001/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://instagr.am/p/BWUDBntl3_Z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://www.ddinstagram.com/reel/CN2VQ1yI_MA/', platform: 'instagram', canonical: 'https://www.instagram.com/reel/CN2VQ1yI_MA/' },
    { input: 'https://d.ddinstagram.com/p/BWUDBntl3_Z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://kkinstagram.com/p/BWUDBntl3_Z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    { input: 'https://uuinstagram.com/reel/CN2VQ1yI_MA/', platform: 'instagram', canonical: 'https://www.instagram.com/reel/CN2VQ1yI_MA/' },
    { input: 'https://eeinstagram.com/p/BWUDBntl3_Z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/BWUDBntl3_Z/' },
    // Shortcodes are case-sensitive: changing the case names another post.
    { input: 'https://www.instagram.com/p/bwudbntl3_z/', platform: 'instagram', canonical: 'https://www.instagram.com/p/bwudbntl3_z/' },
    { input: 'https://www.instagram.com/share/BAMjQ7Z8Kx/', platform: 'instagram', canonical: 'https://www.instagram.com/share/BAMjQ7Z8Kx/', denotes: 'short' },
    { input: 'https://instagram.com/share/reel/BAMjQ7Z8Kx?igsh=xyz', platform: 'instagram', canonical: 'https://www.instagram.com/share/reel/BAMjQ7Z8Kx/', denotes: 'short' },
    { input: 'https://www.instagram.com/share/p/BAMjQ7Z8Kx/', platform: 'instagram', canonical: 'https://www.instagram.com/share/p/BAMjQ7Z8Kx/', denotes: 'short' },
    { input: 'https://www.instagram.com/natgeo/', platform: 'instagram', canonical: 'https://www.instagram.com/natgeo', denotes: 'page' },
    { input: 'https://www.instagram.com/stories/jaimelorentelo/2591639087680304855/', platform: 'instagram', canonical: 'https://www.instagram.com/stories/jaimelorentelo/2591639087680304855', denotes: 'page' },
    { input: 'https://www.instagram.com/reels/audio/1234567890/', platform: 'instagram', canonical: 'https://www.instagram.com/reels/audio/1234567890', denotes: 'page' },
    { input: 'https://www.instagram.com/?hl=en', platform: 'instagram', canonical: 'https://www.instagram.com/', denotes: 'page' },
  ]);
});
