// Optional per-platform credentials (PLATFORM_CREDENTIALS_FILE), for the strategies that can use
// them when a platform refuses anonymous clients from a data-centre address. Secret: adapters put
// them in upstream request headers only, never in a result, an error message or a log line.
import type { PlatformId } from '../domain/platforms/platform-id.js';

export interface PlatformCredential {
  /** Cookies of a logged-in (or consented) browser session, by name. */
  cookies?: Readonly<Record<string, string>>;
  /** An API client: OAuth for app-only access (Reddit, with its secret), or a public client id (Imgur). */
  clientId?: string;
  clientSecret?: string;
  /** An API key (Tumblr's consumer key). */
  apiKey?: string;
}

export type PlatformCredentials = Readonly<Partial<Record<PlatformId, PlatformCredential>>>;

export const PLATFORM_CREDENTIALS = Symbol('PlatformCredentials');
