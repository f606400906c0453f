// Starts the built production server on a fresh data folder, for the measuring scripts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds when the build is missing or older than the sources, as `npm start` does. */
export function assertBuilt() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Spawns dist/server/main.js and resolves once /readyz answers 200 (it listens, answering 503, while it migrates).
 * `nodeArgs` go to node before the script (`--cpu-prof`); `startSeconds` allows for a start that derives the text of many bulk-inserted posts;
 * `serverRoot` runs another checkout's build (already built) to compare with.
 */
export async function startBuiltServer({ port, env = {}, nodeArgs = [], dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-measure-')), startSeconds = 30, serverRoot = root } = {}) {
  if (serverRoot === root) assertBuilt();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverRoot, 'dist/server/main.js')], {
    cwd: serverRoot,
    // A fresh SQLite database in the data folder, whatever DATABASE_URL the shell holds.
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let attempt = 0; attempt < startSeconds * 5; attempt++) {
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
