import { sql, type Kysely } from 'kysely';

/**
 * A backup run holds a lease, renewed while it works: a process killed mid-backup leaves a row
 * whose lease runs out, which the next pass of any instance settles as failed and whose day it
 * frees to be taken again, where before the day stayed "running" for good. Runs left running by
 * an older version get a lease that has already run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup_runs').addColumn('claimed_until', 'text').execute();
  await sql`UPDATE backup_runs SET claimed_until = started_at WHERE state = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backup_runs').dropColumn('claimed_until').execute();
}
