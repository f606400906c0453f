import type { FastifyInstance, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { InsightRepository, type InsightEventRow } from '../../src/server/insights/insight-repository';
import { offThreadReads, type ReadQuery } from '../../src/server/insights/off-thread-reads';
import type { InsightsReport } from '../../src/shared/insights';
import { startSite, type TestSite } from './accounts-helpers';

export const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** An event as navigator.sendBeacon posts it: a JSON string sent as text/plain. */
export function sendEvent(app: FastifyInstance, event: unknown, options: { agent?: string; headers?: Record<string, string>; address?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    payload: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': options.agent ?? PHONE, ...options.headers },
    ...(options.address ? { remoteAddress: options.address } : {}),
  } as InjectOptions);
}

export const homeView = { kind: 'view', path: '/', type: 'home', device: 'mobile' } as const;

export async function report(app: FastifyInstance, headers: Record<string, string>, days = 7): Promise<InsightsReport> {
  const answer = await app.inject({ method: 'GET', url: `/api/insights?days=${days}`, headers });
  if (answer.statusCode !== 200) throw new Error(`insights answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as InsightsReport;
}

/** Moves the app's clock to `at`. */
export function setClock(app: FastifyInstance, at: string): void {
  const time = Date.parse(at);
  app.clock.now = () => new Date(time);
}

/** A stored event, for tests that write straight through the repository. */
export const storedEvent = (extra: Partial<InsightEventRow>): InsightEventRow => ({
  day: '2026-01-05',
  at: '2026-01-05T10:00:00.000Z',
  kind: 'view',
  path: '/',
  page_type: 'home',
  referrer: null,
  device: 'mobile',
  visitor: 'v',
  lcp: null,
  inp: null,
  cls: null,
  ...extra,
});

/** A fresh site, with a repository of its insights that counts the rows the database hands to this process. */
export interface CountingSite extends TestSite {
  repository: InsightRepository;
  /** Rows handed over so far, by every query of `repository` (on the server's thread or off it). */
  rowsRead(): number;
}

export async function startCountingSite(env: Record<string, string>): Promise<CountingSite> {
  const site = await startSite(env);
  let rowsRead = 0;
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      rowsRead += result.rows.length;
      return result;
    },
  };
  const reads = offThreadReads(site.app.database, site.config.dataDir);
  const read: ReadQuery = async (query) => {
    const rows = await reads.read(query);
    rowsRead += rows.length;
    return rows;
  };
  const repository = new InsightRepository({ ...site.app.database, db: site.app.database.db.withPlugin(counting) }, read);
  return {
    ...site,
    repository,
    rowsRead: () => rowsRead,
    async close() {
      await reads.close();
      await site.close();
    },
  };
}
