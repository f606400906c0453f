import { PollingWorker } from './polling-worker';

/** Counts its passes; each waits for `release` when `hold` is set, and asks to come back `wakeInMs` later. */
class Counting extends PollingWorker {
  passes = 0;
  hold: Promise<void> | undefined;
  wakeInMs: number | null = null;

  protected async pass(): Promise<void> {
    this.passes++;
    await this.hold;
    this.wakeAt(this.wakeInMs === null ? null : new Date(Date.now() + this.wakeInMs), new Date(), 60_000);
  }
}

it('runs one more pass for the pokes made during a pass, shared by all of them', async () => {
  const worker = new Counting();
  let release!: () => void;
  worker.hold = new Promise((resolve) => (release = resolve));
  const first = worker.poke();
  const during = [worker.poke(), worker.poke(), worker.poke()];
  expect(worker.passes).toBe(1);
  worker.hold = undefined;
  release();
  await Promise.all([first, ...during]);
  expect(worker.passes).toBe(2);
  await worker.stop();
});

it('comes back when the pass asks, and not at all once stopped', async () => {
  const worker = new Counting();
  worker.wakeInMs = 20;
  await worker.poke();
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(worker.passes).toBeGreaterThanOrEqual(2);
  await worker.stop();
  const stoppedAt = worker.passes;
  await worker.poke();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(worker.passes).toBe(stoppedAt);
});

it('waits no longer than its poll interval, however far off the next due time', async () => {
  jest.useFakeTimers();
  try {
    const worker = new Counting();
    worker.wakeInMs = 40 * 24 * 60 * 60_000;
    const spy = jest.spyOn(global, 'setTimeout');
    await worker.poke();
    expect(spy.mock.calls.at(-1)![1]).toBe(60_000);
    await worker.stop();
  } finally {
    jest.useRealTimers();
  }
});
