import { pageTypeOf } from '../../src/client/app/render-page';
import { OTHER_KEY } from '../../src/server/insights/insight-aggregates';
import type { InsightEventRow, InsightRepository } from '../../src/server/insights/insight-repository';
import { insightsReport } from '../../src/server/insights/insights-report';
import { rollUp } from '../../src/server/insights/roll-up';
import { engines } from '../support/engines';
import { startCountingSite, storedEvent as event, type CountingSite } from './insights-helpers';

const view = (path: string, visitor: string, extra: Partial<InsightEventRow> = {}) => event({ path, visitor, page_type: path === '/' ? 'home' : 'post', ...extra });
const vitals = (pageType: string, lcp: number | null, inp: number | null, cls: number | null) => event({ kind: 'vitals', page_type: pageType, lcp, inp, cls });

describe.each(engines())('insights aggregated by the database on $name', ({ env }) => {
  let site: CountingSite;
  let repository: InsightRepository;

  beforeEach(async () => {
    site = await startCountingSite(env);
    repository = site.repository;
  });
  afterEach(() => site.close());

  it('totals a day by path, referrer and device, with unique visitors, and p75 per page type, as it always has', async () => {
    await repository.insertBatch([
      view('/', 'a', { referrer: 'news.example' }),
      view('/', 'a'),
      view('/blog/x', 'b', { device: 'desktop', referrer: 'news.example' }),
      view('/blog/x', 'c', { device: 'tablet' }),
      vitals('home', 1000, 100, 0.01),
      vitals('home', 2000, null, 0.2),
      vitals('home', 3000, 300, 0.05),
      vitals('home', 5000, 50, 0),
    ]);
    expect(await rollUp(repository, new Date('2026-01-06T12:00:00Z'))).toBe(1);
    const totals = await repository.dailyTotals('2026-01-05');
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

  it('takes the nearest rank for p75, over the range', async () => {
    const lcps = [4, 1, 3, 2, 10, 9, 8, 7, 6, 5];
    await repository.insertBatch([
      ...lcps.slice(0, 4).map((lcp) => vitals('home', lcp, null, null)),
      ...lcps.map((lcp, index) => ({ ...vitals('post', lcp, null, null), day: index % 2 ? '2026-01-05' : '2026-01-06' })),
      vitals('blog', 7, null, null),
    ]);
    const figures = await repository.aggregates.vitalsOver('2026-01-01', '2026-01-07', ['2026-01-05', '2026-01-06']);
    expect(figures.map(({ pageType, samples, lcp, inp }) => [pageType, samples, lcp, inp]).sort()).toEqual([
      ['blog', 1, 7, null],
      ['home', 4, 3, null],
      ['post', 10, 8, null],
    ]);
  });

  it('keeps a day’s top 100 referrers and paths, and counts the rest as one', async () => {
    const rows: InsightEventRow[] = [];
    for (let i = 0; i < 150; i++) {
      const name = String(i).padStart(3, '0');
      // The first hundred have two views each, the other fifty one.
      for (let n = 0; n < (i < 100 ? 2 : 1); n++) rows.push(view(`/blog/post-${name}`, `visitor-${i}-${n}`, { referrer: `ref-${name}.example` }));
    }
    await repository.insertBatch(rows);
    await rollUp(repository, new Date('2026-01-07T00:00:00Z'));
    const totals = await repository.dailyTotals('2026-01-05');
    for (const dimension of ['referrer', 'path']) {
      const kept = totals.filter((total) => total.dimension === dimension);
      expect(kept).toHaveLength(101);
      expect(kept.find((total) => total.key === OTHER_KEY)).toMatchObject({ views: 50, visitors: 50 });
      expect(kept.filter((total) => total.key !== OTHER_KEY).every((total) => Number(total.views) === 2)).toBe(true);
    }
    // The report's lists name hosts and paths, never the rest.
    const report = await insightsReport(repository, 7, new Date('2026-01-07T10:00:00Z'), pageTypeOf);
    expect(report.views).toBe(250);
    expect(report.referrers).toHaveLength(10);
    expect(report.referrers[0]).toEqual({ host: 'ref-000.example', views: 2 });
  });

  it('keeps a day’s 100 sources with most visitors and "direct", and counts the rest as one', async () => {
    const rows: InsightEventRow[] = [];
    for (let i = 0; i < 150; i++) {
      const name = String(i).padStart(3, '0');
      // The first hundred have two visitors each, the other fifty one; every third came by a link too.
      for (let n = 0; n < (i < 100 ? 2 : 1); n++) rows.push(view('/', `visitor-${i}-${n}`, { utm_source: `campaign-${name}`, referrer: i % 3 === 0 ? 'news.example' : null }));
    }
    // Robots making up sources: one visitor, many views each; they cannot outrank real visitors.
    for (let i = 0; i < 20; i++) for (let n = 0; n < 10; n++) rows.push(view('/', 'robot', { utm_source: `spam-${i}` }));
    for (let i = 0; i < 5; i++) rows.push(view('/', `direct-${i}`), view('/blog/x', `direct-${i}`));
    await repository.insertBatch(rows);
    await rollUp(repository, new Date('2026-01-07T00:00:00Z'));
    const sources = (await repository.dailyTotals('2026-01-05')).filter((total) => total.dimension === 'source');
    expect(sources).toHaveLength(102);
    expect(sources.filter((total) => total.key.startsWith('campaign-') && Number(total.visitors) === 2)).toHaveLength(100);
    expect(sources.find((total) => total.key === 'direct')).toMatchObject({ views: 10, visitors: 5 });
    expect(sources.find((total) => total.key === OTHER_KEY)).toMatchObject({ views: 250, visitors: 70 });
    // A referring host is no source for a tagged visit.
    expect(sources.find((total) => total.key === 'news.example')).toBeUndefined();
    expect(await repository.sourceVisitors('2026-01-01', '2026-01-07', ['campaign-000', 'campaign-120', 'direct', OTHER_KEY])).toEqual(
      new Map([
        ['campaign-000', 2],
        ['campaign-120', 0],
        ['direct', 5],
      ]),
    );
  });

  it('reports many events with the same figures from kept totals and single events, reading only aggregates', async () => {
    const rows: InsightEventRow[] = [];
    const days = ['2026-03-08', '2026-03-09', '2026-03-10'];
    for (let i = 0; i < 12_000; i++) {
      const day = days[i % 3]!;
      const page = i % 4 === 0 ? '/' : `/blog/post-${i % 7}`;
      rows.push(view(page, `v${i % 500}`, { day, at: `${day}T08:00:00.000Z`, device: i % 5 === 0 ? 'desktop' : 'mobile', referrer: i % 10 === 0 ? `r${i % 3}.example` : null }));
      if (i % 2 === 0) rows.push({ ...vitals(page === '/' ? 'home' : 'post', i % 4000, i % 300, null), day, visitor: `v${i % 500}` });
    }
    await repository.insertBatch(rows);
    const now = new Date('2026-03-10T12:00:00Z');
    const before = await insightsReport(repository, 7, now, pageTypeOf);
    // The first two days are summed up and kept; today is summed from its events on each report.
    const beforeRollUp = site.rowsRead();
    expect(await rollUp(repository, now)).toBe(2);
    // The days' totals, and their vitals counted on the grid: at most 1,300 LCP and 300 INP values per day and page type.
    expect(site.rowsRead() - beforeRollUp).toBeLessThan(2 * 2 * 1600);
    const afterRollUp = site.rowsRead();
    const after = await insightsReport(repository, 7, now, pageTypeOf);
    expect(after).toEqual(before);
    expect(before).toMatchObject({ views: 12_000, visitors: 1500 });
    expect(before.daily.slice(-3)).toEqual(days.map((day) => ({ day, views: 4000, visitors: 500 })));
    expect(before.topPages[0]).toEqual({ path: '/', views: 3000, visitors: 375 });
    expect(before.devices).toEqual([
      { device: 'mobile', views: 9600 },
      { device: 'desktop', views: 2400 },
    ]);
    expect(before.referrers).toEqual([
      { host: 'r0.example', views: 400 },
      { host: 'r1.example', views: 400 },
      { host: 'r2.example', views: 400 },
    ]);
    expect(before.vitals.map((row) => [row.pageType, row.samples])).toEqual([
      ['home', 3000],
      ['post', 3000],
    ]);
    // 18,000 events in, and each report took a few hundred rows of aggregates out.
    expect(beforeRollUp).toBeLessThan(500);
    expect(site.rowsRead() - afterRollUp).toBeLessThan(500);
  });
});
