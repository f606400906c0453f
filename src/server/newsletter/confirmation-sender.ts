import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
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
  identity: () => NewsletterIdentity;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Sends the confirmation mails queued on pending subscribers' rows (a subscription, an import),
 * in this process. Each is taken with one conditional UPDATE that also makes its link, so two
 * instances never send one twice; one the mail server does not take waits and is tried again,
 * and one refused for good (5xx) marks the address bounced.
 */
export class ConfirmationSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: ConfirmationSenderDeps) {}

  /** Sends what is due now (after the pass running, if one is); settles when done. */
  poke(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.pass();
    } while (this.again && !this.stopped);
  }

  private async pass(): Promise<void> {
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
      this.schedule(await subscribers.nextConfirmationDue());
    } catch (error) {
      log.error({ err: error }, 'confirmation mails not sent; trying again later');
      this.schedule(null);
    }
  }

  private async send(due: DueConfirmation): Promise<void> {
    const { subscribers, mailer, now, log } = this.deps;
    const at = now();
    const token = await subscribers.claimConfirmation(due, at, new Date(at.getTime() + HOLD_MS));
    if (!token) return;
    try {
      await mailer.send(confirmationMail(due.email, `${this.deps.siteUrl}/subscribe/confirm/${token}`, this.deps.identity()));
      await subscribers.confirmationDone(due.id, null);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = (error as { responseCode?: unknown } | null)?.responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        log.warn({ subscriberId: due.id }, 'confirmation mail refused permanently; the address is marked bounced');
        await subscribers.bounced(due.id, reason, now());
        return;
      }
      log.warn({ err: error, subscriberId: due.id }, 'confirmation mail not sent yet');
      await subscribers.confirmationDone(due.id, new Date(now().getTime() + RETRY_MS), reason);
    }
  }

  private schedule(due: Date | null): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = due ? Math.max(0, due.getTime() - this.deps.now().getTime()) : POLL_MS;
    this.timer = setTimeout(() => void this.poke(), Math.min(wait, POLL_MS));
    // jsdom's timers (the client tests run the whole app there) are plain numbers.
    if (typeof this.timer === 'object') this.timer.unref();
  }
}
