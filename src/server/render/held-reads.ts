/** How long an answer is held at most, should a change of content on another instance be missed. */
const MAX_AGE_MS = 60_000;

/**
 * Anonymous API reads that renders make again and again and that change only with content (the
 * portfolio, whether bookings are open): asked of the API in-process once per content generation
 * (at most a minute apart), then handed to every render from memory. Each such read through the
 * in-process API cost an uncached home page about 0.6 ms (docs/benchmarks.md, "Uncached home:
 * two in-process reads"). The answer is the API's own, so the store a page is
 * rendered with holds what the browser's own read would. A failed read is not held.
 */
export class HeldReads {
  private readonly held = new Map<string, { generation: number; until: number; answer: Promise<unknown> }>();

  /** `ask`: the API's JSON answer to GET `path`, rejecting when it is not a success. */
  constructor(
    private readonly ask: (path: string) => Promise<unknown>,
    private readonly generation: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The API's answer to GET `path` (a fixed address of the pages' code, so the held ones stay few). */
  readonly read = (path: string): Promise<unknown> => {
    const generation = this.generation();
    const now = this.now();
    const kept = this.held.get(path);
    if (kept && kept.generation === generation && kept.until > now) return kept.answer;
    const answer = this.ask(path);
    this.held.set(path, { generation, until: now + MAX_AGE_MS, answer });
    answer.catch(() => {
      if (this.held.get(path)?.answer === answer) this.held.delete(path);
    });
    return answer;
  };
}
