// fast-check generators of URLs for the fuzz suites: posts of every platform written in many
// equivalent ways (each with the content id it must yield), hostile look-alikes that must match no
// platform, and the open world (generic web URLs, IP hosts, IDN, percent-encoding, junk strings).
// The hosts come from the domain rules themselves, so a host added there is fuzzed at once.
import fc from 'fast-check';
import { createPlatformRules } from '../../src/domain/platforms/index.js';
import { DEFAULT_MASTODON_INSTANCES } from '../../src/domain/platforms/mastodon.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import type { PlatformRule } from '../../src/domain/platforms/platform-rule.js';

export const RULES = createPlatformRules();
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20250605);

function rule(id: PlatformId): PlatformRule {
  return RULES.find((r) => r.id === id)!;
}

/** Every host a rule recognises: its base hosts with and without each subdomain. */
export function hostsOf(r: PlatformRule): string[] {
  return r.hosts.flatMap((h) => [h, ...r.subdomains.map((s) => `${s}.${h}`)]);
}

export const KNOWN_HOSTS = RULES.flatMap(hostsOf);
const ALL_SUBDOMAINS = new Set(RULES.flatMap((r) => r.subdomains));

/** One post of a platform and several URLs that all name it. */
export interface PostCase {
  platform: PlatformId;
  kind: 'post' | 'short';
  /** The content id every variant must yield: with the platform, the cache key. */
  contentId: string;
  variants: string[];
}

// ---- building blocks --------------------------------------------------------------------------

const re = (pattern: RegExp) => fc.stringMatching(pattern);
const digits = (max: number) => re(new RegExp(`^[1-9][0-9]{0,${max - 1}}$`));

/** Query parameters that name something on some platform: junk must never use them. */
const MEANINGFUL = new Set(['v', 'list', 'story_fbid', 'id', 'fbid', 'post_id']);
const junkQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('utm_source', 'utm_medium', 's', 't', 'si', 'igsh', 'fbclid', '_r', 'is_from_webapp', 'ref', 'context', 'lang', 'feature'), re(/^[a-z_]{1,8}$/)),
      fc.oneof(re(/^[A-Za-z0-9_.-]{0,12}$/), fc.constantFrom('https%3A%2F%2Fevil.test%2F', 'a b', 'é', '%zz', '')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.filter(([k]) => !MEANINGFUL.has(k)).map(([k, v]) => `${k}=${v}`));

/** Everything about a URL that must not change which post it names (IDN spellings of the host included). */
const decoration = fc.record({
  scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', ''),
  userinfo: fc.constantFrom('', '', '', 'user@', 'user:pa%20ss@', 'x.com@'),
  port: fc.constantFrom('', '', '', ':443', ':80', ':8443'),
  trailingDot: fc.boolean(),
  hostCase: fc.constantFrom('lower', 'upper', 'mixed', 'fullwidth'),
  slash: fc.boolean(),
  junk: junkQuery,
  fragment: fc.constantFrom('', '', '#', '#m', '#https://evil.test/'),
  // Percent-encode one letter or digit of the path (RFC 3986 says it is the same character).
  escape: fc.option(fc.tuple(fc.nat(), fc.boolean()), { nil: undefined, freq: 3 }),
});
type Decoration = typeof decoration extends fc.Arbitrary<infer D> ? D : never;

