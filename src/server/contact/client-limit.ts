import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from '../abuse/client-key';
import type { LimiterStore } from '../abuse/limiter-store';
import { SlidingWindow } from '../abuse/sliding-window';

/** 5 messages an hour per client address; the 6th and later within the hour are judged spam. */
const CONTACT_RULE = { limit: 5, windowSec: 60 * 60 } as const;

/**
 * Spam kept per client address a day: what is judged spam past it (the 6th message of an hour
 * included) is answered the same and not stored, so that robots cannot grow the database.
 */
const SPAM_KEPT_RULE = { limit: 20, windowSec: 24 * 60 * 60 } as const;

export interface ClientLimitRule {
  /** The counters' name in the store: each form that counts apart has its own (on a shared Redis too). */
  name: string;
  /** Sends an hour per client. */
  perHour: number;
}

/** Counts contact messages per client (an IPv6 host's whole /64) in the abuse limits' store (Redis when configured). */
export class ContactClientLimit {
  private readonly window: SlidingWindow;
  private readonly spamKept: RateLimiterAbstract;

  constructor(
    private readonly store: LimiterStore,
    private readonly log: FastifyBaseLogger,
    { name, perHour }: ClientLimitRule = { name: 'contact', perHour: CONTACT_RULE.limit },
  ) {
    this.window = new SlidingWindow(store.limiter(name, 1, CONTACT_RULE.windowSec), perHour);
    // A plain counter, one call per spam: a window that opens with a client's first spam of the
    // day is exact enough for a bound on storage, and a flood costs one call a message.
    this.spamKept = store.limiter(`${name}-spam`, SPAM_KEPT_RULE.limit, SPAM_KEPT_RULE.windowSec);
  }

  /**
   * Counts one message; the milliseconds until the client may send again when it has already
   * sent its hour's share, else 0. Unlike the account limits this one fails open: with the store
   * away a visitor's message is still kept (the other checks stand), since losing a lead is worse
   * than reading one more spam.
   */
  async count(client: string): Promise<number> {
    try {
      await this.store.ready;
      return await this.window.take(`client:${clientKey(client)}`);
    } catch (error) {
      this.log.warn({ err: error }, 'contact limit not counted: the limits store is away');
      return 0;
    }
  }

  /**
   * Counts one spam message of the client; false once its day's share is kept. Fails closed,
   * unlike `exceeded`: with the store away nothing can bound what robots store, and what is lost
   * is only a message already judged spam.
   */
  async mayKeepSpam(client: string): Promise<boolean> {
    try {
      await this.store.ready;
      await this.spamKept.consume(`client:${clientKey(client)}`);
      return true;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) this.log.warn({ err: refusal }, 'spam not kept: the limits store is away');
      return false;
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
