// What a platform puts in place of the post for a client it will not serve: a bot check or wall
// that answers 200 with markup of its own (DESIGN.md §4 reads it as `blocked`).

/** Whether a body is markup (a page) rather than JSON or text: where JSON was asked for, a wall or a bot check. */
export function isMarkup(body: string): boolean {
  return /^\uFEFF?\s*</.test(body);
}

/**
 * The reason a page strategy gives a page it found no post in. Markup without the post's data is,
 * in practice, the wall or bot check a platform puts in its place: `blocked`. A body that is not
 * markup at all (JSON, plain text, nothing) where a page was asked for is an answer the adapter
 * cannot read: `upstream-error` (DESIGN.md §4), not a reason to ask for cookies or a proxy.
 */
export function pageWithoutPost(body: string): 'blocked' | 'upstream-error' {
  return isMarkup(body) ? 'blocked' : 'upstream-error';
}
