// What the fault suite watches in its own process: open TCP sockets (Node's active resources), the
// peak resident memory during one case, and a way to run the garbage collector on cue.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Production collects garbage at any moment; the suite does it at the worst one (while an exchange
// hangs) so that anything relying on an object nobody holds shows up every run, not once in a while.
setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;

/** TCP sockets this process holds open right now (clients and accepted connections, not listeners). */
export function tcpSockets(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;
}

/** Waits (up to `ms`) for the count to fall back to `before`; returns the count then. */
export async function waitForTcpSockets(before: number, ms = 1000): Promise<number> {
  const until = Date.now() + ms;
  while (tcpSockets() > before && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  return tcpSockets();
}
