// Following a Sentinel failover the client would not notice by itself. When the master dies the
// connection drops and ioredis asks the sentinels for the master again. But a master that froze or
// was cut off keeps the connection open, its commands only time out, and the client would stay on
// it until it came back; the sentinels meanwhile promote a replica and announce it on
// +switch-master. On that announcement the client drops its connection and asks them again.
// ioredis' own `failoverDetector` option does the same, but an announcement that arrives while the
// client is already reconnecting (its master was killed) ends the client for good: status 'end',
// never reconnected (seen with ioredis 5.11.1). Here a client that is not connected is left alone:
// its reconnect asks the sentinels anyway. So is a client already on the announced master: a
// sentinel names the promoted replica as the master before it announces the switch, so a client
// that reconnected in between is already there, and dropping it would fail the commands in flight.
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
      const [announced, , , newHost, newPort] = message.split(' ');
      if (channel !== SWITCH_MASTER || announced !== name) return;
      if (client.status === 'ready' && !connectedTo(client, newHost, Number(newPort))) client.disconnect(true);
    });
    return watcher;
  });
  client.once('end', () => {
    for (const watcher of watchers) watcher.disconnect();
  });
}

/** Whether the client's connection goes to `host:port` (an IPv4 address may be given in its IPv6-mapped form). */
function connectedTo(client: Redis, host: string | undefined, port: number): boolean {
  const { remoteAddress, remotePort } = client.stream;
  return remotePort === port && remoteAddress?.replace(/^::ffff:/, '') === host;
}
