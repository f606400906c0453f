import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 iterations, 1 lane). Raising these later is safe:
 * older hashes still verify and are rehashed at the next sign-in.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

/**
 * Checks passwords, spending the same work whether or not the account exists: an unknown
 * address is checked against the hash of a random password, so timing reveals no accounts.
 */
export class PasswordVerifier {
  private readonly decoy = hashPassword(randomBytes(16).toString('base64url'));

  constructor() {
    // Awaited at the first unknown address; until then a failure must not go unhandled.
    this.decoy.catch(() => undefined);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (hash !== undefined) return argon2.verify(hash, password);
    await argon2.verify(await this.decoy, password);
    return false;
  }
}
