import { EncodedBody } from '../render/encoded-body';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('keeps an anonymous read, unless a post changed while it was read from the database', () => {
    const reads = new ReadCache(60);
    const read = { body: new EncodedBody('[]'), total: 0 };
    const before = reads.generation;
    reads.clear();
    reads.keep('page:1', read, before);
    expect(reads.lookup('page:1')).toBeUndefined();
    reads.keep('page:1', read, reads.generation);
    expect(reads.lookup('page:1')).toBe(reads.lookup('page:1'));
    expect(reads.lookup('page:1')?.total).toBe(0);
  });
});
