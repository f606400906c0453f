import { HttpError } from '../http/errors';
import { RenderQueue } from './render-queue';

/** A task that finishes when told to, recording when it started. */
function controlled(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    task: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
  };
}

/** A few turns of the event loop: a queued render starts one turn after its slot frees. */
const settle = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('RenderQueue', () => {
  it('runs at most its concurrency at once, the others in the order they came', async () => {
    const queue = new RenderQueue<string>({ concurrency: 2, maxWaiting: 100 });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => controlled(started, name));
    const results = tasks.map((t, i) => queue.run(`/page-${i}`, t.task, { share: true }));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.size).toEqual({ active: 2, waiting: 2 });
    tasks[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.size).toEqual({ active: 0, waiting: 0 });
  });

  it('starts each render in a later turn of the event loop, so that requests are read in between', async () => {
    const queue = new RenderQueue<string>({ concurrency: 1, maxWaiting: 100 });
    const log: string[] = [];
    const first = controlled(log, 'first');
    const a = queue.run('/a', first.task, { share: true });
    const b = queue.run('/b', controlled(log, 'second').task, { share: true });
    await settle();
    // What the server would do next: read a request that arrived meanwhile.
    first.finish();
    setImmediate(() => log.push('a request read'));
    await a;
    await settle();
    expect(log).toEqual(['first', 'a request read', 'second']);
    void b;
  });

  it('lets requests for a key being rendered share that render, and renders it anew afterwards', async () => {
    const queue = new RenderQueue<string>({ concurrency: 4, maxWaiting: 100 });
    const started: string[] = [];
    const first = controlled(started, 'first');
    const a = queue.run('/blog', first.task, { share: true });
    const b = queue.run('/blog', controlled(started, 'second').task, { share: true });
    await settle();
    expect(started).toEqual(['first']);
    first.finish();
    expect(await Promise.all([a, b])).toEqual(['first', 'first']);

    const later = controlled(started, 'later');
    const c = queue.run('/blog', later.task, { share: true });
    later.finish();
    expect(await c).toBe('later');
    expect(started).toEqual(['first', 'later']);
  });

  it('starts afresh after forget (content changed), while the render already running still answers its own', async () => {
    const queue = new RenderQueue<string>({ concurrency: 4, maxWaiting: 100 });
    const started: string[] = [];
    const stale = controlled(started, 'stale');
    const fresh = controlled(started, 'fresh');
    const before = queue.run('/blog', stale.task, { share: true });
    queue.forget();
    const after = queue.run('/blog', fresh.task, { share: true });
    const alsoAfter = queue.run('/blog', controlled(started, 'unused').task, { share: true });
    stale.finish();
    fresh.finish();
    expect(await Promise.all([before, after, alsoAfter])).toEqual(['stale', 'fresh', 'fresh']);
    expect(started).toEqual(['stale', 'fresh']);
  });

  it('shares nothing when asked not to (the cache is off)', async () => {
    const queue = new RenderQueue<string>({ concurrency: 4, maxWaiting: 100 });
    const started: string[] = [];
    const one = controlled(started, 'one');
    const two = controlled(started, 'two');
    const results = [queue.run('/blog', one.task, { share: false }), queue.run('/blog', two.task, { share: false })];
    one.finish();
    two.finish();
    expect(await Promise.all(results)).toEqual(['one', 'two']);
  });

  it('passes a failed render to everyone waiting on it, and tries again for the next request', async () => {
    const queue = new RenderQueue<string>({ concurrency: 4, maxWaiting: 100 });
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('database down'));
    };
    await expect(Promise.all([queue.run('/blog', failing, { share: true }), queue.run('/blog', failing, { share: true })])).rejects.toThrow('database down');
    expect(calls).toBe(1);
    await expect(queue.run('/blog', async () => 'recovered', { share: true })).resolves.toBe('recovered');
  });

  it('refuses a render beyond its running and waiting ones at once, with 503 and Retry-After, while a shared render is still joined', async () => {
    const queue = new RenderQueue<string>({ concurrency: 1, maxWaiting: 2 });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlled(started, name));
    const accepted = tasks.map((t, i) => queue.run(`/page-${i}`, t.task, { share: true }));
    const refused = queue.run('/page-3', controlled(started, 'd').task, { share: true });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, headers: { 'Retry-After': '5' } });
    // A request for a page already in line waits for it: it adds no work.
    const joined = queue.run('/page-2', controlled(started, 'unused').task, { share: true });
    // Unshared (cache off), the same address is new work and is refused as well.
    await expect(queue.run('/page-2', controlled(started, 'unused').task, { share: false })).rejects.toMatchObject({ statusCode: 503 });

    tasks[0]!.finish();
    await accepted[0];
    const later = controlled(started, 'later');
    const afterRoom = queue.run('/page-4', later.task, { share: true });
    tasks[1]!.finish();
    tasks[2]!.finish();
    later.finish();
    expect(await Promise.all([...accepted, joined, afterRoom])).toEqual(['a', 'b', 'c', 'c', 'later']);
    expect(started).toEqual(['a', 'b', 'c', 'later']);
  });
});
