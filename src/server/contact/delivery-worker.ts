import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { contactMail } from './contact-mail';
import type { ContactRepository } from './contact-repository';

/** The first retry waits a minute, each next one twice as long, never more than an hour. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** How long a claim holds a message against other instances (nodemailer gives up well before). */
const LEASE_MS = 15 * 60_000;
/** Even with nothing due here, look again this often: another instance may have queued mail and stopped. */
const POLL_MS = 5 * 60_000;
/** setTimeout takes a signed 32-bit delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Mails stored contact messages to the agency, in this process. Every message is claimed with
 * one conditional UPDATE before it is mailed, so instances sharing a database never mail the
 * same one twice; a failed attempt is retried with growing delays until its 24 hours are over.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly repository: ContactRepository,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** The owner's address, as the live Settings have it. */
    private readonly ownerEmail: () => Promise<string>,
  ) {}

  /** Runs what is due now, then sleeps until the next due time; settles when a pass begun after this call is over. */
  poke(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      // The running pass may have looked before this call's message was stored: one more
      // follows it, shared by every call made meanwhile.
      this.queued ??= this.running.then(() => {
        this.queued = undefined;
        return this.poke();
      });
      return this.queued;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      for (;;) {
        const ids = await this.repository.dueIds(this.now());
        if (ids.length === 0) break;
        let claimed = 0;
        for (const id of ids) {
          if (this.stopped) return;
          if (await this.deliver(id)) claimed++;
        }
        // Everything due was taken by other instances: nothing more for this one now.
        if (claimed === 0) break;
      }
      this.schedule(await this.repository.nextDueAt());
    } catch (error) {
      this.log.error({ err: error }, 'contact delivery pass failed; trying again later');
      this.schedule(new Date(this.now().getTime() + FIRST_RETRY_MS));
    }
  }

  /** Mails one message if this instance wins its claim; true when it did. */
  private async deliver(id: string): Promise<boolean> {
    const now = this.now();
    const row = await this.repository.claim(id, now, new Date(now.getTime() + LEASE_MS));
    if (!row) return false;
    try {
      await this.mailer.send(contactMail({ name: row.name, email: row.email, message: row.message, createdAt: row.created_at }, await this.ownerEmail()));
      await this.repository.delivered(id, this.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const at = this.now().getTime();
      const deadline = row.deliver_by ? Date.parse(row.deliver_by) : at;
      if (at >= deadline) {
        this.log.error({ err: error, messageId: id }, 'contact message not mailed within 24 hours; it stays in the inbox');
        await this.repository.gaveUp(id, reason);
      } else {
        const next = Math.min(at + retryDelay(row.delivery_attempts), deadline);
        this.log.warn({ err: error, messageId: id, nextAttempt: new Date(next).toISOString() }, 'contact message not mailed yet');
        await this.repository.retryAt(id, new Date(next), reason);
      }
    }
    return true;
  }

  private schedule(due: Date | null): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = due ? Math.max(0, due.getTime() - this.now().getTime()) : POLL_MS;
    this.timer = setTimeout(() => void this.poke(), Math.min(wait, POLL_MS, MAX_TIMER_MS));
    // A waiting retry must not keep a finished process (a CLI, a test) alive.
    this.timer.unref();
  }
}
