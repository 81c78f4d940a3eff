// The session an adapter presents: the one chosen for the resolve it is running (docs/design.md §9
// "Choosing"), read at the moment a request is built, so every request of one resolve carries the
// same session and the next resolve may carry another. Adapters never hold a session themselves.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { PlatformCredential } from '../credentials.js';

export interface SessionInUse {
  /** The credential of `platform`'s session for the resolve under way; undefined when it runs anonymously. */
  credential(platform: PlatformId): PlatformCredential | undefined;
}

export const SESSION_IN_USE = Symbol('SessionInUse');
