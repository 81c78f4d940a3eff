// Reads a server's NodeInfo (`/.well-known/nodeinfo`, then the 2.x document it links on the same
// host): the name of the software it runs. Implemented over the HTTP port and its guard.
export interface NodeInfoReader {
  /** NodeInfo's `software.name`; undefined when the host has no readable NodeInfo (or refuses, or redirects away). */
  softwareOf(host: string, signal: AbortSignal): Promise<string | undefined>;
}

export const NODEINFO_READER = Symbol('NodeInfoReader');
