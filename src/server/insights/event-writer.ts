import type { FastifyBaseLogger } from 'fastify';
import type { InsightEventRow } from './insight-repository';

/** At most this many events wait in memory while the database is away; older ones go first. */
const MAX_WAITING = 100_000;

/**
 * Events wait in memory and are written together: one transaction per batch, started when the
 * oldest waiting event is `maxAgeMs` old or `maxBatch` are waiting: one transaction a second
 * up to 10,000 events a second, since each transaction's commit costs more than its rows. Batches
 * are written one after the other; a failed batch waits for the next, so a short outage loses nothing.
 */
export class EventWriter {
  private waiting: InsightEventRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Events written since start (the benchmark and tests compare it with what was accepted). */
  written = 0;

  constructor(
    private readonly write: (rows: InsightEventRow[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly maxAgeMs = 1000,
    private readonly maxBatch = 10_000,
  ) {}

  add(row: InsightEventRow): void {
    this.waiting.push(row);
    if (this.waiting.length >= this.maxBatch) void this.flush();
    else this.schedule();
  }

  /** Writes everything waiting now; settles when it is written (or has failed and waits again). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    if (batch.length === 0) return this.writing;
    this.waiting = [];
    this.writing = this.writing.then(async () => {
      try {
        await this.write(batch);
        this.written += batch.length;
      } catch (error) {
        this.log.error({ err: error, events: batch.length }, 'insight events not written; retrying with the next batch');
        this.waiting = [...batch, ...this.waiting].slice(-MAX_WAITING);
        this.schedule();
      }
    });
    return this.writing;
  }

  get pending(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.timer || this.waiting.length === 0) return;
    this.timer = setTimeout(() => void this.flush(), this.maxAgeMs);
    // Optional: client tests run the server under jsdom, whose timers are plain numbers.
    this.timer.unref?.();
  }
}
