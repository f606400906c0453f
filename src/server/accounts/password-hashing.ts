import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { HashingQueue } from './hashing-queue';

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 iterations, 1 lane). Raising these later is safe:
 * older hashes still verify and are rehashed at the next sign-in.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

/**
 * Hashes and checks passwords through one bounded queue, spending the same work whether or not
 * the account exists: an unknown address is checked against the hash of a random password, so
 * timing reveals no accounts.
 */
export class PasswordHasher {
  private decoy: Promise<string> | undefined;

  constructor(readonly queue: HashingQueue = new HashingQueue()) {}

  /** `lane.reserved`: for the owner's own address (see HashingQueue). */
  hash(password: string, lane: { reserved?: boolean } = {}): Promise<string> {
    return this.queue.run(() => argon2.hash(password, ARGON2_OPTIONS), lane);
  }

  async verify(hash: string | undefined, password: string, lane: { reserved?: boolean } = {}): Promise<boolean> {
    if (hash !== undefined) return this.queue.run(() => argon2.verify(hash, password), lane);
    // Made at the first unknown address, outside the queue: it is the server's own work, once.
    this.decoy ??= argon2.hash(randomBytes(16).toString('base64url'), ARGON2_OPTIONS);
    const decoy = await this.decoy;
    await this.queue.run(() => argon2.verify(decoy, password), lane);
    return false;
  }
}
