// The media proxy's settings of docs/design.md §7, §10: whether it is on, the secret its tokens
// are sealed with (and the previous one, still accepted during a rotation), how long a token lasts.
import * as v from 'valibot';
import { bool, int, optionalText } from './env-values.js';

export const MEDIA_PROXY_ENV = v.object({
  PROXY_ENABLED: bool(true),
  PROXY_SECRET: optionalText,
  PROXY_SECRET_PREVIOUS: optionalText,
  PROXY_TOKEN_TTL: int(3600, 10),
});

export interface MediaProxySettings {
  proxyEnabled: boolean;
  /** Secret. Made up for this process when unset (production requires it while the proxy is on). */
  proxySecret: string;
  proxySecretPrevious?: string;
  proxyTokenTtl: number;
}

/** The media proxy settings; in production an enabled proxy needs its secret, else one is made up. */
export function mediaProxySettings(e: v.InferOutput<typeof MEDIA_PROXY_ENV>, production: boolean, randomKey: () => string, problems: string[]): MediaProxySettings {
  let proxySecret = e.PROXY_SECRET;
  if (!proxySecret) {
    if (production && e.PROXY_ENABLED) problems.push('PROXY_SECRET must be set in production while PROXY_ENABLED is true');
    proxySecret = randomKey();
  } else if (proxySecret.length < 32) {
    problems.push('PROXY_SECRET must be at least 32 characters');
  }
  return { proxyEnabled: e.PROXY_ENABLED, proxySecret, proxySecretPrevious: e.PROXY_SECRET_PREVIOUS, proxyTokenTtl: e.PROXY_TOKEN_TTL };
}
