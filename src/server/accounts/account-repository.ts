import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  tokenVersion: number;
}

export type CreateResult = { outcome: 'created'; account: Account } | { outcome: 'closed' } | { outcome: 'taken' };

/** A unique-key violation on either engine (the driver's error comes from another realm in tests). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The accounts table: every query the account calls and the owner's tools make. */
export class AccountRepository {
  private readonly db: Kysely<Schema>;

  constructor(private readonly database: Database) {
    this.db = database.db;
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'token_version'])
      .where('email', '=', email)
      .executeTakeFirst();
    return row && { id: row.id, email: row.email, passwordHash: row.password_hash, tokenVersion: row.token_version };
  }

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('users').select(['id', 'email', 'password_hash', 'token_version']).where('id', '=', id).executeTakeFirst();
    return row && { id: row.id, email: row.email, passwordHash: row.password_hash, tokenVersion: row.token_version };
  }

  /** Retires every sign-in token issued so far ("Sign out everywhere"). */
  async raiseTokenVersion(id: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: new Date().toISOString() }))
      .where('id', '=', id)
      .execute();
  }

  async exists(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * Adds an account. With `onlyIfFirst`, refuses ('closed') once any account exists: the check
   * and the insert are one transaction under a table lock, so two first registrations at once
   * cannot both win.
   */
  async create(email: string, passwordHash: string, options: { onlyIfFirst: boolean }): Promise<CreateResult> {
    const now = new Date().toISOString();
    const account: Account = { id: randomUUID(), email, passwordHash, tokenVersion: 0 };
    try {
      return await this.db.transaction().execute(async (trx) => {
        // SQLite runs one transaction at a time already; PostgreSQL needs the lock.
        if (this.database.engine === 'postgres') await sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        if (options.onlyIfFirst && (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst())) {
          return { outcome: 'closed' } as const;
        }
        await trx
          .insertInto('users')
          .values({ id: account.id, email, password_hash: passwordHash, token_version: 0, created_at: now, updated_at: now })
          .execute();
        return { outcome: 'created', account } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: 'taken' };
      throw error;
    }
  }

  /** A hash with stronger parameters for the same password: tokens stay valid. */
  async replaceHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
  }

  /**
   * A new password: raises the token version, which retires every sign-in token issued
   * before, and drops the account's outstanding reset links.
   */
  async setPassword(id: string, passwordHash: string, trx: Kysely<Schema> = this.db): Promise<void> {
    await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: new Date().toISOString() }))
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', id).where('used_at', 'is', null).execute();
  }
}
