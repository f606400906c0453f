import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Redirect } from '../../shared/contract/redirects';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import { HttpError } from '../http/errors';
import type { RedirectEntry } from './redirect-table';

type RedirectRow = Selectable<Schema['redirects']>;

export interface RedirectFields {
  from: string;
  to: string;
  status: 301 | 302;
}

function toRedirect(row: RedirectRow): Redirect {
  return {
    _id: row.id,
    from: row.from_path,
    to: row.to_location,
    status: row.status === 302 ? 302 : 301,
    origin: row.origin === 'import' || row.origin === 'slug' ? row.origin : 'owner',
    createdAt: row.created_at,
  };
}

/** The stored redirects. Their in-memory copy, which requests read, is the RedirectTable. */
export class RedirectRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(): Promise<Redirect[]> {
    const rows = await this.db.selectFrom('redirects').selectAll().orderBy('created_at', 'desc').orderBy('from_path').execute();
    return rows.map(toRedirect);
  }

  async entries(): Promise<[string, RedirectEntry][]> {
    const rows = await this.db.selectFrom('redirects').select(['from_path', 'to_location', 'status']).execute();
    return rows.map((row) => [row.from_path, { to: row.to_location, status: row.status }]);
  }

  /**
   * Adds the owner's redirect, refusing one to itself and one that closes a loop: the chain from
   * its target through the stored redirects is followed in the same transaction as the insert.
   */
  async add(fields: RedirectFields, now: Date): Promise<Redirect> {
    if (fields.to === fields.from || fields.to.split(/[?#]/)[0] === fields.from) throw new HttpError(400, 'To: a redirect cannot lead to its own address.');
    return this.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('redirects').select('id').where('from_path', '=', fields.from).executeTakeFirst()) {
        throw new HttpError(409, `A redirect from ${fields.from} already exists; remove it first.`);
      }
      // A chain is as long as the redirects are many at most; the set stops one that circles elsewhere.
      const seen = new Set<string>();
      for (let next = fields.to; next.startsWith('/') && !seen.has(next); ) {
        if (next === fields.from) throw new HttpError(400, `To: ${fields.to} already redirects back to ${fields.from}; that would be a loop.`);
        seen.add(next);
        const step = await trx.selectFrom('redirects').select('to_location').where('from_path', '=', next).executeTakeFirst();
        if (!step) break;
        next = step.to_location;
      }
      const row = await trx
        .insertInto('redirects')
        .values({ id: randomUUID(), from_path: fields.from, to_location: fields.to, status: fields.status, origin: 'owner', created_at: now.toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRedirect(row);
    });
  }

  /** True when there was such a redirect. */
  async remove(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
