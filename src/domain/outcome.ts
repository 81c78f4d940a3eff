// The three outcomes of a resolve (spec/api.md): plain values, never exceptions.
import type { Card, ServedVideo } from './card.js';
import type { PlatformId } from './platforms/platform-id.js';
import type { Reason } from './reasons.js';

export interface Branding {
  siteName: string;
  themeColor: string;
}

export type OkOutcome = { status: 'ok'; platform: PlatformId; canonicalUrl: string } & Branding & Omit<Card, 'video'> & { video?: ServedVideo };

export type DegradedOutcome = {
  status: 'degraded';
  platform: PlatformId;
  canonicalUrl: string;
  reason: Reason;
  kind: 'link';
  title?: string;
  description?: string;
  author?: { name: string; url: string };
} & Branding;

export interface NoAdapterOutcome {
  status: 'no-adapter';
  platform: 'none';
  canonicalUrl: string;
}

export type Outcome = OkOutcome | DegradedOutcome | NoAdapterOutcome;
