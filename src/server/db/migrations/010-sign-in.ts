import type { Kysely } from 'kysely';

/**
 * `ended_tokens`: sign-in tokens ended before their expiry by a sign-out on the server ("Log Out"
 * or a step-up that replaced the token). Only a digest of each token is kept, until the token
 * would have expired anyway; every instance reads the same table, so an ended token is refused
 * everywhere at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ended_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ended_tokens_expiry').on('ended_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ended_tokens').execute();
}
