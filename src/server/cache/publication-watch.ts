import type { FastifyBaseLogger } from 'fastify';

/** When the next scheduled publication comes due after `now`, or null when none is scheduled. */
export type NextPublication = (now: Date) => Promise<Date | null>;

/**
 * Knows when the next scheduled post comes due, so that nothing cached from before that moment
 * is served after it: a scheduled post appears at its minute without a job that could run
 * twice or not at all. Every read of a cache asks `fresh()` first; the moment a publication
 * comes due it drops the caches (through `onDue`) and looks up the next one.
 */
/**
 * How often the next due time is looked up again even with no change here: another instance may
 * have scheduled a post, and this one would otherwise learn of it only when its caches expire.
 */
export const RECHECK_MS = 10_000;

export class PublicationWatch {
  private nextDue: number | null = null;
  private lookedUpAt = Number.NEGATIVE_INFINITY;
  /** False until the next due time is known; caches are not served meanwhile. */
  private known = false;
  private lookups = 0;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly nextPublicationAfter: NextPublication,
    private readonly now: () => Date,
    private readonly onDue: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Looks the next due publication up again: after every change of posts, and at start. A
   * `background` look-up (the periodic one) keeps serving caches while it runs.
   */
  refresh({ background = false }: { background?: boolean } = {}): Promise<void> {
    const lookup = ++this.lookups;
    if (!background) this.known = false;
    this.lookedUpAt = this.now().getTime();
    const running = this.nextPublicationAfter(this.now())
      .then((next) => {
        // A later lookup (after another change) has the last word.
        if (lookup !== this.lookups) return;
        this.nextDue = next ? next.getTime() : null;
        this.known = true;
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'looking up the next scheduled post failed; caches stay off until it works'))
      .finally(() => {
        if (this.inFlight === running) this.inFlight = undefined;
      });
    this.inFlight = running;
    return running;
  }

  /** Whether cached content may be served now. */
  fresh(): boolean {
    if (!this.known) {
      if (!this.inFlight) void this.refresh();
      return false;
    }
    const now = this.now().getTime();
    if (this.nextDue !== null && now >= this.nextDue) {
      this.onDue();
      void this.refresh();
      return false;
    }
    if (!this.inFlight && now - this.lookedUpAt >= RECHECK_MS) void this.refresh({ background: true });
    return true;
  }
}
