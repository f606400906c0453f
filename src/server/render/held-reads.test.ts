import { HeldReads } from './held-reads';

describe('HeldReads', () => {
  let generation = 1;
  let now = 0;
  let asked: string[] = [];
  let failing = false;
  const ask = async (path: string) => {
    asked.push(path);
    if (failing) throw new Error(`GET ${path} answered 503`);
    return { n: asked.length };
  };
  const held = () => new HeldReads(ask, () => generation, () => now);

  beforeEach(() => {
    generation = 1;
    now = 0;
    asked = [];
    failing = false;
  });

  it('asks the API once per content generation, and again once the content changed', async () => {
    const reads = held();
    expect(await reads.read('/api/case-studies')).toEqual({ n: 1 });
    expect(await reads.read('/api/case-studies')).toEqual({ n: 1 });
    expect(await reads.read('/api/booking/open')).toEqual({ n: 2 });
    generation = 2;
    expect(await reads.read('/api/case-studies')).toEqual({ n: 3 });
    expect(asked).toEqual(['/api/case-studies', '/api/booking/open', '/api/case-studies']);
  });

  it('asks again after a minute, should a change on another instance have been missed', async () => {
    const reads = held();
    await reads.read('/api/case-studies');
    now = 59_999;
    await reads.read('/api/case-studies');
    now = 60_000;
    await reads.read('/api/case-studies');
    expect(asked).toHaveLength(2);
  });

  it('does not hold a failed read: it rejects, and the next render asks again', async () => {
    const reads = held();
    failing = true;
    await expect(reads.read('/api/case-studies')).rejects.toThrow('GET /api/case-studies answered 503');
    failing = false;
    expect(await reads.read('/api/case-studies')).toEqual({ n: 2 });
  });
});
