import type { FastifyBaseLogger } from 'fastify';
import { clientKey } from '../abuse/client-key';
import type { LimiterStore } from '../abuse/limiter-store';
import { SlidingWindow } from '../abuse/sliding-window';

/** Subscriptions a client address may ask for in an hour: a household's few, not a robot's list. */
const SUBSCRIBE_RULE = { limit: 10, windowSec: 60 * 60 } as const;

/** Counts subscriptions per client (an IPv6 host's whole /64) in the abuse limits' store (Redis when configured). */
export class SubscribeLimit {
  private readonly window: SlidingWindow;

  constructor(
    private readonly store: LimiterStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.window = new SlidingWindow(store.limiter('subscribe', 1, SUBSCRIBE_RULE.windowSec), SUBSCRIBE_RULE.limit);
  }

  /**
   * Counts one request; the ms until the client may ask again once past its hour's share, else 0.
   * Fails closed: with the store away nothing else bounds the mails robots could make us send.
   */
  async count(client: string): Promise<number> {
    try {
      await this.store.ready;
      return await this.window.take(`client:${clientKey(client)}`);
    } catch (error) {
      this.log.warn({ err: error }, 'subscription refused: the limits store is away');
      return 60_000;
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
