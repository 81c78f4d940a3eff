// Start-up: read the configuration, compose, listen. SIGTERM/SIGINT shut down gracefully: stop
// accepting, let requests and /v/ streams in flight finish within SHUTDOWN_GRACE_MS, close Redis,
// exit 0. A second signal, or the grace running out, cuts what is left and exits 1. SIGHUP reads
// PLATFORM_CREDENTIALS_FILE again (config/credentials-reload.ts).
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { reloadCredentials } from './config/credentials-reload.js';
import { compose } from './container.js';
import { createRequestListener } from './interfaces/http/listener.js';
import { createHttpServer } from './interfaces/http/server.js';
import { drainable } from './interfaces/http/drain.js';
import { logsWritten } from './infrastructure/logging/pino.logger.js';
import { standardOutputs } from './infrastructure/logging/standard-output.js';

/** Closing the composition (Redis QUIT) may take this long before the process exits anyway. */
const CLOSE_DEADLINE_MS = 2000;
/** The last log lines may take this long to leave a slow stdout before the process exits anyway. */
const LOGS_DEADLINE_MS = 1000;

function start(): void {
  // From here on, no reader of stdout or stderr can block or crash the process (standard-output.ts).
  const output = standardOutputs();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      output.stderr.write(`postlens: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { container, logger, close, replaceCredentials } = compose(config);
  const server = createHttpServer(createRequestListener(container), config, logger);
  const drainer = drainable(server);
  server.once('error', (error: NodeJS.ErrnoException) => {
    logger.error({ code: error.code, port: config.port, host: config.host }, 'cannot listen');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    // The bound port, not the configured one: PORT=0 picks a free port, and tests read it here.
    const { port } = server.address() as AddressInfo;
    logger.info({ port, host: config.host, cache: config.redis?.mode ?? 'memory', replay: Boolean(config.upstreamReplayDir) }, 'postlens listening');
    if (config.apiKeyGenerated) {
      // Printed once, to the terminal only, so a developer can call the API right away.
      output.stdout.write(devBanner(config.apiKeys[0]!, port, Boolean(config.upstreamReplayDir)));
    }
  });

  const closeComposition = () => withDeadline(close(), CLOSE_DEADLINE_MS);
  // Every exit waits (boundedly) for the log lines still queued for a slow stdout.
  const exit = (code: number) => void logsWritten(LOGS_DEADLINE_MS).finally(() => process.exit(code));
  let stopping = false;
  let forced = false;
  const force = (why: string) => {
    if (forced) return;
    forced = true;
    logger.warn({ why, inFlight: drainer.inFlight() }, 'shutdown forced: cutting the connections still open');
    drainer.cut();
    void closeComposition().finally(() => exit(1));
  };
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return force(`second ${signal}`);
    stopping = true;
    logger.info({ signal, inFlight: drainer.inFlight(), graceMs: config.shutdownGraceMs }, 'shutting down: no new connections, waiting for requests in flight');
    const grace = setTimeout(() => force('grace period over'), config.shutdownGraceMs);
    await drainer.drain();
    clearTimeout(grace);
    if (forced) return; // the forced path closes and exits
    await closeComposition();
    logger.info({}, 'stopped');
    exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => reloadCredentials(config.platformCredentialsFile, replaceCredentials, logger));
}

/** Settles when `promise` does or after `ms`, whichever is first; never rejects. */
function withDeadline(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise.then(() => undefined, () => undefined), deadline]).finally(() => clearTimeout(timer));
}

start();

/** What a developer sees once on a first start: the key, the playground, a curl line to paste. */
function devBanner(key: string, port: number, replay: boolean): string {
  const base = `http://localhost:${port}`;
  const offline = replay ? '' : '\n(The platforms must be reachable; to see cards offline start with UPSTREAM_REPLAY_DIR=examples/replay.)\n';
  // Replaying, a post of the shipped examples (the live one would find no recorded exchange).
  const post = replay ? 'https://bsky.app/profile/nora.test/post/3lqlighthouse2' : 'https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l';
  return [
    '',
    'No API_KEYS set: generated a development key for this process:',
    '',
    `  ${key}`,
    '',
    `Playground: ${base}/  (paste the key there)`,
    '',
    `curl --get -H "Authorization: Bearer ${key}" --data-urlencode "url=${post}" ${base}/api/v1/resolve`,
    offline,
  ].join('\n');
}
