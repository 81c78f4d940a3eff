// How postlens reaches the platforms (docs/design.md §9, §10): time and size bounds of an upstream
// call and of a whole resolve, the circuit breaker, how long a refused session is benched, UPSTREAM_PROXY,
// recorded exchanges in place of the network, and the platform credentials file.
import * as v from 'valibot';
import type { PlatformCredentials } from '../application/credentials.js';
import { readCredentialsFile } from './credentials-file.js';
import { int, optionalText, url } from './env-values.js';
import { replayFolderProblem } from './replay-folder.js';

export const UPSTREAM_ENV = v.object({
  UPSTREAM_TIMEOUT_MS: int(5000, 50),
  RESOLVE_BUDGET_MS: int(10000, 100),
  UPSTREAM_MAX_BYTES: int(5242880, 1024),
  BREAKER_THRESHOLD: int(5, 1),
  BREAKER_COOLDOWN_S: int(30, 1),
  SESSION_COOLDOWN_S: int(300, 1, 3600),
  UPSTREAM_PROXY: url(['http:', 'https:']),
  UPSTREAM_REPLAY_DIR: optionalText,
  PLATFORM_CREDENTIALS_FILE: optionalText,
});

export interface UpstreamSettings {
  upstreamTimeoutMs: number;
  resolveBudgetMs: number;
  upstreamMaxBytes: number;
  breakerThreshold: number;
  breakerCooldownS: number;
  /** SESSION_COOLDOWN_S, the bench time: how long a first bench lasts (doubled on repeats, at most an hour). */
  benchS: number;
  upstreamProxy?: string;
  upstreamReplayDir?: string;
  /** From PLATFORM_CREDENTIALS_FILE; empty when unset. Secret. */
  platformCredentials: PlatformCredentials;
  /** PLATFORM_CREDENTIALS_FILE itself: read again on SIGHUP. */
  platformCredentialsFile?: string;
}

export function upstreamSettings(e: v.InferOutput<typeof UPSTREAM_ENV>, problems: string[]): UpstreamSettings {
  let platformCredentials: PlatformCredentials = {};
  if (e.PLATFORM_CREDENTIALS_FILE) {
    const read = readCredentialsFile(e.PLATFORM_CREDENTIALS_FILE);
    if (read.ok) platformCredentials = read.credentials;
    else problems.push(...read.problems);
  }
  if (e.UPSTREAM_REPLAY_DIR) {
    const problem = replayFolderProblem(e.UPSTREAM_REPLAY_DIR);
    if (problem) problems.push(problem);
  }
  if (e.RESOLVE_BUDGET_MS < e.UPSTREAM_TIMEOUT_MS) {
    problems.push('RESOLVE_BUDGET_MS must be at least UPSTREAM_TIMEOUT_MS');
  }
  return {
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    resolveBudgetMs: e.RESOLVE_BUDGET_MS,
    upstreamMaxBytes: e.UPSTREAM_MAX_BYTES,
    breakerThreshold: e.BREAKER_THRESHOLD,
    breakerCooldownS: e.BREAKER_COOLDOWN_S,
    benchS: e.SESSION_COOLDOWN_S,
    upstreamProxy: e.UPSTREAM_PROXY,
    upstreamReplayDir: e.UPSTREAM_REPLAY_DIR,
    platformCredentials,
    platformCredentialsFile: e.PLATFORM_CREDENTIALS_FILE,
  };
}
