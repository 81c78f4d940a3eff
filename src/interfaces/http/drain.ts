// Draining an HTTP server for a graceful shutdown: stop listening, let the requests (and /v/
// streams) in flight finish, and close each keep-alive connection as soon as it falls idle —
// Node's server.close() alone closes only the connections idle at that moment, so a connection
// whose response ends later would hold the process until its keep-alive timeout.
import type { Server, ServerResponse } from 'node:http';

export interface Drainer {
  /** Responses not yet finished. */
  inFlight(): number;
  /** Stops accepting connections; resolves once every connection has closed. Idempotent. */
  drain(): Promise<void>;
  /** Destroys every connection still open (the grace period is over). */
  cut(): void;
}

/** Call before the server starts listening, so that no request escapes the count. */
export function drainable(server: Server): Drainer {
  const open = new Set<ServerResponse>();
  let draining: Promise<void> | undefined;

  const closeWhenIdle = () => setImmediate(() => server.closeIdleConnections());

  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    // A request that arrives on a kept-alive connection while draining is served, on a connection
    // that then closes.
    if (draining) closeAfter(res);
    res.once('close', () => {
      open.delete(res);
      if (draining) closeWhenIdle();
    });
  });

  return {
    inFlight: () => open.size,
    drain() {
      draining ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const res of open) closeAfter(res);
      });
      return draining;
    },
    cut() {
      server.closeAllConnections();
    },
  };
}

/** Asks for `Connection: close` on a response whose headers have not gone out yet. */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
