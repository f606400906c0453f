import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export type ChallengeKind = 'mfa' | 'passkey-login' | 'passkey-register';

/** Five minutes for every kind: a WebAuthn ceremony or a code typed from a phone. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Single-use, short-lived values of a sign-in: the mfaToken and a signed-in owner's passkey
 * registration challenge (the anonymous passkey sign-in's are stateless: login-challenges.ts).
 * They live in the database, so every instance shares them; only their digest is stored.
 */
export class ChallengeStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fresh random value (or the one given, a WebAuthn challenge the library made). */
  async issue(kind: ChallengeKind, userId: string | null, value = randomBytes(32).toString('base64url')): Promise<string> {
    const now = this.now();
    // Expired ones go as new ones come, and with the sweep when none come.
    await this.sweep();
    await this.db
      .insertInto('sign_in_challenges')
      .values({ id: digest(value), kind, user_id: userId, expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString() })
      .execute();
    return value;
  }

  /** The account a live value belongs to (null for an anonymous one), without spending it; undefined when it is not live. */
  async peek(kind: ChallengeKind, value: string): Promise<{ userId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('sign_in_challenges')
      .select('user_id')
      .where('id', '=', digest(value))
      .where('kind', '=', kind)
      .where('expires_at', '>', new Date(this.now()).toISOString())
      .executeTakeFirst();
    return row && { userId: row.user_id };
  }

  /**
   * Spends a live value: true once, for the one caller whose delete removed it (two requests
   * racing with one value cannot both win). `userId` narrows it to one account.
   */
  async consume(kind: ChallengeKind, value: string, userId?: string): Promise<boolean> {
    let query = this.db
      .deleteFrom('sign_in_challenges')
      .where('id', '=', digest(value))
      .where('kind', '=', kind)
      .where('expires_at', '>', new Date(this.now()).toISOString());
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Deletes every expired value: an expired challenge is gone, not merely ignored. */
  async sweep(): Promise<number> {
    const result = await this.db.deleteFrom('sign_in_challenges').where('expires_at', '<=', new Date(this.now()).toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
