// The open-web settings of docs/design.md §10 (WEB_CARDS, WEB_USER_AGENT, WEB_MAX_BYTES,
// WEB_PER_HOST_PER_MIN, WEB_DENY_HOSTS), read from the environment beside config.ts's schema and
// validated the same way: every bad value is a problem naming its variable.
import { domainToASCII } from 'node:url';

export interface WebConfig {
  /** Whether a URL on a host no platform claims resolves as `web` (docs/design.md §3); false: `no-adapter`. */
  cards: boolean;
  /** WEB_USER_AGENT as given; unset: `defaultWebUserAgent` of the running build. */
  userAgent?: string;
  /** The most of a page (or a file's head) read, in bytes. */
  maxBytes: number;
  /** Upstream requests one host may get in a minute from this instance; past it `rate-limited`. */
  perHostPerMinute: number;
  /** Host suffixes (`example.com` covers `a.example.com`) answered `disabled` without a request. */
  denyHosts: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const TRUE = ['true', '1', 'yes'];
const FALSE = ['false', '0', 'no'];

/** The web settings, each bad value a problem naming its variable. */
export function webConfig(env: Env, problems: string[]): WebConfig {
  const agent = userAgent(env, problems);
  return {
    cards: flag(env, 'WEB_CARDS', false, problems),
    ...(agent === undefined ? {} : { userAgent: agent }),
    maxBytes: whole(env, 'WEB_MAX_BYTES', 1_048_576, 1024, 64 * 1_048_576, problems),
    perHostPerMinute: whole(env, 'WEB_PER_HOST_PER_MIN', 60, 1, 100_000, problems),
    denyHosts: denyHosts(env, problems),
  };
}

function flag(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (TRUE.includes(raw)) return true;
  if (!FALSE.includes(raw)) problems.push(`${name} must be true or false`);
  return false;
}

function whole(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be a whole number`);
    return fallback;
  }
  const value = Number(raw);
  if (value < min) problems.push(`${name} must be at least ${min}`);
  else if (value > max) problems.push(`${name} must be at most ${max}`);
  return value;
}

/** docs/design.md §10's default: a crawler that says who runs it and where to read about it. */
export function defaultWebUserAgent(version: string, publicBaseUrl: string): string {
  return `Mozilla/5.0 (compatible; postlens/${version}; +${publicBaseUrl})`;
}

function userAgent(env: Env, problems: string[]): string | undefined {
  const raw = env['WEB_USER_AGENT']?.trim();
  if (raw === undefined || raw === '') return undefined;
  // A header value: visible ASCII and spaces only, so it can never split or smuggle a header.
  if (!/^[\x20-\x7e]+$/.test(raw) || raw.length > 512) problems.push('WEB_USER_AGENT must be printable ASCII, at most 512 characters');
  return raw;
}

/** Each entry a host name (any case, Unicode or punycode), kept as a lower-case ASCII suffix. */
function denyHosts(env: Env, problems: string[]): string[] {
  const entries = (env['WEB_DENY_HOSTS'] ?? '').split(',').map((entry) => entry.trim().replace(/^\.+|\.+$/g, '')).filter((entry) => entry !== '');
  const hosts: string[] = [];
  for (const entry of entries) {
    const ascii = /[\s/:@?#]/.test(entry) ? '' : domainToASCII(entry.toLowerCase());
    if (ascii === '') problems.push(`WEB_DENY_HOSTS entry "${entry.slice(0, 100)}" is not a host name`);
    else hosts.push(ascii);
  }
  return hosts;
}
