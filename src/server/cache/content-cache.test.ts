import type { FastifyBaseLogger } from 'fastify';
import type { ChangeChannel } from '../db/change-channel';
import { EncodedBody } from '../http/encoded-body';
import { ContentCache } from './content-cache';

/** A content cache over a change channel the test plays the other instances of. */
function setUp() {
  const heard: Array<() => void> = [];
  const announced: string[] = [];
  const changes: ChangeChannel = {
    announce: async () => void announced.push('change'),
    subscribe: (listener) => void heard.push(listener),
    start: async () => undefined,
    close: async () => undefined,
  };
  const clock = { now: Date.parse('2031-03-04T08:00:00Z') };
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
  const cache = new ContentCache({ ttlSeconds: 60, changes, now: () => new Date(clock.now), log });
  const fill = () => {
    cache.pages.set('/blog', 200, new EncodedBody('<p>page</p>'), cache.pages.generation);
    cache.reads.set('posts', { body: new EncodedBody('[]'), total: 0 }, cache.reads.generation);
  };
  const held = () => [cache.pages.get('/blog') !== undefined, cache.reads.get('posts') !== undefined];
  return { cache, heard, announced, clock, fill, held };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('drops pages, reads and shared renders on a write here, and tells the other instances', async () => {
  const { cache, announced, fill, held } = setUp();
  fill();
  expect(held()).toEqual([true, true]);
  const generation = cache.generation;
  let finishStale: ((value: string) => void) | undefined;
  const stale = cache.renders.run('/blog', () => new Promise<string>((resolve) => (finishStale = resolve)), { share: true });
  while (!finishStale) await settle();

  await cache.invalidate();
  expect(held()).toEqual([false, false]);
  expect(cache.generation).toBeGreaterThan(generation);
  expect(announced).toEqual(['change']);
  // A render begun before the change is not shared with a request after it.
  const fresh = cache.renders.run('/blog', async () => 'fresh', { share: true });
  finishStale!('stale');
  expect(await Promise.all([stale, fresh])).toEqual(['stale', 'fresh']);
});

it("drops what it holds when another instance announces a change, without announcing one itself", () => {
  const { heard, announced, fill, held } = setUp();
  fill();
  for (const listener of heard) listener();
  expect(held()).toEqual([false, false]);
  expect(announced).toEqual([]);
});

it('serves nothing until it knows the next publication, and drops everything the moment it comes due', async () => {
  const { cache, clock, fill, held } = setUp();
  const due = clock.now + 60_000;
  await cache.trackPublications(async (after) => (after.getTime() < due ? new Date(due) : null));
  fill();
  expect(cache.isFresh()).toBe(true);
  expect(held()).toEqual([true, true]);
  clock.now = due;
  expect(cache.isFresh()).toBe(false);
  await settle();
  expect(cache.isFresh()).toBe(true);
  expect(held()).toEqual([false, false]);
});
