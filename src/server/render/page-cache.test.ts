import { EncodedBody } from '../http/encoded-body';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('keeps a page until its time is up', () => {
    const clock = { now: () => 1_000 };
    const cache = new PageCache(60, { clock });
    cache.set('/blog', 200, new EncodedBody('<p>page</p>'), cache.generation);
    clock.now = () => 61_000;
    expect(cache.get('/blog')?.status).toBe(200);
    clock.now = () => 61_001;
    expect(cache.get('/blog')).toBeUndefined();
  });

  it('drops a page rendered before a change of content that finished after it', () => {
    const cache = new PageCache(60);
    const generation = cache.generation;
    cache.clear(); // a post changed while the page was rendering
    cache.set('/blog', 200, new EncodedBody('<p>stale</p>'), generation);
    expect(cache.get('/blog')).toBeUndefined();
    cache.set('/blog', 200, new EncodedBody('<p>fresh</p>'), cache.generation);
    expect(cache.get('/blog')).toBeDefined();
  });

  it('serves nothing while its owner says content may be stale', () => {
    let fresh = true;
    const cache = new PageCache(60, { isFresh: () => fresh });
    cache.set('/blog', 200, new EncodedBody('<p>page</p>'), cache.generation);
    fresh = false;
    expect(cache.get('/blog')).toBeUndefined();
    fresh = true;
    expect(cache.get('/blog')).toBeDefined();
  });

  it('keeps nothing when turned off, and the oldest page goes first when full', () => {
    const off = new PageCache(0);
    expect(off.enabled).toBe(false);
    off.set('/', 200, new EncodedBody('x'), off.generation);
    expect(off.get('/')).toBeUndefined();

    const small = new PageCache(60, { maxEntries: 2 });
    for (const key of ['/a', '/b', '/c']) small.set(key, 200, new EncodedBody(key), small.generation);
    expect([small.get('/a'), small.get('/b'), small.get('/c')].map(Boolean)).toEqual([false, true, true]);
  });
});
