import { sql } from 'kysely';
import { pageTypeOf } from '../../src/client/app/render-page';
import { buildApp } from '../../src/server/app';
import type { InsightEventRow } from '../../src/server/insights/insight-repository';
import { insightsReport } from '../../src/server/insights/insights-report';
import { rollUp } from '../../src/server/insights/roll-up';
import { rateVital, VITALS, type InsightsReport } from '../../src/shared/insights';
import { engines } from '../support/engines';
import { startCountingSite, storedEvent, type CountingSite } from './insights-helpers';
import { removeDataDir } from '../support/test-config';

type Figures = { lcp: number | null; inp: number | null; cls: number | null };

const vitals = (day: string, pageType: string, figures: Figures, visitor = 'v'): InsightEventRow =>
  storedEvent({ day, at: `${day}T10:00:00.000Z`, kind: 'vitals', page_type: pageType, visitor, ...figures });

/** The value at rank ⌈0.75·n⌉ of the values given, or null for none. */
function nearestRankP75(values: Array<number | null>): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.ceil(sorted.length * 0.75) - 1]!;
}

/** Pseudo-random figures that sit on the grid: whole ms below 1 s, tens of ms to 10 s, hundreds beyond; CLS in thousandths below 1, hundredths to 10. */
function figuresOnGrid(seed: number): () => Figures {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
  const ms = () => {
    const band = next(10);
    return band < 3 ? next(1001) : band < 9 ? 1000 + 10 * (1 + next(900)) : 10_000 + 100 * (1 + next(1100));
  };
  return () => ({
    lcp: ms(),
    inp: next(5) === 0 ? null : Math.min(ms(), 60_000),
    cls: next(3) === 0 ? (100 + next(901)) / 100 : next(1000) / 1000,
  });
}

const vitalsOf = (report: InsightsReport) => Object.fromEntries(report.vitals.map(({ pageType, ...figures }) => [pageType, figures]));

