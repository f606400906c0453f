import { TtlCache } from './ttl-cache';

/** A clock the test moves by hand; it starts past 0, which lru-cache reads as "no start time". */
function handClock() {
  const clock = { at: 1_000, now: () => clock.at };
  return clock;
}

describe('TtlCache', () => {
  it('keeps a value until its time is up, then forgets it', () => {
    const clock = handClock();
    const cache = new TtlCache<string>({ maxEntries: 10, ttlSeconds: 60, clock });
    cache.set('/blog', 'page', cache.generation);
    clock.at += 60_000;
    expect(cache.get('/blog')).toBe('page');
    clock.at += 1;
    expect(cache.get('/blog')).toBeUndefined();
    // Reading a value does not extend its life.
    cache.set('/blog', 'again', cache.generation);
    clock.at += 30_000;
    expect(cache.get('/blog')).toBe('again');
    clock.at += 30_001;
    expect(cache.get('/blog')).toBeUndefined();
  });

  it('keeps values without a ttl until evicted', () => {
    const clock = handClock();
    const cache = new TtlCache<string>({ maxEntries: 10, clock });
    cache.set('sql', 'statement', cache.generation);
    clock.at += 365 * 86_400_000;
    expect(cache.get('sql')).toBe('statement');
  });

  it('past its number of entries, drops the least recently used', () => {
    const cache = new TtlCache<string>({ maxEntries: 2, ttlSeconds: 60 });
    cache.set('/a', 'a', cache.generation);
    cache.set('/b', 'b', cache.generation);
    expect(cache.get('/a')).toBe('a'); // now /b is the least recently used
    cache.set('/c', 'c', cache.generation);
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')]).toEqual(['a', undefined, 'c']);
  });

  it('past its bytes, drops the least recently used, and never keeps a value larger than all of them', () => {
    const cache = new TtlCache<string>({ maxEntries: 100, ttlSeconds: 60, size: { maxBytes: 10, of: (value) => value.length } });
    cache.set('a', 'aaaa', cache.generation);
    cache.set('b', 'bbbb', cache.generation);
    cache.set('c', 'cccc', cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    cache.set('huge', 'x'.repeat(11), cache.generation);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('c')).toBe('cccc');
    cache.set('empty', '', cache.generation);
    expect(cache.get('empty')).toBe('');
  });

  it('does not keep a value begun before an invalidation, and keeps one begun after', () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlSeconds: 60 });
    cache.set('/blog', 'old', cache.generation);
    const begun = cache.generation;
    cache.invalidate(); // content changed while the value was being made
    expect(cache.get('/blog')).toBeUndefined();
    cache.set('/blog', 'stale', begun);
    expect(cache.get('/blog')).toBeUndefined();
    cache.set('/blog', 'fresh', cache.generation);
    expect(cache.get('/blog')).toBe('fresh');
  });

  it('keeps nothing with a ttl of 0 seconds', () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlSeconds: 0 });
    expect(cache.enabled).toBe(false);
    cache.set('/', 'page', cache.generation);
    expect(cache.get('/')).toBeUndefined();
    cache.invalidate();
    expect(cache.generation).toBe(1);
    expect(new TtlCache<string>({ maxEntries: 10, ttlSeconds: 60 }).enabled).toBe(true);
  });
});
