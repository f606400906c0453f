import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { AccountRepository } from './account-repository';

/** A reset link is valid for one hour (docs/product.md#reset-links). */
const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

/** Only this digest is stored: a copy of the database opens no account. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface PendingReset {
  resetId: string;
  userId: string;
  email: string;
}

/** The password_resets table: links issued by mail, used at most once. */
export class ResetLinkRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly accounts: AccountRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A fresh token for the account. Links issued before keep working until they expire or one of
   * them is used: a request made by someone else must not retire the link the owner is about to
   * open. The limits on requests bound how many are live at once; expired ones go as new ones come.
   */
  async issue(userId: string): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_resets').where('expires_at', '<=', new Date(now).toISOString()).execute();
      await trx
        .insertInto('password_resets')
        .values({
          id: randomUUID(),
          user_id: userId,
          token_hash: hashResetToken(token),
          expires_at: new Date(now + RESET_LINK_TTL_MS).toISOString(),
          used_at: null,
          created_at: new Date(now).toISOString(),
        })
        .execute();
    });
    return token;
  }

  /** The account a token still opens: unused and unexpired, or undefined. */
  async find(token: string): Promise<PendingReset | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select(['password_resets.id as resetId', 'users.id as userId', 'users.email as email'])
      .where('password_resets.token_hash', '=', hashResetToken(token))
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', new Date(this.now()).toISOString())
      .executeTakeFirst();
    return row;
  }

  /**
   * Spends the link and sets the new password in one transaction; false when the link was
   * spent, retired or expired in the meantime (two tabs submitting at once, say).
   */
  async redeem(reset: PendingReset, passwordHash: string): Promise<boolean> {
    const now = new Date(this.now()).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', reset.resetId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return false;
      await this.accounts.setPassword(reset.userId, passwordHash, trx);
      return true;
    });
  }
}
