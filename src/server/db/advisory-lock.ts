import { sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './database';

/**
 * Work that must run on one instance at a time takes a
 * PostgreSQL session advisory lock named after the work and the schema, so that two sites
 * sharing a database do not wait for each other. SQLite has one process, and no lock.
 */
export function lockName(work: string, schema: string | undefined): string {
  return `larkspur:${work}:${schema ?? 'public'}`;
}

/** On one client: waits for the lock, runs `work`, and lets go even when it fails. */
export async function holdingLock<T>(client: pg.Client, name: string, work: () => Promise<T>): Promise<T> {
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
  }
}

/**
 * Runs `work` unless another instance is running it now (then answers `skipped`), or waits its
 * turn with `wait`. The lock belongs to one pooled connection, held for the duration; `work`
 * itself may use any.
 */
export async function onceAtATime<T>(
  database: Database,
  work: string,
  run: () => Promise<T>,
  { wait = false }: { wait?: boolean } = {},
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (database.engine !== 'postgres') return { ran: true, result: await run() };
  const name = lockName(work, database.schema);
  return database.db.connection().execute(async (connection) => {
    if (wait) {
      await sql`SELECT pg_advisory_lock(hashtext(${name}))`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${name})) AS locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false as const };
    }
    try {
      return { ran: true as const, result: await run() };
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
