// SIGHUP (docs/design.md §9 "Refreshed"): PLATFORM_CREDENTIALS_FILE is read again and, when it validates,
// its sessions and proxies replace the ones in use without a restart; a file that does not
// validate is refused with one log line naming the places at fault (never a value), and the
// sessions and proxies in use are kept.
import type { PlatformCredentials } from '../application/credentials.js';
import type { Logger } from '../application/ports/logger.port.js';
import { readCredentialsFile } from './credentials-file.js';

export function reloadCredentials(path: string | undefined, replace: (credentials: PlatformCredentials) => void, logger: Logger): void {
  if (!path) {
    logger.warn({}, 'SIGHUP: no PLATFORM_CREDENTIALS_FILE to read again');
    return;
  }
  const read = readCredentialsFile(path);
  if (!read.ok) {
    logger.error({ problems: read.problems }, 'credentials file refused on SIGHUP; the sessions and proxies in use are kept');
    return;
  }
  replace(read.credentials);
  const entries = Object.values(read.credentials);
  const sessions = entries.reduce((n, access) => n + (access?.sessions.length ?? 0), 0);
  const proxies = entries.reduce((n, access) => n + (access?.proxies.length ?? 0), 0);
  logger.info({ platforms: entries.length, sessions, proxies }, 'credentials file read again');
}
