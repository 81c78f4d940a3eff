// Who may call the API and how much (docs/design.md §6, §10): the API keys (API_KEYS, API_KEYS_FILE, a
// generated one outside production), the rate limits, and the size of what a request may carry.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { bool, int, list, optionalText } from './env-values.js';

export const ACCESS_ENV = v.object({
  API_KEYS: list,
  API_KEYS_FILE: optionalText,
  API_ENABLED: bool(true),
  RATE_LIMIT_POINTS: int(120, 1),
  RATE_LIMIT_DURATION: int(60, 1),
  PUBLIC_RATE_LIMIT_POINTS: int(300, 1),
  AUTH_FAIL_POINTS: int(30, 1),
  MAX_BATCH: int(50, 1, 1000),
  MAX_BODY_BYTES: int(65536, 256),
  MAX_URL_LENGTH: int(2048, 32, 65536),
});

export interface AccessSettings {
  apiKeys: readonly string[];
  /** True when no key was configured and one was generated for this process (development only). */
  apiKeyGenerated: boolean;
  apiEnabled: boolean;
  rateLimitPoints: number;
  rateLimitDuration: number;
  publicRateLimitPoints: number;
  /** Failed authentications one client address may make per RATE_LIMIT_DURATION before it gets 429. */
  authFailPoints: number;
  maxBatch: number;
  maxBodyBytes: number;
  maxUrlLength: number;
}

/** The access settings; in production at least one key must be configured, else one is made up. */
export function accessSettings(e: v.InferOutput<typeof ACCESS_ENV>, production: boolean, randomKey: () => string, problems: string[]): AccessSettings {
  let apiKeys = [...e.API_KEYS];
  if (e.API_KEYS_FILE) {
    try {
      apiKeys.push(...parseKeysFile(readFileSync(e.API_KEYS_FILE, 'utf8')));
    } catch (error) {
      problems.push(`API_KEYS_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  apiKeys = [...new Set(apiKeys)];
  let apiKeyGenerated = false;
  if (apiKeys.length === 0) {
    if (production) problems.push('API_KEYS or API_KEYS_FILE must name at least one key in production');
    else {
      apiKeys = [randomKey()];
      apiKeyGenerated = true;
    }
  }
  return {
    apiKeys,
    apiKeyGenerated,
    apiEnabled: e.API_ENABLED,
    rateLimitPoints: e.RATE_LIMIT_POINTS,
    rateLimitDuration: e.RATE_LIMIT_DURATION,
    publicRateLimitPoints: e.PUBLIC_RATE_LIMIT_POINTS,
    authFailPoints: e.AUTH_FAIL_POINTS,
    maxBatch: e.MAX_BATCH,
    maxBodyBytes: e.MAX_BODY_BYTES,
    maxUrlLength: e.MAX_URL_LENGTH,
  };
}

/** One key per line; blank lines and `#` comments ignored. */
export function parseKeysFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}
