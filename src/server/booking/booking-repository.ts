import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
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

/** The unique index on a taken start refused the write: another visitor has that time. */
export class SlotTakenError extends Error {}

/** The most bookings the admin page lists at once, per list. */
const LIST_LIMIT = 200;

/** Every SQL statement about bookings and their queued mails. */
export class BookingRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Stores a booking and its mails in one transaction; `SlotTakenError` when the start is taken. */
  async insert(values: BookingValues, start: Date, end: Date, tokenHash: string, now: Date, mails: (row: BookingRow) => QueuedMail[]): Promise<BookingRow> {
    const row: BookingRow = {
      id: randomUUID(),
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

  private async write(work: (trx: Transaction<Schema>) => Promise<void>): Promise<void> {
    try {
      await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlotTakenError('taken', { cause: error });
      throw error;
    }
  }
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
