// A platform's canonical host as its adapter calls it, read from the spec: the spec is the only
// place a platform's host names are written (its other hosts are named there too).
import type { PlatformSpec } from '../../../domain/platforms/platform-spec.js';

type Canonical = Pick<PlatformSpec, 'id' | 'canonicalHost'>;

/** The spec's `canonicalHost`; only a platform without one (Mastodon: the post's own instance) has none to give. */
export function canonicalHostOf(spec: Canonical): string {
  if (!spec.canonicalHost) throw new Error(`${spec.id} has no canonical host`);
  return spec.canonicalHost;
}

/** `https://{canonicalHost}`, without a trailing slash: what paths are appended to. */
export function originOf(spec: Canonical): string {
  return `https://${canonicalHostOf(spec)}`;
}
