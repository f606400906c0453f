import pLimit, { type LimitFunction } from 'p-limit';
import { HttpError } from '../http/errors';

/** Seconds a visitor turned away is asked to wait: a few renders' worth, long enough for the line to move. */
const RENDER_RETRY_AFTER_SECONDS = 5;

const RENDERS_BUSY = 'The site is busy right now. Please try again in a few seconds.';

export interface RenderQueueOptions {
  /** Renders at once. */
  concurrency: number;
  /**
   * Renders that may wait for a free slot; one more is refused at once with 503 and `Retry-After`.
   * Without a bound a flood of uncached addresses would queue work without end, and every
   * request behind it (cached pages included, since they share the processor) would wait longer.
   */
  maxWaiting: number;
}

/**
 * Renders, queued. Rendering is work for the processor alone: a few at a time, the rest waiting
 * in order, finish each request sooner than a hundred interleaved ones, and no request waits for
 * all the others. Requests for a key that is being rendered can share that render instead of
 * repeating it; `forget` (a change of content) lets the next ones start afresh.
 */
export class RenderQueue<T = unknown> {
  private readonly limit: LimitFunction;
  private readonly capacity: number;
  /** Renders taken and not finished, running or waiting; counted here since p-limit starts them a tick later. */
  private taken = 0;
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor({ concurrency, maxWaiting }: RenderQueueOptions) {
    this.limit = pLimit(concurrency);
    this.capacity = concurrency + maxWaiting;
  }

  /**
   * Rejects with a 503 `HttpError` when the line is full; a render being shared is joined whatever
   * the line. Renders of different kinds may share one line: a key is shared only by renders of
   * one kind (`R`), which its callers keep to.
   */
  run<R extends T>(key: string, task: () => Promise<R>, { share }: { share: boolean }): Promise<R> {
    const pending = share ? (this.inFlight.get(key) as Promise<R> | undefined) : undefined;
    if (pending) return pending;
    if (this.taken >= this.capacity) return Promise.reject(new HttpError(503, RENDERS_BUSY, { 'Retry-After': String(RENDER_RETRY_AFTER_SECONDS) }));
    this.taken++;
    // A render starts in a task of its own: started from the one before it (a promise
    // continuation), queued renders would run back to back without letting the server read a
    // single new request in between.
    const started = this.limit(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return task();
    }).finally(() => {
      this.taken--;
    });
    if (!share) return started;
    const shared = started.finally(() => {
      if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
    });
    this.inFlight.set(key, shared);
    return shared;
  }

  /** Renders already running finish for those waiting on them; later requests render anew. */
  forget(): void {
    this.inFlight.clear();
  }

  /** Renders running and waiting (for tests and diagnostics). */
  get size(): { active: number; waiting: number } {
    return { active: this.limit.activeCount, waiting: this.limit.pendingCount };
  }
}
