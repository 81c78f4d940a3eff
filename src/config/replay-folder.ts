// Checks UPSTREAM_REPLAY_DIR at start-up: a folder whose every `*.json` file reads as recorded
// exchanges. A wrong folder would otherwise start an instance that answers every post degraded,
// or stop it with a stack trace; as a configuration problem it is one line naming what is wrong.
import { statSync } from 'node:fs';
import { loadRecordedExchanges } from '../infrastructure/http/recorded-exchanges.js';

/** What is wrong with the folder, or undefined when it replays. */
export function replayFolderProblem(path: string): string | undefined {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    return `UPSTREAM_REPLAY_DIR names no readable folder: ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (!isFolder) return `UPSTREAM_REPLAY_DIR must be a folder of recorded exchanges (*.json files); ${path} is a file`;
  try {
    if (loadRecordedExchanges(path).length === 0) return `UPSTREAM_REPLAY_DIR holds no recorded exchange: ${path} has no *.json file with one`;
  } catch (error) {
    return `UPSTREAM_REPLAY_DIR: ${(error as Error).message}`;
  }
  return undefined;
}
