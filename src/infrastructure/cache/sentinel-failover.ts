// Following a Sentinel failover the client would not notice by itself. When the master dies the
// connection drops and ioredis asks the sentinels for the master again. But a master that froze or
// was cut off keeps the connection open, its commands only time out, and the client would stay on
// it until it came back; the sentinels meanwhile promote a replica and announce it on
// +switch-master. On that announcement the client drops its connection and asks them again.
// ioredis' own `failoverDetector` option does the same, but an announcement that arrives while the
// client is already reconnecting (its master was killed) ends the client for good: status 'end',
// never reconnected (seen with ioredis 5.11.1). Here a client that is not connected is left alone:
// its reconnect asks the sentinels anyway.
import { Redis } from 'ioredis';
import type { RedisAddress } from './redis-address.js';

const SWITCH_MASTER = '+switch-master';

/**
 * Subscribes to +switch-master on every configured sentinel, for as long as `client` is open.
 * `reconnectDelay` is the client's own backoff, used for the subscriptions too.
 */
export function followFailovers(client: Redis, sentinels: readonly RedisAddress[], name: string, reconnectDelay: (attempt: number) => number): void {
  const watchers = sentinels.map(({ host, port }) => {
    // Its own connection (a subscribed connection takes no other command), re-subscribed after a reconnect.
    const watcher = new Redis({ host, port, connectTimeout: 1000, retryStrategy: reconnectDelay, maxRetriesPerRequest: null });
    watcher.on('error', () => undefined); // the client's own errors tell of Redis; a sentinel down is not news
    watcher.subscribe(SWITCH_MASTER).catch(() => undefined);
    watcher.on('message', (channel: string, message: string) => {
      // "<master name> <old ip> <old port> <new ip> <new port>"
      if (channel !== SWITCH_MASTER || message.split(' ')[0] !== name) return;
      if (client.status === 'ready') client.disconnect(true);
    });
    return watcher;
  });
  client.once('end', () => {
    for (const watcher of watchers) watcher.disconnect();
  });
}
