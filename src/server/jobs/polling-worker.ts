/** setTimeout takes a signed 32-bit delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Work the server does in the background, in passes: at once when poked (something was queued or
 * changed), then again when the pass asks (`wakeAt`). One pass runs at a time in this process; a
 * poke during a pass (which may have looked before the caller's change) gets one more pass after
 * it, shared by every poke made meanwhile. Instances sharing a database keep each other from doing
 * a thing twice with claims in the database; that is each worker's own part.
 */
export abstract class PollingWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  protected stopped = false;

  /** Runs a pass now, or one more after the pass running; settles when that pass is over. */
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

  /** One pass; it ends by saying when to come back (`wakeAt`). */
  protected abstract pass(): Promise<void>;

  /** The next pass at `at`, but no later than `pollMs` from `now` (another instance may have queued work and stopped). */
  protected wakeAt(at: Date | null, now: Date, pollMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = at ? Math.max(0, at.getTime() - now.getTime()) : pollMs;
    this.timer = setTimeout(() => void this.poke(), Math.min(wait, pollMs, MAX_TIMER_MS));
    // A waiting pass must not keep a finished process alive; jsdom's timers (the client tests
    // run the whole app there) are plain numbers.
    if (typeof this.timer === 'object') this.timer.unref();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.pass();
    } while (this.again && !this.stopped);
  }
}
