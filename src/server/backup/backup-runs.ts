import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** The runs kept: enough for the Backups page and a look back, never a table that grows. */
const KEPT_RUNS = 100;

interface BackupRun {
  id: string;
  trigger: 'schedule' | 'command';
  day: string | null;
  startedAt: string;
  finishedAt: string | null;
  state: 'running' | 'ok' | 'failed';
  name: string | null;
  size: number | null;
  error: string | null;
}

/**
 * Opens a run. A scheduled one names its local day, which is unique: answers null when an
 * instance already took (or is taking) that day's backup.
 */
export async function startRun(db: Kysely<Schema>, trigger: BackupRun['trigger'], at: Date, day: string | null = null): Promise<string | null> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('backup_runs')
    .values({ id, trigger, day, started_at: at.toISOString(), finished_at: null, state: 'running', name: null, size: null, error: null })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await sql`DELETE FROM backup_runs WHERE id NOT IN (SELECT id FROM backup_runs ORDER BY started_at DESC, id DESC LIMIT ${KEPT_RUNS})`.execute(db);
  return id;
}

export async function finishRun(db: Kysely<Schema>, id: string, at: Date, result: { name: string; size: number } | { error: string }): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set('error' in result ? { finished_at: at.toISOString(), state: 'failed', error: result.error.slice(0, 2000) } : { finished_at: at.toISOString(), state: 'ok', name: result.name, size: result.size })
    .where('id', '=', id)
    .execute();
}

export async function hasRun(db: Kysely<Schema>, day: string): Promise<boolean> {
  return (await db.selectFrom('backup_runs').select('id').where('day', '=', day).executeTakeFirst()) !== undefined;
}

export async function lastRun(db: Kysely<Schema>): Promise<BackupRun | null> {
  const row = await db.selectFrom('backup_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger as BackupRun['trigger'],
    day: row.day,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    state: row.state as BackupRun['state'],
    name: row.name,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
  };
}
