import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema';

/**
 * A page moved from `from` to `to` (both paths of this site): `from` redirects there for good,
 * redirects that led to `from` lead straight to `to` (no chains), and a redirect from `to`,
 * left by an earlier move the other way, goes, since `to` is a page again. In the transaction
 * of the move itself, so that the address and its redirect change together.
 */
export async function recordMove(trx: Transaction<Schema>, from: string, to: string, origin: 'slug' | 'import', now: Date): Promise<void> {
  await trx.deleteFrom('redirects').where('from_path', '=', to).execute();
  await trx.updateTable('redirects').set({ to_location: to }).where('to_location', '=', from).execute();
  await trx
    .insertInto('redirects')
    .values({ id: randomUUID(), from_path: from, to_location: to, status: 301, origin, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('from_path').doUpdateSet({ to_location: to, status: 301, origin }))
    .execute();
}
