import type { FastifyBaseLogger } from 'fastify';
import type { LimiterStore } from '../abuse/limiter-store';
import { SlidingWindow } from '../abuse/sliding-window';

/** 5 messages an hour per client address; the 6th and later within the hour are judged spam. */
export const CONTACT_RULE = { limit: 5, windowSec: 60 * 60 } as const;

/** Counts contact messages per client address in the abuse limits' store (Redis when configured). */
export class ContactClientLimit {
  private readonly window: SlidingWindow;

  constructor(
    private readonly store: LimiterStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.window = new SlidingWindow(store.limiter('contact', 1, CONTACT_RULE.windowSec), CONTACT_RULE.limit);
  }

  /**
   * Counts one message; true when the client has already sent its hour's share. Unlike the
   * account limits this one fails open: with the store away a visitor's message is still kept
   * (the other checks stand), since losing a lead is worse than reading one more spam.
   */
  async exceeded(client: string): Promise<boolean> {
    try {
      await this.store.ready;
      return (await this.window.take(`client:${client}`)) > 0;
    } catch (error) {
      this.log.warn({ err: error }, 'contact limit not counted: the limits store is away');
      return false;
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
