import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database';

/**
 * A start's wait for SQLite's write lock, held by another connection (a tool's write, another
 * process): long, since the start cannot go on without its migrations, and a start that gives up
 * is restarted to wait again anyway. The supervisor's own start timeout bounds it.
 */
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * The worker thread that migrates a SQLite database at start (`migrate-off-thread.ts`): opening it
 * migrates it. better-sqlite3 works on the thread that asks, waits for a lock included, so here
 * the server's own thread stays free to answer `/healthz` and `/readyz` meanwhile.
 */
async function migrate(): Promise<void> {
  const { dataDir } = workerData as { dataDir: string };
  const database = await openDatabase({ dataDir, databaseUrl: undefined }, { busyTimeoutMs: LOCK_WAIT_MS });
  await database.close();
}

migrate().then(
  () => parentPort?.postMessage({ migrated: true }),
  (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
