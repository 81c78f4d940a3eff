// Child process of compressed-close.test.ts: resolves one platform's post through the whole service
// while every upstream answers in full, gzip-compressed, and closes the connection; then the same
// post with the recorded answers. Prints {faulted, healthy} as JSON and exits 0, unless the process
// dies on the way, which is what the parent watches for.
import 'reflect-metadata';
import { FaultServer, healthyOnly } from '../support/fault-server.js';
import { compressedThenClosed } from './faults.js';
import { resolveThrough } from './harness.js';
import { PLATFORMS } from './platforms.js';

const platform = PLATFORMS.find((p) => p.id === process.argv[2]);
if (!platform) throw new Error(`no fault platform ${process.argv[2]}`);
const server = await FaultServer.start();
FaultServer.allowHosts(platform.hosts);
const faulted = await resolveThrough(server, platform, compressedThenClosed);
const healthy = await resolveThrough(server, platform, healthyOnly);
await server.close();
process.stdout.write(JSON.stringify({ faulted: { status: faulted.status, body: faulted.body, ms: faulted.ms }, healthy: healthy.body }));
process.exit(0);