function caseHost(host: string, how: string): string {
  if (how === 'upper') return host.toUpperCase();
  if (how === 'mixed') return [...host].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  // Full-width letters, digits and dots (ｘ．ｃｏｍ): IDNA maps them to the ASCII host.
  if (how === 'fullwidth') return host.replace(/[A-Za-z0-9.]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  return host;
}

/**
 * A URL of `host` + `path` (+ the route's own `query`) dressed with `d`. `slash` only applies where
 * the route allows a trailing slash; a missing scheme never goes with userinfo (it would read as a
 * scheme of its own).
 */
function dress(host: string, path: string, d: Decoration, options: { query?: string[]; slash?: boolean } = {}): string {
  const scheme = d.scheme === '' && d.userinfo !== '' ? 'https://' : d.scheme;
  const slashed = options.slash !== false && d.slash && !path.endsWith('/') ? `${path}/` : path;
  const p = d.escape ? escapeOne(slashed, ...d.escape) : slashed;
  const query = [...(options.query ?? []), ...d.junk];
  const h = caseHost(host, d.hostCase) + (d.trailingDot ? '.' : '');
  return `${scheme}${d.userinfo}${h}${d.port}${p}${query.length ? `?${query.join('&')}` : ''}${d.fragment}`;
}

/** `path` with its n-th letter or digit (one that is not already part of an escape) as `%XX`. */
function escapeOne(path: string, n: number, lowerHex: boolean): string {
  const spots = Array.from({ length: path.length }, (_, i) => i).filter((i) => /[A-Za-z0-9]/.test(path[i]!) && path[i - 1] !== '%' && path[i - 2] !== '%');
  if (spots.length === 0) return path;
  const i = spots[n % spots.length]!;
  const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
  return `${path.slice(0, i)}%${lowerHex ? hex : hex.toUpperCase()}${path.slice(i + 1)}`;
}

/** 2–4 variants of one post: each picks a form (host, path, query) and a decoration. */
function variantsOf<F>(forms: fc.Arbitrary<F>, render: (form: F, d: Decoration) => string): fc.Arbitrary<string[]> {
  return fc.array(fc.tuple(forms, decoration), { minLength: 2, maxLength: 4 }).map((pairs) => pairs.map(([f, d]) => render(f, d)));
}

const hostFrom = (hosts: readonly string[]) => fc.constantFrom(...hosts);
const mixed = (arb: fc.Arbitrary<string>) => fc.mixedCase(arb);

// ---- posts of each platform --------------------------------------------------------------------

const twitterPost = fc
  .record({ id: digits(19), users: fc.array(re(/^[A-Za-z0-9_]{1,15}$/), { minLength: 1, maxLength: 3 }) })
  .chain(({ id, users }) => {
    const tails = ['', '/photo/1', '/video/2', '/analytics', '/likes', '/retweets', '/retweets/with_comments', '/quotes', '/history', '/en', '.mp4', '/mediaviewer'];
    // X's paths are case-insensitive: `shout` writes the fixed words in capitals.
    const form = fc.record({
      host: hostFrom(hostsOf(rule('twitter'))),
      path: fc.oneof(
        fc.tuple(fc.constantFrom(...users), fc.constantFrom('status', 'statuses'), fc.constantFrom(...tails), fc.boolean()).map(([u, s, t, shout]) =>
          shout ? `/${u}/${s.toUpperCase()}/${id}${t.toUpperCase()}` : `/${u}/${s}/${id}${t}`,
        ),
        fc.constantFrom(`/i/web/status/${id}`, `/statuses/${id}`, `/i/status/${id}`, `/I/WEB/STATUS/${id}`),
      ),
      bookmark: fc.boolean(),
    });
    return variantsOf(form, (f, d) => (f.bookmark ? dress(f.host, '/i/bookmarks', d, { query: [`post_id=${id}`] }) : dress(f.host, f.path, d))).map(
      (variants): PostCase => ({ platform: 'twitter', kind: 'post', contentId: id, variants }),
    );
  });

const instagramPost = fc
  .record({ code: re(/^[A-Za-z0-9_-]{5,40}$/), owner: re(/^[A-Za-z0-9._]{1,30}$/).filter((o) => o !== 'share') })
  .chain(({ code, owner }) => {
    const form = fc.record({
      host: hostFrom(hostsOf(rule('instagram'))),
      kind: fc.constantFrom('p', 'tv', 'reel', 'reels'),
      owned: fc.boolean(),
      tail: fc.constantFrom('', '/embed', '/embed/captioned', '/media', '/liked_by', '/c/17900000000000001', '/c/1/r/2'),
    });
    return variantsOf(form, (f, d) => dress(f.host, `${f.owned ? `/${owner}` : ''}/${f.kind}/${code}${f.tail}`, d)).map(
      (variants): PostCase => ({ platform: 'instagram', kind: 'post', contentId: code, variants }),
    );
  });

const TIKTOK_POST_HOSTS = hostsOf(rule('tiktok'));
const tiktokPost = fc
  .record({ id: digits(19), user: re(/^[A-Za-z0-9._]{0,24}$/), photo: fc.boolean() })
  .chain(({ id, user, photo }) => {
    const paths = photo
      ? [`/@${user}/photo/${id}`]
      : [`/@${user}/video/${id}`, `/embed/${id}`, `/embed/v2/${id}`, `/player/v1/${id}`, `/share/video/${id}`, `/v/${id}.html`, `/v/${id}`];
    const form = fc.record({ host: hostFrom(TIKTOK_POST_HOSTS), path: fc.constantFrom(...paths) });
    return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'tiktok', kind: 'post', contentId: id, variants }));
  });

