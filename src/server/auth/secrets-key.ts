import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ensurePrivateDir } from '../db/private-files';
import { SecretBox, TOTP_SECRETS } from './secret-box';
import { resolveJwtSecret } from './jwt-secret';

export const SECRETS_KEY_FILE = 'secrets-key';

export class SecretsKeyError extends Error {}

/**
 * The key the authenticator apps' secrets are sealed with and recovery codes are digested with,
 * kept apart from the JWT secret so that rotating that one signs everybody out and nothing more:
 * SECRETS_KEY when set, otherwise DATA_DIR/secrets-key, made on first start. Several instances
 * share it as they share JWT_SECRET. Checked against the database's sealed secrets, so that an
 * instance with another key stops at start instead of failing every second-factor sign-in.
 */
export async function resolveSecretsKey(config: Pick<Config, 'secretsKey' | 'jwtSecret' | 'dataDir'>, database: Database): Promise<Uint8Array> {
  const sealed = await someSealedSecret(database);
  const key = config.secretsKey ? keyBytes(config.secretsKey) : keyFromFile(config, sealed !== undefined);
  if (sealed !== undefined && !opens(key, sealed)) {
    const legacy = !config.secretsKey ? false : opens(resolveJwtSecret(config), sealed);
    throw new SecretsKeyError(
      legacy
        ? "The authenticator secrets in the database are still sealed with the JWT secret. Set SECRETS_KEY to the JWT secret they were sealed with (or unset it once: the server then keeps that key in DATA_DIR/secrets-key), after which JWT_SECRET may change on its own."
        : `${config.secretsKey ? 'SECRETS_KEY' : path.join(config.dataDir, SECRETS_KEY_FILE)} is not the key the authenticator secrets in the database were sealed with. Every instance must share one key: restore it, or turn the authenticator off for each account (npm run admin -- disable-2fa EMAIL) to start over with this one.`,
    );
  }
  return key;
}

/**
 * Made once; `wx` fails when the file exists, so instances starting at once on one data folder
 * keep the first one's. A site upgraded from a version that sealed secrets with the JWT secret
 * takes that secret as its key, so every authenticator and recovery code keeps working; from
 * then on the JWT secret may change without it.
 */
function keyFromFile(config: Pick<Config, 'jwtSecret' | 'dataDir'>, hasSealedSecrets: boolean): Uint8Array {
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  ensurePrivateDir(config.dataDir);
  const seed = hasSealedSecrets ? Buffer.from(resolveJwtSecret(config)).toString('utf8') : randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, seed, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Only a final line break is not the key's (an editor may add one).
  return keyBytes(fs.readFileSync(file, 'utf8').replace(/\r?\n$/, ''));
}

async function someSealedSecret(database: Database): Promise<string | undefined> {
  const row = await database.db.selectFrom('totp_factors').select('secret_enc').limit(1).executeTakeFirst();
  return row?.secret_enc;
}

function opens(key: Uint8Array, sealed: string): boolean {
  try {
    new SecretBox(key, TOTP_SECRETS).open(sealed);
    return true;
  } catch {
    return false;
  }
}

/** As jwt-secret.ts: this realm's Uint8Array, which jose and node:crypto both take. */
function keyBytes(secret: string): Uint8Array {
  return Uint8Array.from(new TextEncoder().encode(secret));
}
