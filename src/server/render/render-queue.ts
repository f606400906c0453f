import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Renders, queued. Rendering is work for the processor alone: a few at a time, the rest waiting
 * in order, finish each request sooner than a hundred interleaved ones, and no request waits for
 * all the others. Requests for a key that is being rendered can share that render instead of
 * repeating it; `forget` (a change of content) lets the next ones start afresh.
 */
export class RenderQueue<T> {
  private readonly limit: LimitFunction;
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(concurrency: number) {
    this.limit = pLimit(concurrency);
  }

  run(key: string, task: () => Promise<T>, { share }: { share: boolean }): Promise<T> {
    // A render starts in a task of its own: started from the one before it (a promise
    // continuation), queued renders would run back to back without letting the server read a
    // single new request in between.
    const queued = () => this.limit(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return task();
    });
    if (!share) return queued();
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = queued().finally(() => {
      if (this.inFlight.get(key) === started) this.inFlight.delete(key);
    });
    this.inFlight.set(key, started);
    return started;
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
