import type { FastifyBaseLogger } from 'fastify';
import { PublicationWatch, RECHECK_MS } from './publication-watch';

const T0 = Date.parse('2031-03-04T08:00:00Z');

/** A watch over a database whose next due publication the test sets, on a clock it moves. */
function setUp() {
  const state = { now: T0, nextDue: null as number | null, dues: 0, lookups: 0 };
  const nextPublicationAfter = async (now: Date) => {
    state.lookups++;
    return state.nextDue !== null && state.nextDue > now.getTime() ? new Date(state.nextDue) : null;
  };
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
  const watch = new PublicationWatch(nextPublicationAfter, () => new Date(state.now), () => state.dues++, log);
  return { state, watch };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('serves no cache until it knows the next due time', async () => {
  const { watch } = setUp();
  expect(watch.fresh()).toBe(false);
  await settle();
  expect(watch.fresh()).toBe(true);
});

it('drops the caches the moment a publication comes due, and not a millisecond before', async () => {
  const { state, watch } = setUp();
  state.nextDue = T0 + 60_000;
  await watch.refresh();
  state.now = T0 + 59_999;
  expect(watch.fresh()).toBe(true);
  expect(state.dues).toBe(0);
  state.now = T0 + 60_000;
  expect(watch.fresh()).toBe(false);
  expect(state.dues).toBe(1);
  await settle();
  expect(watch.fresh()).toBe(true);
  expect(state.dues).toBe(1);
});

it('learns of a post scheduled elsewhere within its recheck interval', async () => {
  const { state, watch } = setUp();
  await watch.refresh();
  // Another instance schedules a post; this one has not changed anything.
  state.nextDue = T0 + RECHECK_MS + 5_000;
  state.now = T0 + RECHECK_MS;
  expect(watch.fresh()).toBe(true);
  await settle();
  state.now = T0 + RECHECK_MS + 5_000;
  expect(watch.fresh()).toBe(false);
  expect(state.dues).toBe(1);
});

it('lets the latest look-up have the last word', async () => {
  const { state, watch } = setUp();
  state.nextDue = T0 + 1_000;
  const first = watch.refresh();
  state.nextDue = null;
  const second = watch.refresh();
  await Promise.all([first, second]);
  state.now = T0 + 2_000;
  expect(watch.fresh()).toBe(true);
  expect(state.dues).toBe(0);
});