const REDDIT_MAIN = hostsOf(rule('reddit')).filter((h) => !h.endsWith('redd.it'));
const redditPost = fc
  .record({
    id: re(/^[a-z0-9]{1,8}$/),
    cid: fc.option(re(/^[a-z0-9]{1,8}$/), { nil: undefined }),
    sub: re(/^[A-Za-z0-9][A-Za-z0-9_]{2,20}$/).filter((s) => !/^u_/i.test(s)),
    user: re(/^[A-Za-z0-9_-]{3,20}$/),
    slug: fc.oneof(re(/^[a-z0-9_]{1,40}$/), fc.constantFrom('caf%C3%A9_au_lait', 'a%2Fb', 'comment', 'title-with-dashes', 'x.y')),
  })
  .chain(({ id, cid, sub, user, slug }) => {
    const owners = [`/r/${sub}`, '', `/user/${user}`, `/u/${user}`];
    if (/^[A-Za-z0-9_]{1,22}$/.test(user)) owners.push(`/r/u_${user}`);
    const form = fc.record({
      host: hostFrom(REDDIT_MAIN),
      owner: fc.constantFrom(...owners),
      withSlug: fc.boolean(),
      oldStyle: fc.boolean(),
      idCase: fc.constantFrom('lower', 'upper'),
      shortForm: fc.constantFrom('none', 'none', 'redd.it', 'gallery'),
      reddHost: fc.constantFrom('redd.it', 'www.redd.it'),
    });
    return variantsOf(form, (f, d) => {
      const i = f.idCase === 'upper' ? id.toUpperCase() : id;
      // redd.it/{id} and /gallery/{id} name the post only, never a comment.
      if (!cid && f.shortForm === 'redd.it') return dress(f.reddHost, `/${i}`, d);
      if (!cid && f.shortForm === 'gallery') return dress(f.host, `/gallery/${i}`, d);
      const comment = cid ? (f.withSlug && f.oldStyle ? `/${cid}` : `/comment/${cid}`) : '';
      return dress(f.host, `${f.owner}/comments/${i}${f.withSlug ? `/${slug}` : ''}${comment}`, d);
    }).map((variants): PostCase => ({ platform: 'reddit', kind: 'post', contentId: cid ? `${id}/${cid}` : id, variants }));
  });

const threadsPost = fc.record({ code: re(/^[A-Za-z0-9_-]{5,40}$/), user: re(/^[A-Za-z0-9._]{1,30}$/) }).chain(({ code, user }) => {
  const form = fc.record({
    host: hostFrom(hostsOf(rule('threads'))),
    path: fc.constantFrom(`/@${user}/post/${code}`, `/@${user}/post/${code}/embed`, `/@${user}/post/${code}/media`, `/t/${code}`),
  });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d)).map((variants): PostCase => ({ platform: 'threads', kind: 'post', contentId: code, variants }));
});

