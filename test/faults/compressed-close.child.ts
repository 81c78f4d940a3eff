// Child process of compressed-close.serial.test.ts: resolves each named platform's post through the
// whole service while every upstream answers in full, gzip-compressed, and closes the connection;
// then the same post with the recorded answers. Prints one JSON line per platform as it finishes
// ({platform, faulted, healthy}) and exits 0, unless the process dies on the way, which is what the
// parent watches for: the platform in progress then has no line.
import 'reflect-metadata';
import { FaultServer, healthyOnly } from '../support/fault-server.js';
import { compressedThenClosed } from './faults.js';
import { PlatformApp } from './harness.js';
import { PLATFORMS } from './platforms.js';

const platforms = process.argv.slice(2).map((id) => {
  const platform = PLATFORMS.find((p) => p.id === id);
  if (!platform) throw new Error(`no fault platform ${id}`);
  return platform;
});
const server = await FaultServer.start();
FaultServer.allowHosts(platforms.flatMap((p) => p.hosts));
for (const platform of platforms) {
  const app = await PlatformApp.start(server);
  const faulted = await app.resolve(server, platform, compressedThenClosed);
  const healthy = await app.resolve(server, platform, healthyOnly);
  await app.close();
  process.stdout.write(`${JSON.stringify({ platform: platform.id, faulted: { status: faulted.status, body: faulted.body, ms: faulted.ms }, healthy: healthy.body })}\n`);
}
await server.close();
process.exit(0);
