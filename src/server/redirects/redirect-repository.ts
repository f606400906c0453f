import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Redirect } from '../../shared/contract/redirects';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import { HttpError } from '../http/errors';
import { pathKey } from './redirect-address';
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
   * its target through the stored redirects is followed in the same transaction as the insert,
   * matched as requests are (`RedirectTable.match`): by path whatever the query, else by path and
   * query, a path-only redirect to a path of this site handing the query on.
   */
  async add(fields: RedirectFields, now: Date): Promise<Redirect> {
    if (takes(fields.from, location(fields.to), false)) throw new HttpError(400, 'To: a redirect cannot lead to its own address.');
    return this.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('redirects').select('id').where('from_path', '=', fields.from).executeTakeFirst()) {
        throw new HttpError(409, `A redirect from ${fields.from} already exists; remove it first.`);
      }
      const stored = async (from: string) => (await trx.selectFrom('redirects').select('to_location').where('from_path', '=', from).executeTakeFirst())?.to_location;
      // A chain is as long as the redirects are many at most; the set stops one that circles elsewhere.
      const seen = new Set<string>();
      for (let next = fields.to; next.startsWith('/') && !seen.has(next); ) {
        seen.add(next);
        const here = location(next);
        const byPath = await stored(here.path);
        if (takes(fields.from, here, byPath !== undefined)) throw new HttpError(400, `To: ${fields.to} already redirects back to ${fields.from}; that would be a loop.`);
        const step = byPath ?? (here.query ? await stored(here.path + here.query) : undefined);
        if (step === undefined) break;
        const carry = byPath !== undefined && here.query !== '' && step.startsWith('/') && !step.includes('?') && !step.includes('#');
        next = carry ? step + here.query : step;
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

/** A path of this site as a request for it arrives: its path as the table keys it, and its query (from `?`, or empty); the # part never reaches the server. */
function location(address: string): { path: string; query: string } {
  const bare = address.split('#')[0]!;
  const mark = bare.indexOf('?');
  return mark === -1 ? { path: pathKey(bare), query: '' } : { path: pathKey(bare.slice(0, mark)), query: bare.slice(mark) };
}

/** Whether a request for `here` takes the redirect from `from`; one by path and query only when no redirect from the path alone answers first. */
function takes(from: string, here: { path: string; query: string }, pathTaken: boolean): boolean {
  return from === here.path || (!pathTaken && here.query !== '' && from === here.path + here.query);
}
