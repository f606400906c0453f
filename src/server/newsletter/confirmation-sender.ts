import type { FastifyBaseLogger } from 'fastify';
import { PollingWorker } from '../jobs/polling-worker';
import { permanentRefusal, type Mailer } from '../mail/mailer';
import { confirmationMail } from './newsletter-mail';
import type { NewsletterIdentity } from './site-identity';
import type { DueConfirmation, SubscriberRepository } from './subscriber-repository';

/** Due mails read at a time. */
const BATCH = 50;
/** How long a sender holds a mail it took: a sender that dies holding one lets it go after that. */
const HOLD_MS = 2 * 60_000;
/** A mail the server did not take is tried again this much later (the address is deleted after 7 days unconfirmed). */
const RETRY_MS = 5 * 60_000;
/** With nothing due, look again this often: another instance may have queued mail and stopped. */
const POLL_MS = 30_000;

interface ConfirmationSenderDeps {
  subscribers: SubscriberRepository;
  mailer: Mailer;
  /** Mails a second: the newsletter's rate, so that an imported list never floods the mail server. */
  rate: number;
  siteUrl: string;
  identity: () => Promise<NewsletterIdentity>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Sends the confirmation mails queued on pending subscribers' rows (a subscription, an import),
 * in this process. Each is taken with one conditional UPDATE that also makes its link, so two
 * instances never send one twice; one the mail server does not take waits and is tried again,
 * and one refused for good (5xx) marks the address bounced.
 */
export class ConfirmationSender extends PollingWorker {
  constructor(private readonly deps: ConfirmationSenderDeps) {
    super();
  }

  protected async pass(): Promise<void> {
    const { subscribers, now, log } = this.deps;
    try {
      for (;;) {
        const due = await subscribers.dueConfirmations(now(), BATCH);
        for (const mail of due) {
          if (this.stopped) return;
          await this.send(mail);
          await new Promise((resolve) => setTimeout(resolve, 1000 / this.deps.rate));
        }
        if (due.length < BATCH) break;
      }
      this.wakeAt(await subscribers.nextConfirmationDue(), now(), POLL_MS);
    } catch (error) {
      log.error({ err: error }, 'confirmation mails not sent; trying again later');
      this.wakeAt(null, now(), POLL_MS);
    }
  }

  private async send(due: DueConfirmation): Promise<void> {
    const { subscribers, mailer, now, log } = this.deps;
    const at = now();
    const token = await subscribers.claimConfirmation(due, at, new Date(at.getTime() + HOLD_MS));
    if (!token) return;
    try {
      await mailer.send(confirmationMail(due.email, `${this.deps.siteUrl}/subscribe/confirm/${token}`, await this.deps.identity()));
      await subscribers.confirmationDone(due.id, null);
    } catch (error) {
      const refusal = permanentRefusal(error);
      if (refusal) {
        log.warn({ subscriberId: due.id }, 'confirmation mail refused permanently; the address is marked bounced');
        await subscribers.bounced(due.id, refusal, now());
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, subscriberId: due.id }, 'confirmation mail not sent yet');
      await subscribers.confirmationDone(due.id, new Date(now().getTime() + RETRY_MS), reason);
    }
  }
}