const FACEBOOK_HOSTS = hostsOf(rule('facebook')).filter((h) => !h.endsWith('fb.watch'));
// A segment of only dots is a dot segment that URL parsing removes: no name at all.
const notDots = (name: string) => !/^\.+$/.test(name);
const fbOwner = re(/^[A-Za-z0-9.-]{1,40}$/).filter((o) => notDots(o) && !['share', 'groups', 'watch', 'reel', 'photo', 'story.php', 'permalink.php', 'photo.php', 'video.php'].includes(o.toLowerCase()));
const facebookPost = fc
  .record({ type: fc.constantFrom('video', 'photo', 'reel', 'group', 'owner', 'permalink'), id: digits(20), pfbid: re(/^pfbid[0-9A-Za-z]{10,40}$/), owner: fbOwner, group: re(/^[A-Za-z0-9._-]{1,40}$/).filter(notDots) })
  .chain(({ type, id, pfbid, owner, group }) => {
    let contentId: string;
    let forms: Array<{ path: string; query?: string[] }>;
    switch (type) {
      case 'video':
        contentId = `watch/?v=${id}`;
        forms = [{ path: '/watch/', query: [`v=${id}`] }, { path: '/watch', query: [`v=${id}`] }, { path: '/watch/live/', query: [`v=${id}`] }, { path: '/video.php', query: [`v=${id}`] }, { path: `/${owner}/videos/${id}/` }, { path: `/${owner}/videos/some-title-1/${id}/` }, { path: `/${owner}/videos/vb.1234/${id}` }];
        break;
      case 'photo':
        contentId = `photo/?fbid=${id}`;
        forms = [{ path: '/photo/', query: [`fbid=${id}`] }, { path: '/photo.php', query: [`fbid=${id}`] }, { path: `/${owner}/photos/${id}/` }, { path: `/${owner}/photos/a.123456/${id}/` }, { path: `/${owner}/photos/pcb.1.2/${id}` }];
        break;
      case 'reel':
        contentId = `reel/${id}`;
        forms = [{ path: `/reel/${id}` }, { path: `/reel/${id}/` }];
        break;
      case 'group': {
        const post = id.length % 2 ? id : pfbid;
        contentId = `groups/${group.toLowerCase()}/posts/${post}`;
        forms = [{ path: `/groups/${group}/posts/${post}` }, { path: `/groups/${group.toUpperCase()}/permalink/${post}/` }];
        break;
      }
      case 'owner': {
        const post = id.length % 2 ? id : pfbid;
        contentId = `${owner.toLowerCase()}/posts/${post}`;
        forms = [{ path: `/${owner}/posts/${post}` }, { path: `/${owner.toUpperCase()}/posts/${post}/` }];
        break;
      }
      default: {
        const story = id.length % 2 ? id : pfbid;
        const profile = String(BigInt(id) % 99991n + 1n);
        contentId = `permalink.php?story_fbid=${story}&id=${profile}`;
        forms = [{ path: '/permalink.php', query: [`story_fbid=${story}`, `id=${profile}`] }, { path: '/story.php', query: [`id=${profile}`, `story_fbid=${story}`] }];
      }
    }
    const form = fc.record({ host: hostFrom(FACEBOOK_HOSTS), form: fc.constantFrom(...forms) });
    return variantsOf(form, (f, d) => dress(f.host, f.form.path, d, { query: f.form.query })).map((variants): PostCase => ({ platform: 'facebook', kind: 'post', contentId, variants }));
  });

const YT_MAIN = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
const YT_PLAYER = [...YT_MAIN, 'youtube-nocookie.com', 'www.youtube-nocookie.com'];
const youtubePost = re(/^[A-Za-z0-9_-]{11}$/).chain((id) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(YT_MAIN), path: fc.constant('/watch'), query: fc.constant([`v=${id}`] as string[]) }),
    fc.record({ host: hostFrom(YT_MAIN), path: fc.constant(`/watch/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: fc.constantFrom('youtu.be', 'www.youtu.be'), path: fc.constant(`/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: hostFrom(YT_PLAYER), path: fc.constantFrom('shorts', 'live', 'embed', 'v', 'e').map((k) => `/${k}/${id}`), query: fc.constant([] as string[]) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query })).map((variants): PostCase => ({ platform: 'youtube', kind: 'post', contentId: id, variants }));
});

