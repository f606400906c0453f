import type { Kysely } from 'kysely';

/**
 * Second factors and the security log: passkeys, the authenticator app's secret, recovery codes,
 * the short-lived challenges of a sign-in (kept here so every instance shares them) and the
 * account's security events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    /** The credential id, base64url. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (col) => col.notNull())
    /** Null while the enrolment waits for its first code. */
    .addColumn('confirmed_at', 'text')
    /** The time step of the last code accepted: no code of it or before is accepted again. */
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('sign_in_challenges')
    /** SHA-256 of the challenge or mfaToken: the value itself is never stored. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_expiry').on('sign_in_challenges').column('expires_at').execute();

  await db.schema
    .createTable('security_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('method', 'text')
    .addColumn('detail', 'text')
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('security_events_user').on('security_events').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['security_events', 'sign_in_challenges', 'recovery_codes', 'totp_factors', 'passkeys']) {
    await db.schema.dropTable(table).execute();
  }
}
