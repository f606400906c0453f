import { EncodedBody } from './encoded-body';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('keeps a page until its time is up', () => {
    let now = 0;
    const cache = new PageCache(60, 10, () => now);
    cache.set('/blog', 200, new EncodedBody('<p>page</p>'), cache.generation);
    now = 59_999;
    expect(cache.get('/blog')?.status).toBe(200);
    now = 60_000;
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

  it('keeps nothing when turned off, and the oldest page goes first when full', () => {
    const off = new PageCache(0);
    off.set('/', 200, new EncodedBody('x'), off.generation);
    expect(off.get('/')).toBeUndefined();

    const small = new PageCache(60, 2);
    for (const key of ['/a', '/b', '/c']) small.set(key, 200, new EncodedBody(key), small.generation);
    expect([small.get('/a'), small.get('/b'), small.get('/c')].map(Boolean)).toEqual([false, true, true]);
  });
});
