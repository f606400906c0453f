import { remembered } from './remembered';

describe('remembered', () => {
  it('computes each key once while it is among the most recent, null answers included', () => {
    const asked: string[] = [];
    const typeOf = remembered((path) => {
      asked.push(path);
      return path.startsWith('/admin') ? null : 'page';
    }, 2);
    expect([typeOf('/a'), typeOf('/admin'), typeOf('/a'), typeOf('/admin')]).toEqual(['page', null, 'page', null]);
    expect(asked).toEqual(['/a', '/admin']);
    // A third key pushes out the least recently used one.
    typeOf('/b');
    typeOf('/admin');
    typeOf('/a');
    expect(asked).toEqual(['/a', '/admin', '/b', '/a']);
  });

  it('answers a very long key without keeping it', () => {
    let calls = 0;
    const length = remembered((key) => (calls++, key.length));
    const long = 'x'.repeat(200_000);
    expect([length(long), length(long)]).toEqual([200_000, 200_000]);
    expect(calls).toBe(2);
  });
});
