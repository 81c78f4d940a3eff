// Concurrent callers asking for one key share one in-flight promise.
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  /** Whether work for `key` is in flight (a caller of `run` now would share it). */
  running(key: string): boolean {
    return this.inFlight.has(key);
  }

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
