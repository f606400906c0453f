import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BookingMailRow, Schema } from '../db/schema';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { PollingWorker } from '../jobs/polling-worker';

/** The first retry waits a minute, each next one twice as long, never more than an hour; after 12 tries the mail is given up. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ATTEMPTS = 12;
/** How long a claim holds a mail against other instances (nodemailer gives up well before). */
const LEASE_MS = 15 * 60_000;
/** With nothing due, look again this often: another instance may have queued mail and stopped. */
const POLL_MS = 5 * 60_000;
const BATCH = 50;

/** What a reminder says is decided when it goes: the booking may have moved or been cancelled. */
export type RenderReminder = (bookingId: string, now: Date) => Promise<OutgoingMail | null>;
/** A queued mail (JSON) as it goes, its manage link's token put in: the queue holds a stand-in. */
export type OpenQueued = (mail: string) => OutgoingMail | null;

/**
 * Sends the booking mails queued in the database, in this process: invitations, updates,
 * cancellations at once, reminders at their time. Each is claimed with one conditional UPDATE
 * before it is sent, so instances sharing a database never send one twice; a sent mail's body
 * is then cleared. A queued mail holds no usable manage link: its token is put in as it goes.
 */
export class BookingMailWorker extends PollingWorker {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly mailer: Mailer,
    private readonly renderReminder: RenderReminder,
    private readonly openQueued: OpenQueued,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  protected async pass(): Promise<void> {
    try {
      for (;;) {
        const now = this.now().toISOString();
        const due = await this.db
          .selectFrom('booking_mails')
          .select('id')
          .where('sent_at', 'is', null)
          .where('due_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .orderBy('due_at')
          .limit(BATCH)
          .execute();
        let claimed = 0;
        for (const { id } of due) {
          if (this.stopped) return;
          if (await this.send(id)) claimed++;
        }
        if (claimed === 0 || due.length < BATCH) break;
      }
      const next = await this.db.selectFrom('booking_mails').select('due_at').where('sent_at', 'is', null).orderBy('due_at').limit(1).executeTakeFirst();
      this.wakeAt(next ? new Date(next.due_at) : null, this.now(), POLL_MS);
    } catch (error) {
      this.log.error({ err: error }, 'booking mail pass failed; trying again later');
      this.wakeAt(new Date(this.now().getTime() + FIRST_RETRY_MS), this.now(), POLL_MS);
    }
  }

  private async send(id: string): Promise<boolean> {
    const now = this.now();
    const at = now.toISOString();
    const result = await this.db
      .updateTable('booking_mails')
      .set((eb) => ({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('due_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    const row = await this.db.selectFrom('booking_mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      const mail = row.kind === 'reminder' ? await this.renderReminder(row.booking_id, now) : this.openQueued(row.mail ?? 'null');
      if (mail) await this.mailer.send(mail);
      await this.db.updateTable('booking_mails').set({ sent_at: this.now().toISOString(), mail: null, claimed_until: null, last_error: null }).where('id', '=', id).execute();
    } catch (error) {
      await this.failed(row, error);
    }
    return true;
  }

  private async failed(row: BookingMailRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const attempts = Number(row.attempts);
    if (attempts >= MAX_ATTEMPTS) {
      this.log.error({ err: error, mailId: row.id, kind: row.kind }, 'booking mail given up');
      await this.db.updateTable('booking_mails').set({ sent_at: this.now().toISOString(), mail: null, claimed_until: null, last_error: `given up: ${reason}` }).where('id', '=', row.id).execute();
      return;
    }
    const next = new Date(this.now().getTime() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1)));
    this.log.warn({ err: error, mailId: row.id, kind: row.kind, nextAttempt: next.toISOString() }, 'booking mail not sent yet');
    await this.db.updateTable('booking_mails').set({ due_at: next.toISOString(), claimed_until: null, last_error: reason }).where('id', '=', row.id).execute();
  }
}
