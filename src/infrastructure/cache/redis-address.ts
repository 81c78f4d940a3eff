// One Redis server's or sentinel's address: what REDIS_CLUSTER_NODES and REDIS_SENTINELS list, and
// what a client or a failover watcher connects to.
export interface RedisAddress {
  host: string;
  port: number;
}
