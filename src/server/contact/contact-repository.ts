import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContactFolder, ContactSummary, ContactValues } from '../../shared/contact';
import type { ContactMessageRow, Schema } from '../db/schema';
import { detachLeads, insertLead } from '../leads/lead-repository';
import { NO_SOURCE, type LeadSource } from '../leads/source-fields';

/** Retries of a mail stop this long after it was first queued. */
const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most messages the inbox lists at once (newest first). */
const LIST_LIMIT = 200;
/** The spam folder keeps a message this long. */
export const SPAM_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Expired spam is deleted at most this often by one instance: a message arriving sooner adds nothing to delete. */
const SPAM_SWEEP_MS = 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();
/** Spam older than this is gone: no list, count or action sees it, whether or not a sweep has deleted it yet. */
const spamCutoff = (now: Date) => iso(now.getTime() - SPAM_KEPT_MS);

/** Every SQL statement about contact messages. Times are ISO strings, compared as text on both engines. */
export class ContactRepository {
  private lastSpamSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * Stores a message with its lead; one for the inbox is queued for mailing at once, spam never is,
   * nor one with `mail: false` (a booking, whose own mails tell the agency).
   */
  async insert(values: ContactValues, spamReason: string | null, now: Date, { source = NO_SOURCE, mail = true }: { source?: LeadSource; mail?: boolean } = {}): Promise<ContactMessageRow> {
    const spam = spamReason !== null;
    const unmailed = spam || !mail;
    const row = {
      id: randomUUID(),
      ...values,
      folder: spamReason !== null ? 'spam' : 'inbox',
      spam_reason: spamReason,
      created_at: now.toISOString(),
      read_at: null,
      delivery_state: unmailed ? 'none' : 'pending',
      next_attempt_at: unmailed ? null : now.toISOString(),
      deliver_by: unmailed ? null : iso(now.getTime() + DELIVERY_WINDOW_MS),
      claimed_until: null,
      delivered_at: null,
      last_error: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('contact_messages').values(row).execute();
      await insertLead(trx, row.id, source, !spam, now);
    });
    return { ...row, delivery_attempts: 0 };
  }

  list(folder: ContactFolder, now: Date): Promise<ContactMessageRow[]> {
    return this.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('folder', '=', folder)
      .$if(folder === 'spam', (qb) => qb.where('created_at', '>=', spamCutoff(now)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
  }

  /** These messages, newest first. */
  findMany(ids: string[]): Promise<ContactMessageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('contact_messages').selectAll().where('id', 'in', ids).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  find(id: string): Promise<ContactMessageRow | undefined> {
    return this.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async summary(now: Date): Promise<ContactSummary> {
    const rows = await this.db
      .selectFrom('contact_messages')
      .select((eb) => [
        eb.fn.countAll<string | number>().filterWhere((w) => w.and([w('folder', '=', 'inbox'), w('read_at', 'is', null)])).as('unread'),
        eb.fn.countAll<string | number>().filterWhere((w) => w.and([w('folder', '=', 'spam'), w('created_at', '>=', spamCutoff(now))])).as('spam'),
      ])
      .executeTakeFirstOrThrow();
    return { unread: Number(rows.unread), spam: Number(rows.spam) };
  }

  async setRead(id: string, read: boolean, now: Date): Promise<ContactMessageRow | undefined> {
    await this.db
      .updateTable('contact_messages')
      .set({ read_at: read ? now.toISOString() : null })
      .where('id', '=', id)
      // Opening a message again keeps the time it was first read.
      .$if(read, (qb) => qb.where('read_at', 'is', null))
      .execute();
    return this.find(id);
  }

  /** Deletes a message; its lead stays, without the person, for the counts in Insights. */
  async delete(id: string, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await detachLeads(trx, [id], now);
      const result = await trx.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Moves a message out of spam and queues it for mailing now; undefined when it is not in spam. */
  async notSpam(id: string, now: Date): Promise<ContactMessageRow | undefined> {
    const result = await this.db
      .updateTable('contact_messages')
      .set({
        folder: 'inbox',
        spam_reason: null,
        delivery_state: 'pending',
        delivery_attempts: 0,
        next_attempt_at: now.toISOString(),
        deliver_by: iso(now.getTime() + DELIVERY_WINDOW_MS),
        claimed_until: null,
        last_error: null,
      })
      .where('id', '=', id)
      .where('folder', '=', 'spam')
      .where('created_at', '>=', spamCutoff(now))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    // Out of spam it is a lead, counted from when it arrived.
    await this.db.updateTable('leads').set({ is_lead: 1 }).where('id', '=', id).execute();
    return this.find(id);
  }

  /**
   * Deletes spam past its 30 days; called whenever a message is stored, at most once a minute
   * here. Reads already ignore such spam, so a sweep that comes late (no message for a while)
   * or twice (two instances at once: the same DELETE, harmless) changes nothing anyone sees.
   * Answers how many went, or null when it was not yet time.
   */
  async sweepExpiredSpam(now: Date): Promise<number | null> {
    if (now.getTime() - this.lastSpamSweep < SPAM_SWEEP_MS) return null;
    this.lastSpamSweep = now.getTime();
    const expired = this.db.selectFrom('contact_messages').select('id').where('folder', '=', 'spam').where('created_at', '<', spamCutoff(now));
    await this.db.deleteFrom('lead_paths').where('lead_id', 'in', expired).execute();
    await this.db.deleteFrom('leads').where('id', 'in', expired).execute();
    const result = await this.db.deleteFrom('contact_messages').where('folder', '=', 'spam').where('created_at', '<', spamCutoff(now)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Messages whose mail is due: waiting for their attempt, or claimed by an instance that stopped answering. */
  async dueIds(now: Date, limit = 20): Promise<string[]> {
    const at = now.toISOString();
    const rows = await this.db
      .selectFrom('contact_messages')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('delivery_state', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('delivery_state', '=', 'sending'), eb('claimed_until', '<=', at)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The earliest time some mail will be due, or null when none waits. */
  async nextDueAt(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('contact_messages')
      .select((eb) => [
        eb.fn.min<string | null>('next_attempt_at').filterWhere('delivery_state', '=', 'pending').as('pending'),
        eb.fn.min<string | null>('claimed_until').filterWhere('delivery_state', '=', 'sending').as('claimed'),
      ])
      .executeTakeFirstOrThrow();
    const times = [row.pending, row.claimed].filter((time): time is string => !!time).map((time) => Date.parse(time));
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  /**
   * Takes a due message for this instance alone: one conditional UPDATE, so of two instances
   * racing for it exactly one changes the row and mails it. Undefined when it was not due (any more).
   */
  async claim(id: string, now: Date, leaseUntil: Date): Promise<ContactMessageRow | undefined> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('contact_messages')
      .set((eb) => ({ delivery_state: 'sending', claimed_until: leaseUntil.toISOString(), delivery_attempts: eb('delivery_attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('delivery_state', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('delivery_state', '=', 'sending'), eb('claimed_until', '<=', at)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.find(id) : undefined;
  }

  async delivered(id: string, now: Date): Promise<void> {
    await this.settle(id, { delivery_state: 'sent', delivered_at: now.toISOString(), next_attempt_at: null, last_error: null });
  }

  async retryAt(id: string, next: Date, error: string): Promise<void> {
    await this.settle(id, { delivery_state: 'pending', next_attempt_at: next.toISOString(), last_error: error });
  }

  async gaveUp(id: string, error: string): Promise<void> {
    await this.settle(id, { delivery_state: 'failed', next_attempt_at: null, last_error: error });
  }

  private async settle(id: string, fields: Partial<ContactMessageRow>): Promise<void> {
    await this.db
      .updateTable('contact_messages')
      .set({ ...fields, claimed_until: null })
      .where('id', '=', id)
      .where('delivery_state', '=', 'sending')
      .execute();
  }
}
