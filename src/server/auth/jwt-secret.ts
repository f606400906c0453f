import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { ensurePrivateDir } from '../db/private-files';

export const SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set; otherwise a 256-bit key generated on first start and kept in DATA_DIR,
 * so tokens survive restarts. Several instances must share JWT_SECRET (or the data folder).
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  if (config.jwtSecret) return keyBytes(config.jwtSecret);
  const file = path.join(config.dataDir, SECRET_FILE);
  ensurePrivateDir(config.dataDir);
  try {
    // 'wx' fails if the file exists, so two instances starting at once cannot overwrite each other.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return keyBytes(fs.readFileSync(file, 'utf8').trim());
}

const LOCK_STALE_MS = 10_000;

/**
 * Replaces the generated secret when `stale` says the one in the file must go; true when this
 * call replaced it. Under a lock file, so that instances starting at once on one data folder
 * replace it once between them and all sign with the same new one.
 */
export function rotateJwtSecretFile(dataDir: string, stale: (current: Uint8Array) => boolean): boolean {
  const file = path.join(dataDir, SECRET_FILE);
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a start that crashed midway.
      const made = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() > deadline || Date.now() - made > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    if (!stale(keyBytes(fs.readFileSync(file, 'utf8').trim()))) return false;
    const next = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(next, randomBytes(32).toString('base64url'), { mode: 0o600 });
    fs.renameSync(next, file);
    return true;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * The key as this realm's Uint8Array: jose checks `instanceof Uint8Array`, and under jsdom (component
 * tests that sign in against the real API) TextEncoder hands back another realm's array.
 */
function keyBytes(secret: string): Uint8Array {
  return Uint8Array.from(new TextEncoder().encode(secret));
}
