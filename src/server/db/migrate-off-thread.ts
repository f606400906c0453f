import { Worker } from 'node:worker_threads';

/**
 * Brings a SQLite database's schema up to date on a worker thread (`migrate-worker.ts`, built
 * beside the server as `migrate-worker.js`), so that a long migration, or one waiting for
 * another connection's write lock, never holds the thread that answers while the server starts.
 * PostgreSQL needs none: its waits are the driver's, off this thread already.
 */
export function migrateSqliteOffThread(workerFile: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { dataDir } });
    let answer: { migrated?: true; error?: string } | undefined;
    worker.once('message', (message: { migrated?: true; error?: string }) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer?.migrated) resolve();
      else reject(new Error(answer?.error ?? `the migration thread stopped (${code}) before it finished`));
    });
  });
}
