import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { PollingWorker } from '../jobs/polling-worker';
import type { LeadRepository } from './lead-repository';
import { nextReminderAt, reminderDay } from './local-day';
import { reminderMail } from './reminder-mail';

/** How long a claim holds a reminder against other instances (nodemailer gives up well before). */
const LEASE_MS = 15 * 60_000;
/** The first retry waits a minute, each next twice as long, at most an hour; after 10 tries it is given up. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ATTEMPTS = 10;
/** Look again at least this often: a retry due, the site's time zone changed, the clock moved. */
const POLL_MS = 5 * 60_000;

export interface ReminderDeps {
  db: Kysely<Schema>;
  leads: LeadRepository;
  mailer: Mailer;
  now: () => Date;
  timeZone: () => Promise<string>;
  /** The live Settings' e-mail: where the reminder goes. */
  ownerEmail: () => Promise<string>;
  siteUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The 08:00 follow-up reminder. Each local day has one row in `lead_reminders`: the first
 * instance past 08:00 adds it (the others' inserts find it there), marked `none` when nothing is
 * due, so no mail goes that day. A pending one is claimed with a conditional UPDATE before it is
 * mailed, so of any number of instances exactly one sends it, and a failed send is tried again.
 */
export class FollowUpReminder extends PollingWorker {
  constructor(private readonly deps: ReminderDeps) {
    super();
  }

  protected async pass(): Promise<void> {
    const { now, log } = this.deps;
    let next = new Date(now().getTime() + POLL_MS);
    try {
      const zone = await this.deps.timeZone();
      const day = reminderDay(now(), zone);
      if (day) await this.open(day);
      await this.sendDue();
      next = nextReminderAt(now(), zone);
    } catch (error) {
      log.error({ err: error }, 'follow-up reminder pass failed; trying again later');
    }
    this.wakeAt(next, now(), POLL_MS);
  }

  /** Adds the day's row unless an instance already did. */
  private async open(day: string): Promise<void> {
    const { db, leads, now } = this.deps;
    const known = await db.selectFrom('lead_reminders').select('day').where('day', '=', day).executeTakeFirst();
    if (known) return;
    const due = await leads.due(day);
    await db
      .insertInto('lead_reminders')
      .values({ day, due_count: due.length, state: due.length > 0 ? 'pending' : 'none', next_attempt_at: now().toISOString(), claimed_until: null, sent_at: null, last_error: null })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
  }

  private async sendDue(): Promise<void> {
    const { db, leads, mailer, now, siteUrl, log } = this.deps;
    const at = now().toISOString();
    const waiting = await db
      .selectFrom('lead_reminders')
      .select('day')
      .where((eb) => eb.or([eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', at)]), eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<=', at)])]))
      .execute();
    for (const { day } of waiting) {
      const claimed = await db
        .updateTable('lead_reminders')
        .set((eb) => ({ state: 'sending', claimed_until: new Date(now().getTime() + LEASE_MS).toISOString(), attempts: eb('attempts', '+', 1) }))
        .where('day', '=', day)
        .where((eb) => eb.or([eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', at)]), eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<=', at)])]))
        .returning(['attempts'])
        .executeTakeFirst();
      if (!claimed) continue;
      // The list as it stands when the mail goes: a lead dealt with since 08:00 is left out.
      const due = await leads.due(day);
      try {
        if (due.length > 0) await mailer.send(reminderMail(day, due, siteUrl, await this.deps.ownerEmail()));
        await this.settle(day, { state: due.length > 0 ? 'sent' : 'none', sent_at: due.length > 0 ? now().toISOString() : null, last_error: null, next_attempt_at: null });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const attempts = Number(claimed.attempts);
        const giveUp = attempts >= MAX_ATTEMPTS;
        log.warn({ err: error, day }, giveUp ? 'follow-up reminder not mailed; given up' : 'follow-up reminder not mailed yet');
        const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
        await this.settle(day, { state: giveUp ? 'failed' : 'pending', last_error: reason, next_attempt_at: giveUp ? null : new Date(now().getTime() + wait).toISOString() });
      }
    }
  }

  private async settle(day: string, fields: { state: string; sent_at?: string | null; last_error: string | null; next_attempt_at: string | null }): Promise<void> {
    await this.deps.db.updateTable('lead_reminders').set({ ...fields, claimed_until: null }).where('day', '=', day).where('state', '=', 'sending').execute();
  }
}
