// Per-platform access (PLATFORM_CREDENTIALS_FILE, docs/design.md §9 "Access: sessions and egress"): the
// sessions a platform may be asked with and the proxies its requests may leave through. Secret:
// cookies, client secrets, API keys and proxy passwords go into upstream requests only, never into
// a result, an error message, a log line or a metric; a session is named by its `name`.
import type { PlatformId } from '../domain/platforms/platform-id.js';

/** What one session presents to a platform. */
export interface PlatformCredential {
  /** Cookies of a logged-in (or consented) browser session, by name. */
  cookies?: Readonly<Record<string, string>>;
  /** An API client: OAuth for app-only access (Reddit, with its secret), or a public client id (Imgur). */
  clientId?: string;
  clientSecret?: string;
  /** An API key (Tumblr's consumer key). */
  apiKey?: string;
}

/** One configured session: its credential, the name it is known by, and its own egress if it has one. */
export interface SessionSettings extends PlatformCredential {
  /** The file's `name`, else `{platform}#{n}` (n counted from 1): never derived from a secret. */
  name: string;
  /** `http(s)://[user:pass@]host:port`: a logged-in account keeps one address. */
  proxy?: string;
}

/** A platform's entry in the file: its sessions (the old single object is one) and its proxy pool. */
export interface PlatformAccessSettings {
  sessions: readonly SessionSettings[];
  /** Egresses for anonymous requests and for sessions without their own proxy, used in turn. */
  proxies: readonly string[];
}

export type PlatformCredentials = Readonly<Partial<Record<PlatformId, PlatformAccessSettings>>>;
