// Decides whether an input string is a URL the service will look at (docs/design.md §2).
export type Accepted = { ok: true; url: URL } | { ok: false; error: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// at://{did-or-handle}/app.bsky.feed.post/{rkey}: the AT Protocol's own name for a Bluesky post.
const AT_URI = /^at:\/\/(?<actor>did:[a-z0-9]{1,32}:(?:[a-zA-Z0-9._:-]|%[0-9A-Fa-f]{2}){1,2048}|[a-zA-Z0-9.-]{1,253})\/app\.bsky\.feed\.post\/(?<rkey>[a-zA-Z0-9._~:-]{1,512})$/;

const REG_NAME = /^[A-Za-z0-9\-._~!$&'()*+,;=]+$/;

export function acceptUrl(input: unknown, maxLength: number): Accepted {
  if (typeof input !== 'string') return { ok: false, error: 'url must be a string.' };
  const text = input.trim();
  if (text === '') return { ok: false, error: 'url is empty; pass the address of a post, e.g. https://bsky.app/profile/alice.test/post/3kabc.' };
  if (text.length > maxLength) return { ok: false, error: `url is ${text.length} characters long; the limit is ${maxLength}.` };

  if (/^at:\/\//i.test(text)) {
    // The scheme is case-insensitive; the rest is not (rkeys and DIDs are case-sensitive).
    const at = AT_URI.exec(`at://${text.slice(5)}`);
    if (!at?.groups) return { ok: false, error: 'url is an at:// URI but not of a Bluesky post (at://{did-or-handle}/app.bsky.feed.post/{rkey}).' };
    return { ok: true, url: new URL(`https://bsky.app/profile/${at.groups.actor}/post/${at.groups.rkey}`) };
  }

  // A pasted link often lacks its scheme ("x.com/jack/status/20"); read it as https.
  const withScheme = SCHEME.test(text) && !/^[^/:]+:\d/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: 'url is not a valid absolute URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: `url must use http or https, not ${url.protocol.slice(0, -1)}.` };
  }
  if (url.hostname === '') return { ok: false, error: 'url has no host.' };
  // A host of nothing but dots (`.`, `..`, and `%2e` or the full-width `。` once WHATWG has decoded
  // and mapped them) is empty once its trailing dots go, as every host is compared: no host at all.
  if (normalisedHost(url) === '') return { ok: false, error: 'url has no host: its host name is only dots.' };
  // WHATWG lets through host names that no URI may carry (`"`, `{`, `` ` ``, …); an answer's
  // canonical URL must be a valid URI, so only RFC 3986 reg-name characters (IDNs are punycode
  // by now) or an IP literal are hosts.
  if (!url.hostname.startsWith('[') && !REG_NAME.test(url.hostname)) return { ok: false, error: 'url has a host name with characters no host name can have.' };
  // Without a scheme, only something that looks like a link (a dotted host or an IP) is one: a
  // bare word such as "hello" is a mistake, not the host "hello".
  if (withScheme !== text && !url.hostname.includes('.') && !url.hostname.startsWith('[')) {
    return { ok: false, error: 'url is not a valid absolute URL; include the scheme, e.g. https://.' };
  }
  return { ok: true, url };
}

/** The host as compared everywhere: punycode (WHATWG already did that), lower case, no trailing dot. */
export function normalisedHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.+$/, '');
}

/**
 * A URL with what never belongs in a canonical form taken out: userinfo, port, fragment; the host
 * normalised. Used for `no-adapter` answers and for pages of a known platform that are not posts.
 */
export function normalisedUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  copy.port = '';
  copy.hash = '';
  copy.hostname = normalisedHost(url);
  return asUri(copy.href);
}

/**
 * WHATWG serialisation leaves some characters RFC 3986 forbids (`{`, `}`, `|`, `^`, `[`, `]`, a
 * `%` not starting an escape…) as they are in paths and queries; percent-encode them so every
 * canonical URL is a valid URI. The origin (scheme, host, port) is already valid and left alone.
 */
export function asUri(href: string): string {
  const originLength = new URL(href).origin.length;
  return href.slice(0, originLength) + uriEscaped(href.slice(originLength));
}

/** A WHATWG-serialised path, query or fragment with what RFC 3986 forbids percent-encoded. */
export function uriEscaped(text: string): string {
  return text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));
}
