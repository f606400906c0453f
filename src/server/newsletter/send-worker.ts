import type { FastifyBaseLogger } from 'fastify';
import { onceAtATime } from '../db/advisory-lock';
import { PollingWorker } from '../jobs/polling-worker';
import type { Database } from '../db/database';
import { permanentRefusal, type Mailer } from '../mail/mailer';
import { postMailTemplate } from './mail-template-thread';
import { postMail, type MailPost, type PostMailTemplate } from './newsletter-mail';
import type { SendRepository } from './send-repository';
import type { NewsletterIdentity } from './site-identity';
import type { SubscriberRepository } from './subscriber-repository';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** Recipients read at a time. */
const PAGE_SIZE = 200;
/**
 * Subscribers copied into a send's recipients at a time, each page a short transaction that holds
 * SQLite's thread (the pages' too) for a few milliseconds, never the whole list: measured on a
 * list of 10,000, some 2.5 ms a page of 200, of which the commit's sync is half.
 */
const COPY_PAGE = 200;
/**
 * How long a claim holds a mail against others. The sender renews it every third of that while
 * the mail server takes the mail, however slow; a sender that died (a crash, SIGKILL) stops
 * renewing, and its mail is taken up again within a minute.
 */
const LEASE_MS = 60_000;
/** A mail the server could not take (not a refusal) is tried again after a minute, then doubling, at most an hour apart... */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** ...for a day after its send started; then it counts as failed. */
const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** With nothing due here, look again this often: another instance may have asked for a send, or stopped mid-way (and unconfirmed addresses expire). */
const POLL_MS = 30_000;

