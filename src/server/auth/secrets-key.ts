import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ensurePrivateDir } from '../db/private-files';
import { SecretBox, TOTP_SECRETS } from './secret-box';
import { resolveJwtSecret, rotateJwtSecretFile } from './jwt-secret';

export const SECRETS_KEY_FILE = 'secrets-key';

export class SecretsKeyError extends Error {}

type KeyConfig = Pick<Config, 'secretsKey' | 'jwtSecret' | 'dataDir' | 'databaseUrl'>;

/**
 * The key the authenticator apps' secrets are sealed with and recovery codes are digested with,
 * kept apart from the JWT secret so that rotating that one signs everybody out and nothing more:
 * SECRETS_KEY when set, otherwise DATA_DIR/secrets-key, made on first start. Several instances
 * share it as they share JWT_SECRET. Checked against the database's sealed secrets, so that an
 * instance with another key stops at start instead of failing every second-factor sign-in.
 */
export async function resolveSecretsKey(config: KeyConfig, database: Database, warn: (message: string) => void = (message) => process.emitWarning(message)): Promise<Uint8Array> {
  const sealed = await someSealedSecret(database);
  const jwtSecret = resolveJwtSecret(config);
  const sealedWithJwtSecret = sealed !== undefined && opens(jwtSecret, sealed);
  const key = config.secretsKey ? keyBytes(config.secretsKey) : keyFromFile(config, sealed, sealedWithJwtSecret ? jwtSecret : undefined);
  if (sealed !== undefined && !opens(key, sealed)) {
    throw new SecretsKeyError(
      config.secretsKey && sealedWithJwtSecret
        ? 'The authenticator secrets in the database are still sealed with the JWT secret. Unset SECRETS_KEY for one start: the server then keeps that key in DATA_DIR/secrets-key (copy that file to every instance, or set SECRETS_KEY to its content), after which JWT_SECRET must change.'
        : `${config.secretsKey ? 'SECRETS_KEY' : path.join(config.dataDir, SECRETS_KEY_FILE)} is not the key the authenticator secrets in the database were sealed with. Every instance must share one key: restore it, or turn the authenticator off for each account (npm run admin -- disable-2fa EMAIL) to start over with this one.`,
    );
  }
  if (same(key, jwtSecret)) separateFromJwtSecret(config, key, warn);
  return key;
}

/**
 * Made once; `wx` fails when the file exists, so instances starting at once on one data folder
 * keep the first one's. A site upgraded from a version that sealed secrets with the JWT secret
 * takes that secret as its key, so every authenticator and recovery code keeps working (recovery
 * codes are one-way digests: they cannot be moved to a new key), and the JWT secret is then
 * replaced. Instances on one database with data folders of their own would each make a key of
 * their own, which is why such a site without a key file must set SECRETS_KEY.
 */
function keyFromFile(config: KeyConfig, sealed: string | undefined, legacyKey: Uint8Array | undefined): Uint8Array {
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  ensurePrivateDir(config.dataDir);
  if (!fs.existsSync(file)) {
    if (sealed !== undefined && !legacyKey) throw new SecretsKeyError(`There is no ${file}, and the authenticator secrets in the database were sealed with another key. Restore that key file (or set SECRETS_KEY to the key every instance shares).`);
    if (config.databaseUrl && !legacyKey) {
      throw new SecretsKeyError(
        `SECRETS_KEY must be set when DATABASE_URL is: instances with data folders of their own would each make a key of their own, and an authenticator enrolled on one would open on no other. Set SECRETS_KEY to the same value on every instance (for example the output of: openssl rand -base64 32), or, for a single instance, put such a key in ${file}.`,
      );
    }
  }
  const seed = legacyKey ? Buffer.from(legacyKey).toString('utf8') : randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, seed, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Only a final line break is not the key's (an editor may add one).
  return keyBytes(fs.readFileSync(file, 'utf8').replace(/\r?\n$/, ''));
}

/**
 * The secrets key travels in backups; the token-signing key must not, or a backup would let its
 * holder sign in as anyone. A generated JWT secret is replaced (everybody signs in again, once);
 * one set in JWT_SECRET is the operator's to change.
 */
function separateFromJwtSecret(config: KeyConfig, key: Uint8Array, warn: (message: string) => void): void {
  if (config.jwtSecret) {
    warn('JWT_SECRET is also the secrets key, which backups hold: anyone with a backup could sign in as anyone. Change JWT_SECRET (everybody signs in again once; authenticator apps keep working).');
    return;
  }
  if (rotateJwtSecretFile(config.dataDir, (current) => same(current, key))) {
    warn('The generated JWT secret was also the secrets key, which backups hold, so it was replaced: everybody signs in again once.');
  }
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

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** As jwt-secret.ts: this realm's Uint8Array, which jose and node:crypto both take. */
function keyBytes(secret: string): Uint8Array {
  return Uint8Array.from(new TextEncoder().encode(secret));
}
