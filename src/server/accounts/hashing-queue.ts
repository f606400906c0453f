import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../http/errors';

/**
 * Password hashing at most a few at a time (one per core, up to libuv's four threads), with at
 * most `waiting` more in line. Argon2 costs tens of milliseconds of a core and 19 MiB each: a
 * flood of sign-ins would otherwise queue without end, every request waiting for all those before
 * it. Beyond the line the answer is a 503 at once.
 *
 * `reserved` is a short line of its own for sign-ins from an address the account signed in from
 * before (the owner's own): a flood that fills the shared line answers the owner neither a 503
 * nor a wait behind it. One more hash may then run than there are cores, and only for them.
 */
const HASHING = { running: Math.max(1, Math.min(4, availableParallelism())), waiting: 32, reserved: { running: 1, waiting: 3 }, retryAfterSec: 2 } as const;

const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

interface Bounds {
  running: number;
  waiting: number;
}

/** One line: `running` at once, `waiting` more, none past that. */
class Line {
  private readonly limit: LimitFunction;

  constructor(private readonly bounds: Bounds) {
    this.limit = pLimit(bounds.running);
  }

  get full(): boolean {
    return this.limit.activeCount + this.limit.pendingCount >= this.bounds.running + this.bounds.waiting;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.limit(work);
  }

  get size(): { running: number; waiting: number } {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount };
  }
}

export class HashingQueue {
  private readonly shared: Line;
  private readonly reserved: Line;

  constructor(bounds: Bounds & { reserved?: Bounds } = HASHING) {
    this.shared = new Line(bounds);
    this.reserved = new Line(bounds.reserved ?? HASHING.reserved);
  }

  /**
   * Runs `work` in its turn, or throws the 503 with Retry-After when the line is full. Work for
   * the owner's own address (`reserved`) takes its own line first, the shared one when that is full.
   */
  run<T>(work: () => Promise<T>, { reserved = false }: { reserved?: boolean } = {}): Promise<T> {
    const line = [...(reserved ? [this.reserved] : []), this.shared].find((candidate) => !candidate.full);
    if (!line) return Promise.reject(new HttpError(503, BUSY_MESSAGE, { 'Retry-After': String(HASHING.retryAfterSec) }));
    return line.run(work);
  }

  /** Hashes running and waiting in the shared line (for tests and diagnostics). */
  get size(): { running: number; waiting: number } {
    return this.shared.size;
  }
}
