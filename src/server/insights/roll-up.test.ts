import type { StoredEvent } from './insight-repository';
import { percentile } from './percentile';
import { dailyTotals, keptFrom } from './roll-up';

const view = (path: string, visitor: string, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  day: '2026-01-05',
  at: '2026-01-05T10:00:00.000Z',
  kind: 'view',
  path,
  page_type: path === '/' ? 'home' : 'post',
  referrer: null,
  device: 'mobile',
  visitor,
  lcp: null,
  inp: null,
  cls: null,
  ...extra,
});
const vitals = (pageType: string, lcp: number | null, inp: number | null, cls: number | null): StoredEvent => ({ ...view('/', 'v'), kind: 'vitals', page_type: pageType, lcp, inp, cls });

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([], 75)).toBeNull();
    expect(percentile([7], 75)).toBe(7);
    expect(percentile([4, 1, 3, 2], 75)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 75)).toBe(8);
  });
});

describe('the daily roll-up', () => {
  it('keeps 90 days of single events', () => {
    expect(keptFrom(new Date('2026-04-10T12:00:00Z'))).toBe('2026-01-10');
  });

  it('totals a day by path, referrer and device, with unique visitors, and p75 per page type', () => {
    const events = [
      view('/', 'a', { referrer: 'news.example' }),
      view('/', 'a'),
      view('/blog/x', 'b', { device: 'desktop', referrer: 'news.example' }),
      view('/blog/x', 'c', { device: 'tablet' }),
      vitals('home', 1000, 100, 0.01),
      vitals('home', 2000, null, 0.2),
      vitals('home', 3000, 300, 0.05),
      vitals('home', 5000, 50, 0),
    ];
    const totals = dailyTotals('2026-01-05', events);
    const find = (dimension: string, key: string) => totals.find((total) => total.dimension === dimension && total.key === key);
    expect(find('total', 'all')).toMatchObject({ views: 4, visitors: 3 });
    expect(find('path', '/')).toMatchObject({ views: 2, visitors: 1 });
    expect(find('path', '/blog/x')).toMatchObject({ views: 2, visitors: 2 });
    expect(find('referrer', 'news.example')).toMatchObject({ views: 2, visitors: 2 });
    expect(totals.filter((total) => total.dimension === 'referrer')).toHaveLength(1);
    expect(find('device', 'mobile')).toMatchObject({ views: 2 });
    expect(find('device', 'desktop')).toMatchObject({ views: 1 });
    expect(find('vitals', 'home')).toMatchObject({ views: 4, lcp_p75: 3000, inp_p75: 300, cls_p75: 0.05 });
  });
});