const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface SendWorkerDeps {
  database: Database;
  sends: SendRepository;
  subscribers: SubscriberRepository;
  tokens: UnsubscribeTokens;
  mailer: Mailer;
  /** Mails a second. */
  rate: number;
  siteUrl: string;
  identity: () => Promise<NewsletterIdentity>;
  /** The post as its mail shows it, or undefined once deleted. */
  post: (id: string) => Promise<MailPost | undefined>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Mails the posts asked for to the subscribers, in this process. One sender works at a time
 * (a PostgreSQL advisory lock; SQLite has one process), at `rate` mails a second, and each
 * recipient's mail is claimed in the database before it leaves, so that no subscriber is mailed
 * twice; a send cut short by a crash or a restart carries on from the recipients not yet mailed.
 * A send starts when its post becomes visible, by the clock the reads use.
 */
export class SendWorker extends PollingWorker {
  private nextSlot = 0;

  constructor(private readonly deps: SendWorkerDeps) {
    super();
  }

  protected async pass(): Promise<void> {
    const { database, sends, subscribers, now, log } = this.deps;
    // Addresses never confirmed go on time even while nobody subscribes (a subscription sweeps
    // too); a pass runs at least every POLL_MS, and the sweep itself at most once a minute.
    await subscribers.sweepUnconfirmed(now()).catch((error: unknown) => log.warn({ err: error }, 'unconfirmed addresses not deleted; the next pass tries again'));
    try {
      const outcome = await onceAtATime(database, 'newsletter-send', async () => {
        await sends.releaseClaims(now());
        for (const postId of await sends.dueToStart(now())) {
          if (await sends.start(postId, now())) log.info({ postId }, 'newsletter send started');
        }
        let pausedUntil: Date | null = null;
        for (const postId of await sends.sendingPosts()) {
          if (this.stopped) return null;
          pausedUntil = await this.sendPost(postId);
          if (pausedUntil) break;
        }
        const times = [pausedUntil, await sends.nextRetry(), await sends.nextStart(now()), await sends.nextClaimExpiry()].filter((time): time is Date => time !== null);
        return times.length > 0 ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
      });
      this.wakeAt(outcome.ran ? outcome.result : null, now(), POLL_MS);
    } catch (error) {
      log.error({ err: error }, 'newsletter pass failed; trying again later');
      this.wakeAt(new Date(now().getTime() + FIRST_RETRY_MS), now(), POLL_MS);
    }
  }

  /** Mails what is due of one send; a time to come back when the mail server is away, else null. */
  private async sendPost(postId: string): Promise<Date | null> {
    const { sends, post: readPost, now, log } = this.deps;
    for (;;) {
      const started = performance.now();
      if (!(await sends.copyRecipients(postId, now(), COPY_PAGE))) break;
      if (this.stopped) return null;
      // The thread is left as long as the page held it: a page request takes a few turns of the
      // event loop to be answered, and with only the next turn between pages each of its turns
      // waited out a page (eight asked together were answered 8 to 16 ms apart, the last after 131 ms).
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, performance.now() - started)));
    }
    const found = await readPost(postId);
    // Rendered once for the whole send, off this thread (inlining styles is the costly part); each mail fills in its subscriber.
    const post = found && (await postMailTemplate(found, this.deps.siteUrl, await this.deps.identity()));
    let after = '';
    for (;;) {
      const page = await sends.duePage(postId, now(), after, PAGE_SIZE);
      for (const row of page) {
        if (this.stopped) return null;
        after = row.subscriber_id;
        await this.pace();
        const outcome = await this.deliver(postId, post, row.subscriber_id, row.attempts);
        if (outcome === 'unreachable') return new Date(now().getTime() + FIRST_RETRY_MS);
      }
      if (page.length < PAGE_SIZE) break;
    }
    if (await sends.finishIfDone(postId, now())) log.info({ postId }, 'newsletter send finished');
    return null;
  }

  /** One recipient's mail, if this sender wins its claim. */
  private async deliver(postId: string, post: PostMailTemplate | undefined, subscriberId: string, attempts: number): Promise<'sent' | 'skipped' | 'refused' | 'retry' | 'unreachable'> {
    const { sends, subscribers, tokens, mailer, now, log } = this.deps;
    const at = now();
    const token = await sends.claim(postId, subscriberId, at, new Date(at.getTime() + LEASE_MS));
    if (!token) return 'skipped';
    const claim = { postId, subscriberId, token };
    const subscriber = await subscribers.find(subscriberId);
    // Unsubscribed, or refused by another send, since this one started; or the post is gone.
    if (!post || subscriber?.status !== 'confirmed') {
      await sends.skipped(claim);
      return 'skipped';
    }
    const renewing = setInterval(() => {
      sends.renew(claim, new Date(now().getTime() + LEASE_MS)).catch((error: unknown) => log.warn({ err: error, postId, subscriberId }, 'newsletter claim not renewed'));
    }, LEASE_MS / 3);
    try {
      await mailer.send(postMail(post, { subscriberId, email: subscriber.email, unsubscribeToken: tokens.issue(subscriberId) }));
      clearInterval(renewing);
      if (!(await sends.sent(claim, now()))) log.warn({ postId, subscriberId }, 'newsletter mail sent after its claim ran out; another sender may mail it again');
      return 'sent';
    } catch (error) {
      clearInterval(renewing);
      const refusal = permanentRefusal(error);
      if (refusal) {
        log.warn({ postId, subscriberId }, 'newsletter refused permanently; the address is marked bounced');
        await sends.failed(claim, refusal);
        await subscribers.bounced(subscriberId, refusal, now());
        return 'refused';
      }
      const reason = error instanceof Error ? error.message : String(error);
      const moment = now().getTime();
      const started = (await sends.progress(postId))[0]?.startedAt;
      if (started && moment - Date.parse(started) >= RETRY_WINDOW_MS) {
        await sends.failed(claim, reason);
        return 'retry';
      }
      await sends.retryAt(claim, new Date(moment + retryDelay(attempts + 1)), reason);
      const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number';
      log.warn({ err: error, postId, subscriberId }, 'newsletter mail not sent yet');
      // No answer at all: the mail server is away, and the next recipients would fail the same.
      return answered ? 'retry' : 'unreachable';
    }
  }

  /** Waits for this sender's next slot: `rate` mails a second, however long each takes. */
  private async pace(): Promise<void> {
    const start = Math.max(this.nextSlot, performance.now());
    this.nextSlot = start + 1000 / this.deps.rate;
    const wait = start - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
