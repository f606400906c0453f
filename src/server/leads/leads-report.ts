import { sql, type Kysely } from 'kysely';
import type { LeadsReport } from '../../shared/leads';
import type { InsightRange } from '../../shared/insights';
import type { Schema } from '../db/schema';

/** Rows each breakdown shows, the most leads first. */
const TOP = 20;
const POST_PATH = /^\/blog\/([^/]+)$/;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const toFigures = (row: { leads: unknown; won: unknown; won_cents: unknown }) => ({
  leads: Number(row.leads),
  won: Number(row.won),
  wonAmount: Number(row.won_cents ?? 0) / 100,
});

/**
 * Visitors (once a day each) who came in with each of `sources` over the UTC days from `from` to
 * `to`, a source named as a lead's is; 0 for one none came with. Insights counts them
 * (insights/source-totals.ts); app.ts hands its count to the leads' calls.
 */
export type SourceVisitors = (from: string, to: string, sources: readonly string[]) => Promise<Map<string, number>>;

/**
 * The Leads section of Insights for the last `days` UTC days, today included: leads and won leads
 * (with their amounts) by source, landing page and post read before writing, each grouped and
 * summed by the database; beside each source, its visitors over the same days (`visitorsOf`), and
 * leads per visitor. Leads whose messages were erased still count.
 */
export async function leadsReport(db: Kysely<Schema>, days: InsightRange, now: Date, visitorsOf: SourceVisitors): Promise<LeadsReport> {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const start = `${from}T00:00:00.000Z`;
  const inRange = db.selectFrom('leads as l').where('l.is_lead', '=', 1).where('l.received_at', '>=', start);
  const figures = {
    leads: sql<number>`count(*)`,
    won: sql<number>`sum(case when l.status = 'won' then 1 else 0 end)`,
    won_cents: sql<number | string | null>`sum(case when l.status = 'won' then l.amount_cents else 0 end)`,
  };
  const select = (qb: typeof inRange) => qb.select([figures.leads.as('leads'), figures.won.as('won'), figures.won_cents.as('won_cents')]);

  const [total, sources, landings, postsRead] = await Promise.all([
    select(inRange).executeTakeFirstOrThrow(),
    select(inRange).select('l.source as key').groupBy('l.source').orderBy(sql`count(*)`, 'desc').orderBy('l.source').limit(TOP).execute(),
    select(inRange.where('l.landing_path', 'is not', null))
      .select('l.landing_path as key')
      .groupBy('l.landing_path')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('l.landing_path')
      .limit(TOP)
      .execute(),
    // A post read several times in one visit counts once for that lead.
    db
      .selectFrom(
        db.selectFrom('lead_paths').select(['lead_id', 'path']).where('path', 'like', '/blog/%').where('path', 'not like', '/blog/%/%').where('path', '!=', '/blog/search').distinct().as('p'),
      )
      .innerJoin('leads as l', 'l.id', 'p.lead_id')
      .where('l.is_lead', '=', 1)
      .where('l.received_at', '>=', start)
      .select([figures.leads.as('leads'), figures.won.as('won'), figures.won_cents.as('won_cents'), 'p.path as key'])
      .groupBy('p.path')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('p.path')
      .limit(TOP)
      .execute(),
  ]);

  const visitors = await visitorsOf(from, to, sources.map((row) => row.key as string));
  const titles = await postTitles(db, postsRead.map((row) => row.key as string));
  return {
    days,
    from,
    to,
    ...toFigures(total),
    bySource: sources.map((row) => {
      const source = row.key as string;
      const seen = visitors.get(source) ?? null;
      const figures = toFigures(row);
      return { source, ...figures, visitors: seen, rate: seen ? figures.leads / seen : null };
    }),
    byLandingPage: landings.map((row) => ({ path: row.key as string, ...toFigures(row) })),
    byPostRead: postsRead.map((row) => ({ path: row.key as string, title: titles.get(row.key as string) ?? (row.key as string), ...toFigures(row) })),
  };
}

async function postTitles(db: Kysely<Schema>, postPaths: string[]): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  for (const path of postPaths) {
    try {
      slugs.set(decodeURIComponent(POST_PATH.exec(path)?.[1] ?? ''), path);
    } catch {
      // Not a post's address: shown by its path.
    }
  }
  if (slugs.size === 0) return new Map();
  const rows = await db.selectFrom('posts').select(['slug', 'title']).where('slug', 'in', [...slugs.keys()]).execute();
  return new Map(rows.map((row) => [slugs.get(row.slug)!, row.title]));
}
