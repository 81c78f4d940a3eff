// One configured session as the running service holds it: its name, its own way out if it has one,
// and its credential, whose cookies follow what the platform sets (DESIGN §9 "Refreshed"), in
// memory only, as a browser keeps them.
import type { PlatformCredential, SessionSettings } from '../credentials.js';
import { namedProxies, type Egress } from './egress.js';

export class LiveSession {
  readonly name: string;
  /** The session's own proxy: a logged-in account keeps one address. */
  readonly egress: Egress | undefined;
  private current: PlatformCredential;

  constructor(settings: SessionSettings) {
    const { name, proxy, ...credential } = settings;
    this.name = name;
    this.egress = proxy ? namedProxies([proxy])[0] : undefined;
    this.current = credential;
  }

  /** What the session presents now. A new object after each refresh, so holders of the old one see it unchanged. */
  get credential(): PlatformCredential {
    return this.current;
  }
}