const blueskyPost = fc
  .record({
    actor: fc.oneof(
      fc.domain().filter((h) => /^[A-Za-z0-9]/.test(h)),
      re(/^did:plc:[a-z2-7]{24}$/),
      re(/^did:web:[a-z0-9-]{1,20}\.test(%3A[0-9]{2,5})?$/),
    ),
    rkey: fc.oneof(re(/^[a-z2-7]{13}$/), re(/^[A-Za-z0-9._~:-]{1,40}$/).filter(notDots)),
  })
  .chain(({ actor, rkey }) => {
    const who = actor.startsWith('did:') ? actor : actor.toLowerCase();
    const form = fc.record({
      host: hostFrom(hostsOf(rule('bluesky'))),
      actorCase: fc.boolean(),
      tail: fc.constantFrom('', '/liked-by', '/reposted-by', '/quotes'),
      atUri: fc.boolean(),
    });
    return variantsOf(form, (f, d) => {
      const a = f.actorCase && !actor.startsWith('did:') ? actor.toUpperCase() : actor;
      return f.atUri ? `at://${a}/app.bsky.feed.post/${rkey}` : dress(f.host, `/profile/${a}/post/${rkey}${f.tail}`, d);
    }).map((variants): PostCase => ({ platform: 'bluesky', kind: 'post', contentId: `${who}/${rkey}`, variants }));
  });

const mastodonPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_MASTODON_INSTANCES), user: re(/^[A-Za-z0-9_]{1,30}$/), remote: fc.option(fc.domain(), { nil: undefined }), id: digits(19) })
  .chain(({ instance, user, remote, id }) => {
    const form = fc.record({
      www: fc.boolean(),
      shape: fc.constantFrom('at', 'at-embed', 'users', 'users-activity'),
      userCase: fc.boolean(),
    });
    return variantsOf(form, (f, d) => {
      const account = `${f.userCase ? user.toUpperCase() : user}${remote ? `@${remote}` : ''}`;
      const path = {
        at: `/@${account}/${id}`,
        'at-embed': `/@${account}/${id}/embed`,
        users: `/users/${account}/statuses/${id}`,
        'users-activity': `/users/${account}/statuses/${id}/activity`,
      }[f.shape];
      return dress(`${f.www ? 'www.' : ''}${instance}`, path, d);
    }).map((variants): PostCase => ({ platform: 'mastodon', kind: 'post', contentId: `${instance}/${id}`, variants }));
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLink: fc.Arbitrary<PostCase> = fc.oneof(
  re(/^[A-Za-z0-9]{1,20}$/).chain((code) =>
    variantsOf(fc.constant('t.co'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'twitter', kind: 'short', contentId: `t.co/${code}`, variants: v })),
  ),
  fc.tuple(re(/^[A-Za-z0-9]{5,20}$/), fc.constantFrom('vm', 'vt')).chain(([code, sub]) =>
    variantsOf(fc.constantFrom('tiktok.com', 'tnktok.com', 'vxtiktok.com'), (h, d) => dress(`${sub}.${h}`, `/${code}`, d)).map(
      (v): PostCase => ({ platform: 'tiktok', kind: 'short', contentId: `${sub}.tiktok.com/${code}/`, variants: v }),
    ),
  ),
  re(/^[A-Za-z0-9]{5,20}$/).chain((code) =>
    variantsOf(hostFrom(TIKTOK_POST_HOSTS.filter((h) => !/^v[mt]\./.test(h))), (h, d) => dress(h, `/t/${code}`, d)).map(
      (v): PostCase => ({ platform: 'tiktok', kind: 'short', contentId: `www.tiktok.com/t/${code}/`, variants: v }),
    ),
  ),
  re(/^[A-Za-z0-9]{5,20}$/).chain((code) =>
    variantsOf(fc.constant('v.redd.it'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'reddit', kind: 'short', contentId: `v.redd.it/${code}`, variants: v })),
  ),
  fc.tuple(re(/^[A-Za-z0-9_]{3,21}$/), re(/^[A-Za-z0-9]{5,20}$/)).chain(([sub, code]) =>
    variantsOf(fc.tuple(hostFrom(REDDIT_MAIN), fc.boolean()), ([h, upper], d) => dress(h, `/r/${upper ? sub.toUpperCase() : sub}/s/${code}`, d)).map(
      (v): PostCase => ({ platform: 'reddit', kind: 'short', contentId: `www.reddit.com/r/${sub.toLowerCase()}/s/${code}`, variants: v }),
    ),
  ),
  fc.tuple(fc.constantFrom('', 'p/', 'reel/', 'tv/'), re(/^[A-Za-z0-9_-]{5,40}$/)).chain(([type, code]) =>
    variantsOf(hostFrom(hostsOf(rule('instagram'))), (h, d) => dress(h, `/share/${type}${code}`, d)).map(
      (v): PostCase => ({ platform: 'instagram', kind: 'short', contentId: `www.instagram.com/share/${type}${code}/`, variants: v }),
    ),
  ),
  re(/^[A-Za-z0-9_-]{3,20}$/).chain((code) =>
    variantsOf(fc.constantFrom('fb.watch', 'www.fb.watch'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'facebook', kind: 'short', contentId: `fb.watch/${code}/`, variants: v })),
  ),
  fc.tuple(fc.constantFrom('', 'p/', 'v/', 'r/'), re(/^[A-Za-z0-9_-]{3,32}$/)).chain(([type, code]) =>
    variantsOf(hostFrom(FACEBOOK_HOSTS), (h, d) => dress(h, `/share/${type}${code}`, d)).map(
      (v): PostCase => ({ platform: 'facebook', kind: 'short', contentId: `www.facebook.com/share/${type}${code}/`, variants: v }),
    ),
  ),
);

