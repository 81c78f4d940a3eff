// A handle keeps the case its URL gives it; `/resolve` answers with the platform's own spelling of
// that handle when an upstream answer names it (docs/design.md §3). Deciding when that spelling may replace
// the URL's is the same rule on every platform.

/**
 * `spelled` (the platform's spelling, e.g. X `screen_name`, Mastodon `acct`) when it is the URL's
 * handle `given`, in its case or another (an equal spelling is reported too: it tells that the
 * platform spelled it, so every spelling of the post is answered with it); undefined when the URL
 * names no handle, or the platform names another account (a renamed one, a repost's author), whose
 * handle the URL never gave. `pattern` is the platform's handle syntax (anchored): an upstream
 * answer cannot put anything else into a canonical URL.
 */
export function respelledHandle(given: string | undefined, spelled: string, pattern: RegExp): string | undefined {
  if (given === undefined || !pattern.test(spelled)) return undefined;
  return given.toLowerCase() === spelled.toLowerCase() ? spelled : undefined;
}
