import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** The runs kept: enough for the Backups page and a look back, never a table that grows. */
const KEPT_RUNS = 100;

/**
 * How long a run is taken to be alive after it was last heard from. The process renews it every
 * `RENEW_MS` while it works, so only a process that died (or hung) lets it run out; a backup's
 * longest pause between two renewals is far shorter (a page of rows, one image).
 */
const LEASE_MS = 2 * 60_000;
const RENEW_MS = 30_000;

interface BackupRun {
  id: string;
  trigger: 'schedule' | 'command';
  day: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** `interrupted`: still marked running, but its lease ran out (its process is gone); not yet settled by a pass. */
  state: 'running' | 'interrupted' | 'ok' | 'failed';
  name: string | null;
  size: number | null;
  error: string | null;
}

const leaseFrom = (at: Date) => new Date(at.getTime() + LEASE_MS).toISOString();

/**
 * Opens a run, holding its lease from `at`. A scheduled one names its local day, which is unique:
 * answers null when an instance already took (or is taking) that day's backup.
 */
export async function startRun(db: Kysely<Schema>, trigger: BackupRun['trigger'], at: Date, day: string | null = null): Promise<string | null> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('backup_runs')
    .values({ id, trigger, day, started_at: at.toISOString(), finished_at: null, state: 'running', name: null, size: null, error: null, claimed_until: leaseFrom(at) })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await sql`DELETE FROM backup_runs WHERE id NOT IN (SELECT id FROM backup_runs ORDER BY started_at DESC, id DESC LIMIT ${KEPT_RUNS})`.execute(db);
  return id;
}

/**
 * Runs `work` for run `id`, renewing its lease every `renewEveryMs` (by `now`, the app's clock)
 * until it settles, so that other instances know the run is alive.
 */
export async function holdingLease<T>(db: Kysely<Schema>, id: string, now: () => Date, work: () => Promise<T>, renewEveryMs = RENEW_MS): Promise<T> {
  const renew = () => db.updateTable('backup_runs').set({ claimed_until: leaseFrom(now()) }).where('id', '=', id).where('state', '=', 'running').execute();
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A renewal that fails (the database away a moment) is tried again at the next tick.
    renewing = renewing.then(renew).catch(() => undefined);
  }, renewEveryMs);
  timer.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}

/**
 * Settles a run. Only a run still running is: one whose lease ran out and that another instance
 * has settled as interrupted keeps that record (its day was taken again).
 */
export async function finishRun(db: Kysely<Schema>, id: string, at: Date, result: { name: string; size: number } | { error: string }): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set(
      'error' in result
        ? { finished_at: at.toISOString(), state: 'failed', error: result.error.slice(0, 2000), claimed_until: null }
        : { finished_at: at.toISOString(), state: 'ok', name: result.name, size: result.size, claimed_until: null },
    )
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Settles as failed every run whose lease ran out by `at`: its process died or hung mid-backup.
 * A scheduled one gives its day back (`day` null), so that the schedule takes that day's backup
 * again. Answers the days given back.
 */
export async function settleInterruptedRuns(db: Kysely<Schema>, at: Date): Promise<string[]> {
  const now = at.toISOString();
  const stale = await db.selectFrom('backup_runs').select(['id', 'day', 'claimed_until']).where('state', '=', 'running').where('claimed_until', '<', now).execute();
  const freed: string[] = [];
  for (const run of stale) {
    const lastHeard = new Date(Date.parse(run.claimed_until!) - LEASE_MS).toISOString();
    const error = `Interrupted: the process taking this backup stopped before it finished (last heard from at ${lastHeard}).${run.day ? ' The schedule takes the day’s backup again if that day is not over.' : ''}`;
    // Guarded as selected: a run renewed meanwhile, or settled by another instance, is left alone.
    const { numUpdatedRows } = await db
      .updateTable('backup_runs')
      .set({ state: 'failed', finished_at: now, error, day: null, claimed_until: null })
      .where('id', '=', run.id)
      .where('state', '=', 'running')
      .where('claimed_until', '<', now)
      .executeTakeFirst();
    if (numUpdatedRows > 0n && run.day) freed.push(run.day);
  }
  return freed;
}

export async function hasRun(db: Kysely<Schema>, day: string): Promise<boolean> {
  return (await db.selectFrom('backup_runs').select('id').where('day', '=', day).executeTakeFirst()) !== undefined;
}

/** The newest run; one still marked running whose lease ran out by `now` is `interrupted`. */
export async function lastRun(db: Kysely<Schema>, now: Date): Promise<BackupRun | null> {
  const row = await db.selectFrom('backup_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  const lapsed = row.state === 'running' && (row.claimed_until === null || row.claimed_until < now.toISOString());
  return {
    id: row.id,
    trigger: row.trigger as BackupRun['trigger'],
    day: row.day,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    state: lapsed ? 'interrupted' : (row.state as BackupRun['state']),
    name: row.name,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
  };
}
