// Start-up: read the configuration, compose, listen; close cleanly on SIGTERM/SIGINT.
import 'reflect-metadata';
import { ConfigError, loadConfig } from './config.js';
import { compose } from './container.js';
import { createApp } from './interfaces/http/app.js';

function start(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`postlens: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { container, logger, close } = compose(config);
  const app = createApp(container);
  const server = app.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, cache: config.redisUrl ? 'redis' : 'memory', replay: Boolean(config.upstreamReplayDir) }, 'postlens listening');
    if (config.apiKeyGenerated) {
      // Printed once, to the terminal only, so a developer can call the API right away.
      process.stdout.write(`\nNo API_KEYS set: generated a development key for this process:\n\n  ${config.apiKeys[0]}\n\ncurl -H "Authorization: Bearer ${config.apiKeys[0]}" "http://localhost:${config.port}/api/v1/resolve?url=https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l"\n\n`);
    }
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      void close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // In-flight requests get a bounded grace period.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

start();
