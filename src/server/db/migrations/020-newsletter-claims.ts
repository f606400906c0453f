import type { Kysely } from 'kysely';

/**
 * Each claim of a newsletter recipient carries a token of its own: only the sender holding it
 * settles the mail, and only a claim whose lease has run out is released, so that a second
 * instance starting a pass never takes back a mail another is sending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_deliveries').addColumn('claim_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_deliveries').dropColumn('claim_token').execute();
}
