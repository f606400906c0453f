import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { NotFoundPath } from '../../shared/contract/redirects';
import type { Database } from '../db/database';

/** Paths counted in memory between two writes; past it, paths seen once make room (see record). */
const BUFFER_PATHS = 500;
/** Paths each day keeps, its most frequent: a flood of random paths cannot grow the table. */
const PATHS_A_DAY = 200;
/** Days the log covers, and keeps. */
const DAYS = 30;
/** Paths the report lists. */
const REPORTED = 100;
/** Longer paths are not counted: nobody links to them by mistake. */
const MAX_PATH = 500;
const MAX_HOST = 253;
const DAY_MS = 86_400_000;

interface Pending {
  hits: number;
  lastSeen: string;
  referrerHost: string | null;
}

/**
 * The paths visitors got a 404 on. Each request adds to a bounded map in memory (a few
 * operations, whatever the flood); every few seconds the map is added to the day's rows in one
 * pass, the day is cut back to its most frequent paths and days past the window go.
 */
export class NotFoundLog {
  private pending = new Map<string, Pending>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(path: string, referrer: string | undefined): void {
    if (path.length > MAX_PATH) return;
    const seen = this.pending.get(path);
    const lastSeen = this.now().toISOString();
    const referrerHost = hostOf(referrer);
    if (seen) {
      seen.hits++;
      seen.lastSeen = lastSeen;
      if (referrerHost) seen.referrerHost = referrerHost;
      return;
    }
    if (this.pending.size >= BUFFER_PATHS) {
      // Paths seen once are what a flood of random ones is made of; the rest stay counted.
      for (const [key, value] of this.pending) if (value.hits === 1) this.pending.delete(key);
      if (this.pending.size >= BUFFER_PATHS) return;
    }
    this.pending.set(path, { hits: 1, lastSeen, referrerHost });
  }

  /** Writes what is counted; one write at a time, and a failure only loses these counts. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((error: unknown) => this.log.warn({ err: error }, 'the not-found log could not be written'));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const now = this.now();
    const day = now.toISOString().slice(0, 10);
    const rows = [...batch].map(([path, value]) => ({ day, path, hits: value.hits, last_seen: value.lastSeen, referrer_host: value.referrerHost }));
    await this.database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 100) {
        await trx
          .insertInto('not_found_hits')
          .values(rows.slice(start, start + 100))
          .onConflict((conflict) =>
            conflict.columns(['day', 'path']).doUpdateSet((eb) => ({
              hits: sql<number>`${eb.ref('not_found_hits.hits')} + ${eb.ref('excluded.hits')}`,
              last_seen: eb.ref('excluded.last_seen'),
              referrer_host: sql<string | null>`coalesce(${eb.ref('excluded.referrer_host')}, ${eb.ref('not_found_hits.referrer_host')})`,
            })),
          )
          .execute();
      }
      const kept = trx.selectFrom('not_found_hits').select('path').where('day', '=', day).orderBy('hits', 'desc').orderBy('last_seen', 'desc').limit(PATHS_A_DAY);
      await trx.deleteFrom('not_found_hits').where('day', '=', day).where('path', 'not in', kept).execute();
      await trx.deleteFrom('not_found_hits').where('day', '<', firstDay(now)).execute();
    });
  }

  /** The most frequent paths of the last 30 days, leaving out those `skip` says are handled now (redirected). */
  async report(skip: (path: string) => boolean): Promise<NotFoundPath[]> {
    const rows = await this.database.db
      .selectFrom('not_found_hits')
      .select((eb) => ['path', eb.fn.sum<number | string>('hits').as('count'), eb.fn.max('last_seen').as('lastSeen')])
      .where('day', '>=', firstDay(this.now()))
      .groupBy('path')
      .orderBy('count', 'desc')
      .orderBy('lastSeen', 'desc')
      .limit(REPORTED + 50)
      .execute();
    const top = rows.filter((row) => !skip(row.path)).slice(0, REPORTED);
    if (top.length === 0) return [];
    const referrers = await this.database.db
      .selectFrom('not_found_hits')
      .select(['path', 'referrer_host'])
      .where('day', '>=', firstDay(this.now()))
      .where('referrer_host', 'is not', null)
      .where('path', 'in', top.map((row) => row.path))
      .orderBy('day', 'asc')
      .execute();
    const hosts = new Map(referrers.map((row) => [row.path, row.referrer_host]));
    return top.map((row) => ({ path: row.path, count: Number(row.count), lastSeen: row.lastSeen, referrerHost: hosts.get(row.path) ?? null }));
  }
}

function firstDay(now: Date): string {
  return new Date(now.getTime() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

function hostOf(referrer: string | undefined): string | null {
  if (!referrer || referrer.length > 2000) return null;
  try {
    const host = new URL(referrer).hostname;
    return host && host.length <= MAX_HOST ? host : null;
  } catch {
    return null;
  }
}
