import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../http/errors';

/**
 * Password hashing at most a few at a time (one per core, up to libuv's four threads), with at
 * most `waiting` more in line. Argon2 costs tens of milliseconds of a core and 19 MiB each: a
 * flood of sign-ins would otherwise queue without end, every request waiting for all those before
 * it. Beyond the line the answer is a 503 at once.
 */
export const HASHING = { running: Math.max(1, Math.min(4, availableParallelism())), waiting: 32, retryAfterSec: 2 } as const;

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export class HashingQueue {
  private readonly limit: LimitFunction;

  constructor(private readonly bounds: { running: number; waiting: number } = HASHING) {
    this.limit = pLimit(bounds.running);
  }

  /** Runs `work` in its turn, or throws the 503 with Retry-After when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.bounds.running + this.bounds.waiting) {
      return Promise.reject(new HttpError(503, BUSY_MESSAGE, { 'Retry-After': String(HASHING.retryAfterSec) }));
    }
    return this.limit(work);
  }

  /** Hashes running and waiting (for tests and diagnostics). */
  get size(): { running: number; waiting: number } {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount };
  }
}
