// Reads PLATFORM_CREDENTIALS_FILE: JSON, one entry per platform id, each with cookies (by name),
// an API client id (and secret) and/or an API key. Problems are reported by position only, never
// with the value read.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { PlatformCredentials } from '../application/credentials.js';
import { isPlatformId } from '../domain/platforms/platform-id.js';

const Secret = v.pipe(v.string(), v.nonEmpty());
const CredentialSchema = v.strictObject({
  cookies: v.optional(v.record(v.pipe(v.string(), v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/)), v.pipe(v.string(), v.regex(/^[^;\r\n]*$/)))),
  clientId: v.optional(Secret),
  clientSecret: v.optional(Secret),
  apiKey: v.optional(Secret),
});

/**
 * Platforms whose API client is an OAuth client that needs its secret (Reddit's app-only grant);
 * elsewhere a client id alone is a public client (Imgur) and a secret beside it goes unused.
 */
const CLIENT_NEEDS_SECRET: ReadonlySet<string> = new Set(['reddit']);
const FileSchema = v.record(v.string(), CredentialSchema);

/** The credentials in the file, or the problems found (each naming where, never what). */
export function readCredentialsFile(path: string): { ok: true; credentials: PlatformCredentials } | { ok: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problems: [`PLATFORM_CREDENTIALS_FILE ${code ? `cannot be read (${code})` : 'is not valid JSON'}`] };
  }
  const parsed = v.safeParse(FileSchema, json);
  if (!parsed.success) {
    const where = parsed.issues.map((issue) => v.getDotPath(issue) ?? '(top level)');
    return { ok: false, problems: [...new Set(where)].map((at) => `PLATFORM_CREDENTIALS_FILE: ${at} is not valid (an object of cookies by name, clientId, clientSecret, apiKey)`) };
  }
  const problems: string[] = [];
  for (const [platform, credential] of Object.entries(parsed.output)) {
    if (!isPlatformId(platform)) problems.push(`PLATFORM_CREDENTIALS_FILE names an unknown platform: ${platform}`);
    if (credential.clientSecret !== undefined && credential.clientId === undefined) {
      problems.push(`PLATFORM_CREDENTIALS_FILE: ${platform} has a clientSecret without its clientId`);
    } else if (CLIENT_NEEDS_SECRET.has(platform) && (credential.clientId === undefined) !== (credential.clientSecret === undefined)) {
      problems.push(`PLATFORM_CREDENTIALS_FILE: ${platform} needs both clientId and clientSecret`);
    }
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, credentials: parsed.output as PlatformCredentials };
}
