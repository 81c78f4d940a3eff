// Child process of compressed-close.serial.test.ts: resolves one platform's post through the whole service
// while every upstream answers in full, gzip-compressed, and closes the connection; then the same
// post with the recorded answers. Prints {faulted, healthy} as JSON and exits 0, unless the process
// dies on the way, which is what the parent watches for.
import 'reflect-metadata';
import { FaultServer, healthyOnly } from '../support/fault-server.js';
import { compressedThenClosed } from './faults.js';
import { PlatformApp } from './harness.js';
import { PLATFORMS } from './platforms.js';

const platform = PLATFORMS.find((p) => p.id === process.argv[2]);
if (!platform) throw new Error(`no fault platform ${process.argv[2]}`);
const server = await FaultServer.start();
FaultServer.allowHosts(platform.hosts);
const app = await PlatformApp.start(server);
const faulted = await app.resolve(server, platform, compressedThenClosed);
const healthy = await app.resolve(server, platform, healthyOnly);
await app.close();
await server.close();
process.stdout.write(JSON.stringify({ faulted: { status: faulted.status, body: faulted.body, ms: faulted.ms }, healthy: healthy.body }));
process.exit(0);