/** One post of any platform (or a short link), in 2–4 equivalent URLs. */
export const postCase: fc.Arbitrary<PostCase> = fc.oneof(
  twitterPost,
  instagramPost,
  tiktokPost,
  redditPost,
  threadsPost,
  facebookPost,
  youtubePost,
  blueskyPost,
  mastodonPost,
  shortLink,
);

// ---- look-alikes that belong to no platform ---------------------------------------------------

/** A label that is no subdomain any rule accepts, so `{label}.{known host}` is foreign. */
const foreignLabel = re(/^[a-z0-9][a-z0-9-]{0,14}$/).filter((l) => !ALL_SUBDOMAINS.has(l) && !l.endsWith('-'));
// Look-alike letters that IDNA keeps as they are (Cyrillic о, а, е, і; Greek ο): a different host.
const HOMOGLYPHS: Record<string, string> = { o: 'о', a: 'а', e: 'е', i: 'і', c: 'с', x: 'х', p: 'р' };
const postPath = postCase.map((c) => new URL(c.variants.find((v) => /^https?:\/\//i.test(v)) ?? 'https://x.com/jack/status/20').pathname);

/** URLs that mention a platform host but are on another host: they must get no adapter. */
const KNOWN = new Set(KNOWN_HOSTS);
export const evilUrl: fc.Arbitrary<string> = fc
  .record({ host: hostFrom(KNOWN_HOSTS), label: foreignLabel, path: fc.oneof(postPath, fc.webPath()), tld: fc.constantFrom('evil.test', 'example', 'co', 'com.evil.test', 'xn--80ak6aa92e.com'), how: fc.nat(7) })
  .map(({ host, label, path, tld, how }) => {
    switch (how) {
      case 0:
        return `https://${host}.${tld}${path}`; // x.com.evil.test
      case 1:
        return `https://evil.test/https://${host}${path}`; // the platform only in the path
      case 2:
        return `https://${host}@evil.test${path}`; // the platform as userinfo
      case 3:
        return `https://${label}.${host}${path}`; // an unknown subdomain
      case 4:
        return `https://${label}${host}${path}`; // a longer name that ends like it
      case 5: {
        const i = [...host].findIndex((c) => c in HOMOGLYPHS);
        return i < 0 ? `https://${host}-${label}.test${path}` : `https://${host.slice(0, i)}${HOMOGLYPHS[host[i]!]}${host.slice(i + 1)}${path}`;
      }
      case 6:
        return `https://evil.test/?u=https://${host}${path}#https://${host}${path}`;
      default:
        return `https://${host.replace(/\.[^.]+$/, '')}.${tld}${path}`; // x.evil.test: another TLD
    }
  })
  // `fx` + `twitter.com` is a real fixer host: a look-alike must be no known host by chance.
  .filter((url) => !KNOWN.has(new URL(url).hostname.replace(/\.$/, '')));

// ---- the open world -------------------------------------------------------------------------

const anyWebUrl = fc.webUrl({
  validSchemes: ['http', 'https'],
  authoritySettings: { withIPv4: true, withIPv6: true, withIPv4Extended: true, withUserInfo: true, withPort: true },
  withQueryParameters: true,
  withFragments: true,
});

const idnHost = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.constantFrom('test', 'example', 'com', 'テスト', 'рф'))
  .map(([label, tld]) => `${label.replace(/[\s/?#@:[\]\\%.]/gu, '')}.${tld}`);

/** Percent-encodes a few characters of a path, as a pasting tool might. */
const percentMangled = fc.tuple(postCase, fc.nat(), fc.constantFrom('encode', 'double-slash', 'dot-segment', 'upper-escape', 'backslash')).map(([c, n, how]) => {
  const url = c.variants[0]!;
  const at = url.indexOf('/', url.indexOf('//') + 2);
  if (at < 0) return url;
  const head = url.slice(0, at);
  const path = url.slice(at);
  const i = 1 + (n % Math.max(1, path.length - 1));
  switch (how) {
    case 'encode':
      return head + path.slice(0, i) + encodeURIComponent(path[i] ?? '').replace(/^[A-Za-z0-9]$/, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`) + path.slice(i + 1);
    case 'double-slash':
      return `${head}/${path}`;
    case 'dot-segment':
      return `${head}/a/..${path}`;
    case 'upper-escape':
      return head + path.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
    default:
      return head + path.replace(/\//g, '\\');
  }
});

/** A known platform host with a random path, query and fragment: pages, posts, nonsense. */
const knownHostRandomPath = fc
  .tuple(hostFrom(KNOWN_HOSTS), fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }), fc.option(fc.webFragments(), { nil: undefined }), decoration)
  .map(([host, path, query, fragment, d]) => dress(host, path.startsWith('/') ? path : `/${path}`, { ...d, junk: [], fragment: '' }, {}) + (query !== undefined ? `?${query}` : '') + (fragment !== undefined ? `#${fragment}` : ''));

const junkString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `https://${s}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `at://${s}`),
  fc.tuple(fc.constantFrom('x.com', 'bsky.app', 'youtu.be', 'mastodon.social'), fc.string({ unit: 'binary', maxLength: 40 })).map(([h, s]) => `${h}${s}`),
  fc.constantFrom('', ' ', 'http://', 'https://', '//x.com/jack/status/20', 'javascript:alert(1)', 'data:,x', 'http://[::1', 'https://exa mple.com/', '\u0000', 'https://%', 'x.com:443', 'user:pass@x.com/a'),
);

/** A post URL padded (in its query) to around the 2048-character default limit, either side of it. */
export const nearLimit = fc
  .tuple(postCase, fc.integer({ min: 2040, max: 2056 }), fc.constantFrom('a', 'é', '|', ' '))
  .map(([c, length, pad]) => {
    const url = c.variants[0]!;
    const stem = `${url.replace(/#.*$/, '')}${url.includes('?') ? '&' : '?'}pad=`;
    return stem + pad.repeat(Math.max(0, length - stem.length));
  });

/** Everything the general properties run over, weighted towards what looks like a link. */
export const anyInput: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: anyWebUrl, weight: 3 },
  { arbitrary: fc.tuple(fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6().map((ip) => `[${ip}]`)), fc.webPath()).map(([h, p]) => `http://${h}${p}`), weight: 1 },
  { arbitrary: fc.tuple(idnHost, fc.webPath()).map(([h, p]) => `https://${h}${p}`), weight: 1 },
  { arbitrary: knownHostRandomPath, weight: 3 },
  { arbitrary: postCase.chain((c) => fc.constantFrom(...c.variants)), weight: 3 },
  { arbitrary: percentMangled, weight: 2 },
  { arbitrary: evilUrl, weight: 2 },
  { arbitrary: junkString, weight: 2 },
  { arbitrary: nearLimit, weight: 1 },
);