describe.each(engines())('vitals counted on a grid on $name', ({ env }) => {
  let site: CountingSite;
  beforeEach(async () => void (site = await startCountingSite(env)));
  afterEach(() => site.close());

  it('gives the raw nearest-rank p75 of the range for values on the grid, from the complete days’ counts without their events', async () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const rows: InsightEventRow[] = [];
    const inRange = new Map<string, Figures[]>();
    const next = figuresOnGrid(7);
    // Three complete days and today in the week; a day before it that must not count.
    for (const [day, count] of [['2026-05-01', 200], ['2026-05-06', 700], ['2026-05-07', 300], ['2026-05-08', 900], ['2026-05-10', 400]] as const) {
      for (let i = 0; i < count; i++) {
        const pageType = ['home', 'post', 'post', 'blog'][i % 4]!;
        const figures = day === '2026-05-01' ? { lcp: 120_000, inp: 60_000, cls: 50 } : next();
        rows.push(vitals(day, pageType, figures, `v${i % 40}`));
        if (day !== '2026-05-01') inRange.set(pageType, [...(inRange.get(pageType) ?? []), figures]);
      }
    }
    await site.repository.insertBatch(rows);
    const expected = Object.fromEntries(
      [...inRange].map(([pageType, figures]) => [pageType, { samples: figures.length, ...Object.fromEntries(VITALS.map((vital) => [vital, nearestRankP75(figures.map((f) => f[vital]))])) }]),
    );

    expect(vitalsOf(await insightsReport(site.repository, 7, now, pageTypeOf))).toEqual(expected);
    expect(await rollUp(site.repository, now)).toBe(4);
    const day = (await site.repository.dailyTotals('2026-05-07')).find((total) => total.dimension === 'vitals' && total.key === 'home');
    const homeOfDay = rows.filter((row) => row.day === '2026-05-07' && row.page_type === 'home');
    expect(day).toMatchObject({ lcp_p75: nearestRankP75(homeOfDay.map((row) => row.lcp ?? null)), cls_p75: nearestRankP75(homeOfDay.map((row) => row.cls ?? null)) });

    // The complete days' reports are read from their counts: their events are not needed.
    await site.app.database.db.deleteFrom('insight_events').where('day', '<', '2026-05-10').where('kind', '=', 'vitals').execute();
    expect(vitalsOf(await insightsReport(site.repository, 7, now, pageTypeOf))).toEqual(expected);
  });

  it('rounds a value off the grid up onto it, so that it is rated as the raw value', async () => {
    const cases: Array<[Figures, Figures]> = [
      [{ lcp: 2504, inp: 200.2, cls: 0.1004 }, { lcp: 2510, inp: 201, cls: 0.101 }],
      [{ lcp: 2500, inp: 200, cls: 0.1 }, { lcp: 2500, inp: 200, cls: 0.1 }],
      [{ lcp: 999.5, inp: 0, cls: 0 }, { lcp: 1000, inp: 0, cls: 0 }],
      [{ lcp: 10_001, inp: 1234.4, cls: 1.234 }, { lcp: 10_100, inp: 1240, cls: 1.24 }],
      [{ lcp: 120_000, inp: 60_000, cls: 50 }, { lcp: 120_000, inp: 60_000, cls: 50 }],
    ];
    const pageType = (index: number) => `type-${index}`;
    await site.repository.insertBatch(cases.map(([raw], index) => vitals('2026-05-09', pageType(index), raw)));
    const now = new Date('2026-05-10T12:00:00Z');
    const expected = Object.fromEntries(cases.map(([, rounded], index) => [pageType(index), { samples: 1, ...rounded }]));
    expect(vitalsOf(await insightsReport(site.repository, 7, now, pageTypeOf))).toEqual(expected);
    await rollUp(site.repository, now);
    expect(vitalsOf(await insightsReport(site.repository, 7, now, pageTypeOf))).toEqual(expected);
    const kept = await site.repository.dailyTotals('2026-05-09');
    for (const [index, [raw, rounded]] of cases.entries()) {
      expect(kept.find((total) => total.key === pageType(index))).toMatchObject({ lcp_p75: rounded.lcp, inp_p75: rounded.inp, cls_p75: rounded.cls });
      for (const vital of VITALS) expect(rateVital(vital, rounded[vital]!)).toBe(rateVital(vital, raw[vital]!));
    }
  });

  it('keeps a day’s counts bounded by the values on the grid, not by its events, for as long as its events', async () => {
    const day = '2026-05-09';
    // 30,000 reports whose LCP takes 500 values (51 places on the grid) and INP 7.
    await site.repository.insertBatch(Array.from({ length: 30_000 }, (_, i) => vitals(day, i % 2 ? 'post' : 'home', { lcp: 1000 + (i % 500), inp: i % 7, cls: null }, `v${i % 900}`)));
    const now = new Date('2026-05-10T12:00:00Z');
    expect(await rollUp(site.repository, now)).toBe(1);
    const countRows = () => site.app.database.db.selectFrom('insight_vital_counts').where('day', '=', day).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number((await countRows()).n)).toBeLessThanOrEqual(2 * (51 + 7));

    const before = site.rowsRead();
    const report = await insightsReport(site.repository, 7, now, pageTypeOf);
    expect(report.vitals).toEqual([
      { pageType: 'home', samples: 15_000, lcp: 1380, inp: 5, cls: null },
      { pageType: 'post', samples: 15_000, lcp: 1380, inp: 5, cls: null },
    ]);
    expect(site.rowsRead() - before).toBeLessThan(30);

    // Once the day's events are gone, so are its counts; its totals stay.
    expect(await rollUp(site.repository, new Date('2026-08-20T12:00:00Z'))).toBe(0);
    expect(Number((await countRows()).n)).toBe(0);
    expect((await site.repository.dailyTotals(day)).find((total) => total.dimension === 'vitals')).toMatchObject({ views: 15_000 });
  });

  it('sums up again, once counts are kept, the days summed up before, from their events; older days keep their totals', async () => {
    const old = { day: '2026-01-02', dimension: 'total' as const, key: 'all', views: 9, visitors: 4, lcp_p75: null, inp_p75: null, cls_p75: null };
    const { insights, database } = site.app;
    await database.db.insertInto('insight_daily').values(old).execute();
    await insights.repository.insertBatch([vitals('2026-05-08', 'home', { lcp: 1500, inp: 80, cls: 0.02 }), storedEvent({ day: '2026-05-08' })]);
    await rollUp(insights.repository, new Date('2026-05-10T12:00:00Z'));
    // The database as the release before this one left it: the day summed up, no counts.
    await database.db.schema.dropTable('insight_vital_counts').execute();
    await sql`delete from kysely_migration where name = '011-insight-vitals'`.execute(database.db);
    await site.app.close();
    // The same database and data folder, opened again by the next release (the counting reader never started).
    site = { ...site, close: async () => removeDataDir(site.config) };

    const app = await buildApp(site.config);
    try {
      app.clock.now = () => new Date('2026-05-10T12:00:00Z');
      expect(await app.insights.repository.summarisedDays('2026-01-01', '2026-05-10')).toEqual(new Set(['2026-01-02']));
      expect(await app.insights.rollUp()).toBe(1);
      const week = await insightsReport(app.insights.repository, 7, app.clock.now(), pageTypeOf);
      expect(week.vitals).toEqual([{ pageType: 'home', samples: 1, lcp: 1500, inp: 80, cls: 0.02 }]);
      expect(week.views).toBe(1);
      expect(await app.insights.repository.dailyTotals('2026-01-02')).toEqual([old]);
    } finally {
      await app.close();
    }
  });
});
