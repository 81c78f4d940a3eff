// The worker's side of lib/child.ts: announce the port, answer commands, exit cleanly on SIGTERM
// (so --cpu-prof writes its profile). Every worker answers `rss` (after a full GC when asked, so
// idle figures are settled) and `cpu` (process CPU time, to tell whether a server was saturated).

export type Handlers = Record<string, (args: any) => unknown>;

export function serveCommands(port: number, handlers: Handlers = {}): void {
  const all: Handlers = {
    rss: (args: { gc?: boolean } | undefined) => {
      if (args?.gc) (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().rss;
    },
    /** RSS and V8 heap in use, after a full GC when asked. */
    memory: (args: { gc?: boolean } | undefined) => {
      if (args?.gc) (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      return { rss, heapUsed, heapTotal, external: external + arrayBuffers };
    },
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    cpuSplit: () => {
      const { user, system } = process.cpuUsage();
      return { user: user / 1000, system: system / 1000 };
    },
    ...handlers,
  };
  process.on('message', (message: { id: number; cmd: string; args?: unknown }) => {
    const handler = all[message.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${message.cmd}`);
        return handler(message.args);
      })
      .then(
        (result) => process.send?.({ id: message.id, result }),
        (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  process.on('SIGTERM', () => process.exit(0));
  // The orchestrator went away: do not outlive it.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', port });
}
