// Loaded into the soak's service process before main (`node --expose-gc --import ./scripts/soak-probe.ts`):
// answers the soak's `stats` requests over IPC with this process's memory and open handles, so the
// figures are the service's own, not the load generator's.
interface StatsRequest {
  type: 'stats';
  id: number;
  /** Collect garbage first, so heap figures show what is retained rather than what is pending. */
  gc?: boolean;
}

export interface ServiceStats {
  type: 'stats';
  id: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** process.getActiveResourcesInfo(), counted by type (TCPSocketWrap, Timeout, …). */
  handles: Record<string, number>;
}

process.on('message', (message: StatsRequest) => {
  if (message?.type !== 'stats' || !process.send) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (message.gc && gc) gc();
  const memory = process.memoryUsage();
  const handles: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) handles[type] = (handles[type] ?? 0) + 1;
  const stats: ServiceStats = {
    type: 'stats',
    id: message.id,
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    handles,
  };
  process.send(stats);
});
// The IPC channel must not keep the service alive on its own: main decides when it exits.
process.channel?.unref();
