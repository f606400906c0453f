import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { PollingWorker } from '../jobs/polling-worker';
import { contactMail } from './contact-mail';
import type { ContactRepository } from './contact-repository';

/** The first retry waits a minute, each next one twice as long, never more than an hour. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** How long a claim holds a message against other instances (nodemailer gives up well before). */
const LEASE_MS = 15 * 60_000;
/** Even with nothing due here, look again this often: another instance may have queued mail and stopped. */
const POLL_MS = 5 * 60_000;

const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Mails stored contact messages to the agency, in this process. Every message is claimed with
 * one conditional UPDATE before it is mailed, so instances sharing a database never mail the
 * same one twice; a failed attempt is retried with growing delays until its 24 hours are over.
 */
export class DeliveryWorker extends PollingWorker {
  constructor(
    private readonly repository: ContactRepository,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** The owner's address, as the live Settings have it. */
    private readonly ownerEmail: () => Promise<string>,
  ) {
    super();
  }

  protected async pass(): Promise<void> {
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
      this.wakeAt(await this.repository.nextDueAt(), this.now(), POLL_MS);
    } catch (error) {
      this.log.error({ err: error }, 'contact delivery pass failed; trying again later');
      this.wakeAt(new Date(this.now().getTime() + FIRST_RETRY_MS), this.now(), POLL_MS);
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
}
