import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { lockName } from '../db/advisory-lock';
import type { Engine } from '../db/database';
import type { BookingRow, Schema } from '../db/schema';
import type { Interval } from './busy-time';

/** What the visitor gives with a booking. */
export interface BookingValues {
  name: string;
  email: string;
  message: string;
  timeZone: string;
}

/** A mail to queue with a change: rendered now (`mail`), or a reminder rendered when it goes. */
export interface QueuedMail {
  kind: string;
  mail: string | null;
  dueAt: Date;
}

/** Another booking holds the time (the unique index on its start, or an overlap found in the write's transaction). */
export class SlotTakenError extends Error {}

/** The most bookings the admin page lists at once, per list. */
const LIST_LIMIT = 200;

/** Every SQL statement about bookings and their queued mails. */
export class BookingRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly engine: Engine,
    private readonly schema?: string,
  ) {}

  /** Stores a booking and its mails in one transaction; `SlotTakenError` when the start is taken. */
  async insert(id: string, values: BookingValues, start: Date, end: Date, tokenHash: string, now: Date, mails: (row: BookingRow) => QueuedMail[]): Promise<BookingRow> {
    const row: BookingRow = {
      id,
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      name: values.name,
      email: values.email,
      message: values.message,
      time_zone: values.timeZone,
      token_hash: tokenHash,
      sequence: 0,
      created_at: now.toISOString(),
      cancelled_at: null,
      cancelled_by: null,
    };
    await this.write(async (trx) => {
      await refuseOverlap(trx, start, end);
      await trx.insertInto('bookings').values(row).execute();
      await queue(trx, row.id, mails(row), now);
    });
    return row;
  }

  /** Moves a booking to another start, raising its SEQUENCE; `SlotTakenError` when that start is taken. */
  async reschedule(booking: BookingRow, start: Date, end: Date, now: Date, mails: (row: BookingRow) => QueuedMail[]): Promise<BookingRow | undefined> {
    const moved = { ...booking, start_at: start.toISOString(), end_at: end.toISOString(), sequence: Number(booking.sequence) + 1 };
    let changed = false;
    await this.write(async (trx) => {
      await refuseOverlap(trx, start, end, booking.id);
      const result = await trx
        .updateTable('bookings')
        .set({ start_at: moved.start_at, end_at: moved.end_at, sequence: moved.sequence })
        .where('id', '=', booking.id)
        .where('cancelled_at', 'is', null)
        .where('sequence', '=', booking.sequence)
        .executeTakeFirst();
      changed = Number(result.numUpdatedRows) === 1;
      if (!changed) return;
      await dropPendingReminders(trx, booking.id);
      await queue(trx, booking.id, mails(moved), now);
    });
    return changed ? moved : undefined;
  }

  /** Cancels a booking that is not cancelled yet; undefined when it already was. */
  async cancel(booking: BookingRow, by: 'visitor' | 'owner', now: Date, mails: (row: BookingRow) => QueuedMail[]): Promise<BookingRow | undefined> {
    const cancelled = { ...booking, cancelled_at: now.toISOString(), cancelled_by: by };
    let changed = false;
    await this.write(async (trx) => {
      const result = await trx.updateTable('bookings').set({ cancelled_at: cancelled.cancelled_at, cancelled_by: by }).where('id', '=', booking.id).where('cancelled_at', 'is', null).executeTakeFirst();
      changed = Number(result.numUpdatedRows) === 1;
      if (!changed) return;
      await dropPendingReminders(trx, booking.id);
      await queue(trx, booking.id, mails(cancelled), now);
    });
    return changed ? cancelled : undefined;
  }

  find(id: string): Promise<BookingRow | undefined> {
    return this.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByTokenHash(tokenHash: string): Promise<BookingRow | undefined> {
    return this.db.selectFrom('bookings').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Upcoming bookings soonest first, or past ones latest first; cancelled ones among them. */
  list(when: 'upcoming' | 'past', now: Date): Promise<BookingRow[]> {
    const at = now.toISOString();
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .$if(when === 'upcoming', (qb) => qb.where('end_at', '>', at).orderBy('start_at', 'asc'))
      .$if(when === 'past', (qb) => qb.where('end_at', '<=', at).orderBy('start_at', 'desc'))
      .limit(LIST_LIMIT)
      .execute();
  }

  /** The bookings that hold time between two instants, as busy time. */
  async taken(window: Interval): Promise<Interval[]> {
    const rows = await this.db
      .selectFrom('bookings')
      .select(['start_at', 'end_at'])
      .where('cancelled_at', 'is', null)
      .where('end_at', '>', new Date(window[0]).toISOString())
      .where('start_at', '<', new Date(window[1]).toISOString())
      .execute();
    return rows.map((row) => [Date.parse(row.start_at), Date.parse(row.end_at)] as const);
  }

  /**
   * A write of bookings, one at a time on every instance: the overlap check and the write that
   * follows it see no other booking being written meanwhile. PostgreSQL takes a transaction
   * advisory lock (named after the schema); SQLite's transaction starts with a write (which
   * changes nothing), so that it holds the database's one write lock from its first statement
   * rather than failing to upgrade a read when another process wrote in between.
   */
  private async write(work: (trx: Transaction<Schema>) => Promise<void>): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        if (this.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${lockName('bookings', this.schema)}))`.execute(trx);
        else await sql`UPDATE bookings SET sequence = sequence WHERE 0 = 1`.execute(trx);
        await work(trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlotTakenError('taken', { cause: error });
      throw error;
    }
  }
}

/** Two bookings that are not cancelled never share a moment, whatever their starts (the unique index sees only equal starts). */
async function refuseOverlap(trx: Transaction<Schema>, start: Date, end: Date, movingId?: string): Promise<void> {
  const clash = await trx
    .selectFrom('bookings')
    .select('id')
    .where('cancelled_at', 'is', null)
    .where('start_at', '<', end.toISOString())
    .where('end_at', '>', start.toISOString())
    .$if(movingId !== undefined, (qb) => qb.where('id', '!=', movingId!))
    .limit(1)
    .executeTakeFirst();
  if (clash) throw new SlotTakenError('overlaps another booking');
}

/**
 * Erases the bookings made from an address (lower case), with their queued mails: the privacy
 * erase of the inbox. Their times are free again; no mail goes to an address being forgotten.
 */
export async function eraseBookingsOf(trx: Transaction<Schema>, email: string): Promise<number> {
  const ofPerson = trx.selectFrom('bookings').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email));
  await trx.deleteFrom('booking_mails').where('booking_id', 'in', ofPerson).execute();
  const result = await trx.deleteFrom('bookings').where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function queue(trx: Transaction<Schema>, bookingId: string, mails: QueuedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await trx
    .insertInto('booking_mails')
    .values(
      mails.map((mail) => ({
        id: randomUUID(),
        booking_id: bookingId,
        kind: mail.kind,
        mail: mail.mail,
        due_at: mail.dueAt.toISOString(),
        claimed_until: null,
        sent_at: null,
        last_error: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}

async function dropPendingReminders(trx: Transaction<Schema>, bookingId: string): Promise<void> {
  await trx.deleteFrom('booking_mails').where('booking_id', '=', bookingId).where('kind', '=', 'reminder').where('sent_at', 'is', null).execute();
}

/** SQLite and PostgreSQL report a unique index violation differently (drivers throw plain objects with a code). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
