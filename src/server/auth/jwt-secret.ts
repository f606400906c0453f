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

/**
 * The key as this realm's Uint8Array: jose checks `instanceof Uint8Array`, and under jsdom (component
 * tests that sign in against the real API) TextEncoder hands back another realm's array.
 */
function keyBytes(secret: string): Uint8Array {
  return Uint8Array.from(new TextEncoder().encode(secret));
}
