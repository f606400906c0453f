import 'dotenv/config';
import './production-env';
import { buildApp } from './app';
import { SecretsKeyError } from './auth/secrets-key';
import { ConfigError, loadConfig } from './config';

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
  let app;
  try {
    app = await buildApp(config, { logger: { level: config.logLevel } });
  } catch (error) {
    if (error instanceof SecretsKeyError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM (systemd, a deploy): fail the health check first and keep serving for
    // DRAIN_SECONDS while the load balancer notices; then stop accepting connections and
    // finish the requests in flight. Ctrl-C in a terminal stops at once.
    app.drain();
    const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    new Promise((resolve) => setTimeout(resolve, drainMs)).then(() => app.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
