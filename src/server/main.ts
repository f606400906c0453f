import 'dotenv/config';
import './production-env';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { SecretsKeyError } from './auth/secrets-key';
import { ConfigError, loadConfig } from './config';
import { migrateSqliteOffThread } from './db/migrate-off-thread';
import { StartingServer } from './http/starting-server';

async function main() {
  // Whatever the server writes (database, keys, outbox, images, backups) is its own user's only,
  // whichever module writes it and whatever the service manager's umask.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // Listening before the database is migrated: /healthz says the process lives and /readyz that
  // it is not ready yet, where a closed port would look the same as a dead process
  // (README.md#running-several-instances).
  const server = new StartingServer(config.trustProxy);
  let app: FastifyInstance | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Still starting: nothing is served yet, and an unfinished migration is rolled back.
    if (!app) process.exit(0);
    const started = app;
    // SIGTERM (systemd, a deploy): fail the health check first and keep serving for
    // DRAIN_SECONDS while the load balancer notices; then stop accepting connections and
    // finish the requests in flight, and only then close the app (and its database) under them.
    started.drain();
    const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
    started.log.info({ signal, drainMs }, 'shutting down');
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => server.close())
      .then(() => started.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          started.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await server.listen(config.port, config.host);
  try {
    // The built migrate-worker.js sits beside this file (webpack.config.js).
    if (!config.databaseUrl) await migrateSqliteOffThread(path.join(__dirname, 'migrate-worker.js'), config.dataDir);
    app = await buildApp(config, { logger: { level: config.logLevel }, server });
    await app.ready();
  } catch (error) {
    if (error instanceof SecretsKeyError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  server.open();
  const address = server.server.address();
  app.log.info(`Server listening at ${typeof address === 'string' ? address : `http://${address?.family === 'IPv6' ? `[${address.address}]` : address?.address}:${address?.port}`}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
