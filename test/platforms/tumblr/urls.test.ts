// Tumblr's URL routes: the post URLs people paste (www with and without its slug, /blog/view/, the
// at.tumblr.com share host, tracking parameters), tmblr.co short links, pages that are not posts,
// and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const CANONICAL = 'https://www.tumblr.com/harbour-lights/734512098765432109';

describe('tumblr URL routes', () => {
  canonicalTable([
    { input: 'https://www.tumblr.com/harbour-lights/734512098765432109', platform: 'tumblr', canonical: CANONICAL, denotes: 'post', ids: { blog: 'harbour-lights', id: '734512098765432109' } },
    { input: 'https://www.tumblr.com/harbour-lights/734512098765432109/fog-on-the-pier', platform: 'tumblr', canonical: CANONICAL },
    { input: 'https://tumblr.com/harbour-lights/734512098765432109', platform: 'tumblr', canonical: CANONICAL },
    { input: 'http://WWW.Tumblr.com/harbour-lights/734512098765432109/#notes', platform: 'tumblr', canonical: CANONICAL },
    { input: 'www.tumblr.com/harbour-lights/734512098765432109', platform: 'tumblr', canonical: CANONICAL },
    // Blog names are case-insensitive; Tumblr writes them in lower case.
    { input: 'https://www.tumblr.com/Harbour-Lights/734512098765432109', platform: 'tumblr', canonical: CANONICAL, ids: { blog: 'harbour-lights', id: '734512098765432109' } },
    { input: 'https://www.tumblr.com/harbour-lights/734512098765432109/fog-on-the-pier?source=share&utm_medium=copy_link', platform: 'tumblr', canonical: CANONICAL },
    { input: 'https://www.tumblr.com/blog/view/harbour-lights/734512098765432109', platform: 'tumblr', canonical: CANONICAL, denotes: 'post' },
    { input: 'https://www.tumblr.com/blog/view/harbour-lights/734512098765432109/fog-on-the-pier?ref=dash', platform: 'tumblr', canonical: CANONICAL },
    // The apps' share host: the post, then its slug and a share code.
    { input: 'https://at.tumblr.com/harbour-lights/734512098765432109/x0fixt', platform: 'tumblr', canonical: CANONICAL, denotes: 'post' },
    { input: 'https://www.tumblr.com/foxes-in-love/662456162462154752', platform: 'tumblr', canonical: 'https://www.tumblr.com/foxes-in-love/662456162462154752', ids: { blog: 'foxes-in-love', id: '662456162462154752' } },
    { input: 'https://tmblr.co/Zn_LPXanX5woqq00', platform: 'tumblr', canonical: 'https://tmblr.co/Zn_LPXanX5woqq00', denotes: 'short', ids: { code: 'Zn_LPXanX5woqq00' } },
    { input: 'http://www.tmblr.co/ZqW8xe3Fk0aB?utm_source=share', platform: 'tumblr', canonical: 'https://tmblr.co/ZqW8xe3Fk0aB', denotes: 'short' },
    // Not posts: a blog, a tag, the dashboard, the home page, a path too long to be a post.
    { input: 'https://www.tumblr.com/harbour-lights?source=share', platform: 'tumblr', canonical: 'https://www.tumblr.com/harbour-lights', denotes: 'page' },
    { input: 'https://www.tumblr.com/tagged/lighthouses', platform: 'tumblr', canonical: 'https://www.tumblr.com/tagged/lighthouses', denotes: 'page' },
    { input: 'https://www.tumblr.com/dashboard', platform: 'tumblr', canonical: 'https://www.tumblr.com/dashboard', denotes: 'page' },
    { input: 'https://www.tumblr.com/', platform: 'tumblr', canonical: 'https://www.tumblr.com/', denotes: 'page' },
    { input: 'https://www.tumblr.com/harbour-lights/734512098765432109/a/b/c', platform: 'tumblr', canonical: 'https://www.tumblr.com/harbour-lights/734512098765432109/a/b/c', denotes: 'page' },
    { input: 'https://tmblr.co/', platform: 'tumblr', canonical: 'https://tmblr.co/', denotes: 'page' },
    // The blog's own host: {blog}.tumblr.com/post/{id}[/{slug}], the most pasted form.
    { input: 'https://harbour-lights.tumblr.com/post/734512098765432109', platform: 'tumblr', canonical: CANONICAL, denotes: 'post', ids: { blog: 'harbour-lights', id: '734512098765432109' } },
    { input: 'http://Harbour-Lights.Tumblr.com/post/734512098765432109/fog-on-the-pier?utm_source=x', platform: 'tumblr', canonical: CANONICAL, denotes: 'post' },
    // A blog's other pages keep the blog's host.
    { input: 'https://harbour-lights.tumblr.com/', platform: 'tumblr', canonical: 'https://harbour-lights.tumblr.com/', denotes: 'page' },
    { input: 'https://harbour-lights.tumblr.com/tagged/fog?og=1', platform: 'tumblr', canonical: 'https://harbour-lights.tumblr.com/tagged/fog', denotes: 'page' },
  ]);

  samePost([
    'https://www.tumblr.com/harbour-lights/734512098765432109',
    'https://at.tumblr.com/harbour-lights/734512098765432109/x0fixt',
    'https://tumblr.com/blog/view/Harbour-Lights/734512098765432109',
    'https://www.tumblr.com/harbour-lights/734512098765432109/fog-on-the-pier?source=share',
    'https://harbour-lights.tumblr.com/post/734512098765432109/fog-on-the-pier',
  ]);
});

describe('tumblr matching traps', () => {
  canonicalTable([
    { input: 'https://tumblr.com.evil.test/harbour-lights/734512098765432109', platform: 'none', canonical: 'https://tumblr.com.evil.test/harbour-lights/734512098765432109' },
    { input: 'https://www.tumblr.com@evil.test/harbour-lights/734512098765432109', platform: 'none', canonical: 'https://evil.test/harbour-lights/734512098765432109' },
    { input: 'https://nottumblr.com/harbour-lights/734512098765432109', platform: 'none', canonical: 'https://nottumblr.com/harbour-lights/734512098765432109' },
    { input: 'https://tmblr.co.evil.test/ZqW8xe3Fk0aB', platform: 'none', canonical: 'https://tmblr.co.evil.test/ZqW8xe3Fk0aB' },
    { input: 'https://www.tumblr.co/harbour-lights/734512098765432109', platform: 'none', canonical: 'https://www.tumblr.co/harbour-lights/734512098765432109' },
    // A blog host is one label under tumblr.com: two are no blog.
    { input: 'https://a.harbour-lights.tumblr.com/post/734512098765432109', platform: 'none', canonical: 'https://a.harbour-lights.tumblr.com/post/734512098765432109' },
    { input: 'https://harbour-lights.tumblr.com.evil.test/post/734512098765432109', platform: 'none', canonical: 'https://harbour-lights.tumblr.com.evil.test/post/734512098765432109' },
  ]);
});
