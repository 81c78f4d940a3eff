// The TCP port a child process listens on, read from Linux's /proc: for a service started with
// PORT=0 whose standard output the test cannot read (it goes into a FIFO under test), so the
// kernel's choice is found where the kernel keeps it — the socket inodes among the process's open
// files, matched against /proc/net/tcp{,6} in the LISTEN state.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/** The first TCP port `pid` listens on, or undefined while it listens on none (or has exited). */
export function listeningPort(pid: number): number | undefined {
  let inodes: Set<string>;
  try {
    inodes = new Set(
      readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          } catch {
            return undefined; // closed between the listing and the read
          }
        })
        .filter((inode): inode is string => inode !== undefined),
    );
  } catch {
    return undefined;
  }
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN || !inodes.has(fields[9]!)) continue;
      return Number.parseInt(fields[1]!.split(':').pop()!, 16);
    }
  }
  return undefined;
}
