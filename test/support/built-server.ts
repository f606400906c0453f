import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Builds the production bundle when it is missing or older than the sources. */
export function buildOnce(): void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`Build failed:\n${build.stdout}\n${build.stderr}`);
}

/** The built server in a child process on `port`, resolved once `/readyz` answers (migrated, database answering). */
export function startBuiltServer(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    // The engine's variables only: an inherited DATABASE_URL must not turn a SQLite run into PostgreSQL.
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'error', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return resolve(child);
      } catch {
        // not yet listening
      }
      if (Date.now() - started > 30_000) return reject(new Error('server did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));
}
