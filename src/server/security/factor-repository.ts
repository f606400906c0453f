import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export interface TotpFactor {
  secretEnc: string;
  confirmed: boolean;
  lastStep: number | null;
}

/** The totp_factors and recovery_codes tables. */
export class FactorRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async totp(userId: string): Promise<TotpFactor | undefined> {
    const row = await this.db.selectFrom('totp_factors').select(['secret_enc', 'confirmed_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
    return row && { secretEnc: row.secret_enc, confirmed: row.confirmed_at !== null, lastStep: row.last_step === null ? null : Number(row.last_step) };
  }

  /** A new, unconfirmed secret in place of an unconfirmed one; false when a confirmed factor is there. */
  async startTotp(userId: string, secretEnc: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('totp_factors').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
      if (existing?.confirmed_at) return false;
      if (existing) await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
      await trx.insertInto('totp_factors').values({ user_id: userId, secret_enc: secretEnc, confirmed_at: null, last_step: null, created_at: new Date().toISOString() }).execute();
      return true;
    });
  }

  /**
   * Records `step` as the last accepted, only if it is later than the one recorded: of two
   * requests carrying the same code, one wins. With `confirm`, the enrolment ends as well.
   */
  async acceptStep(userId: string, step: number, { confirm = false } = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_factors')
      .set({ last_step: step, ...(confirm ? { confirmed_at: new Date().toISOString() } : {}) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .where('confirmed_at', confirm ? 'is' : 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes the authenticator app and its recovery codes. */
  async removeTotp(userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      const result = await trx.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** A new set of recovery codes; the old set stops working. */
  async replaceRecoveryCodes(userId: string, hashes: string[], trx: Kysely<Schema> = this.db): Promise<void> {
    const now = new Date().toISOString();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(hashes.map((hash) => ({ id: randomUUID(), user_id: userId, code_hash: hash, used_at: null, created_at: now })))
      .execute();
  }

  /** Spends an unused code of this account; true once. */
  async spendRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.left ?? 0);
  }
}
