// The per-address connection cap (MAX_CONNECTIONS_PER_IP, docs/design.md §6): one client address holding
// thousands of slow or idle sockets must not take every descriptor the server has, so a connection
// past the cap is closed as soon as it is accepted. Behind a proxy every connection comes from the
// balancer's address, hence 0 turns the cap off (the default when TRUST_PROXY is true).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Counts open connections per remote address; `refused` is told of each connection closed for the cap. */
export function capConnectionsPerAddress(server: Server, max: number, refused: () => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already closed by the peer: nothing to count
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      refused();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
