// Reads PLATFORM_CREDENTIALS_FILE: JSON, one entry per platform id. An entry is either one session
// as before (cookies by name, an API client id and secret, an API key) or `sessions: [...]` (each
// with an optional `name` and `proxy`), and in both cases an optional `proxies: [...]` pool.
// Problems are reported by place only (`instagram.sessions[1].proxy`), never with the value read:
// a value may be a cookie or a proxy password.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { PlatformAccessSettings, PlatformCredentials, SessionSettings } from '../application/credentials.js';
import { isPlatformId } from '../domain/platforms/platform-id.js';
import { proxyUrlProblem } from './proxy-url.js';

const Secret = v.pipe(v.string(), v.nonEmpty());
const Cookies = v.record(v.pipe(v.string(), v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/)), v.pipe(v.string(), v.regex(/^[^;\r\n]*$/)));
const CredentialFields = {
  cookies: v.optional(Cookies),
  clientId: v.optional(Secret),
  clientSecret: v.optional(Secret),
  apiKey: v.optional(Secret),
};
/** Session names appear in logs, metrics and answers: plain words only. */
const SESSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._@#-]{0,63}$/;
const SessionSchema = v.strictObject({ ...CredentialFields, name: v.optional(v.pipe(v.string(), v.regex(SESSION_NAME))), proxy: v.optional(v.string()) });
const EntrySchema = v.strictObject({ ...CredentialFields, sessions: v.optional(v.array(SessionSchema)), proxies: v.optional(v.array(v.string())) });
const FileSchema = v.record(v.string(), EntrySchema);

type Entry = v.InferOutput<typeof EntrySchema>;
type SessionEntry = v.InferOutput<typeof SessionSchema>;

/**
 * Platforms whose API client is an OAuth client that needs its secret (Reddit's app-only grant);
 * elsewhere a client id alone is a public client (Imgur) and a secret beside it goes unused.
 */
const CLIENT_NEEDS_SECRET: ReadonlySet<string> = new Set(['reddit']);
const PREFIX = 'PLATFORM_CREDENTIALS_FILE';
const SHAPE = 'an object of cookies by name, clientId, clientSecret, apiKey, or sessions: [{name?, cookies?, clientId?, clientSecret?, apiKey?, proxy?}] and proxies: ["http://[user:pass@]host:port"]';

export type CredentialsFileAnswer = { ok: true; credentials: PlatformCredentials } | { ok: false; problems: string[] };

/** The credentials in the file, or the problems found (each naming where, never what). */
export function readCredentialsFile(path: string): CredentialsFileAnswer {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problems: [`${PREFIX} ${code ? `cannot be read (${code})` : 'is not valid JSON'}`] };
  }
  const parsed = v.safeParse(FileSchema, json);
  if (!parsed.success) {
    const where = parsed.issues.map((issue) => place(issue.path) ?? '(top level)');
    return { ok: false, problems: [...new Set(where)].map((at) => `${PREFIX}: ${at} is not valid (${SHAPE})`) };
  }
  const problems: string[] = [];
  const credentials: Partial<Record<string, PlatformAccessSettings>> = {};
  for (const [platform, entry] of Object.entries(parsed.output)) {
    if (!isPlatformId(platform)) {
      problems.push(`${PREFIX} names an unknown platform: ${platform}`);
      continue;
    }
    credentials[platform] = readEntry(platform, entry, problems);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, credentials: credentials as PlatformCredentials };
}

function readEntry(platform: string, entry: Entry, problems: string[]): PlatformAccessSettings {
  const { sessions: listed, proxies = [], ...single } = entry;
  const hasSingle = Object.values(single).some((value) => value !== undefined);
  if (listed && hasSingle) problems.push(`${PREFIX}: ${platform} gives both sessions and the fields of a single session; put that session in the list`);
  const given: SessionEntry[] = listed ?? (hasSingle ? [single] : []);
  const sessions = given.map((session, n): SessionSettings => {
    const at = listed ? `${platform}.sessions[${n}]` : platform;
    checkSession(platform, at, session, problems);
    return { ...session, name: session.name ?? `${platform}#${n + 1}` };
  });
  const names = sessions.map((s) => s.name);
  for (const name of new Set(names.filter((name, i) => names.indexOf(name) !== i))) problems.push(`${PREFIX}: ${platform} has two sessions named ${name}`);
  proxies.forEach((proxy, n) => {
    const problem = proxyUrlProblem(proxy);
    if (problem) problems.push(`${PREFIX}: ${platform}.proxies[${n}] ${problem}`);
  });
  return { sessions, proxies };
}

function checkSession(platform: string, at: string, session: SessionEntry, problems: string[]): void {
  if (session.cookies === undefined && session.clientId === undefined && session.apiKey === undefined) {
    problems.push(`${PREFIX}: ${at} has no cookies, clientId or apiKey`);
  }
  if (session.clientSecret !== undefined && session.clientId === undefined) {
    problems.push(`${PREFIX}: ${at} has a clientSecret without its clientId`);
  } else if (CLIENT_NEEDS_SECRET.has(platform) && (session.clientId === undefined) !== (session.clientSecret === undefined)) {
    problems.push(`${PREFIX}: ${at} needs both clientId and clientSecret`);
  }
  if (session.proxy !== undefined) {
    const problem = proxyUrlProblem(session.proxy);
    if (problem) problems.push(`${PREFIX}: ${at}.proxy ${problem}`);
  }
}

/** `instagram.sessions[1].cookies.sessionid`: where an issue is, from its path (keys only, never values). */
function place(path: v.BaseIssue<unknown>['path']): string | undefined {
  if (!path?.length) return undefined;
  return path.map((item, n) => (typeof item.key === 'number' ? `[${item.key}]` : `${n ? '.' : ''}${String(item.key)}`)).join('');
}
