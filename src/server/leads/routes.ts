import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INSIGHT_RANGES, type InsightRange } from '../../shared/insights';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/leads';
import { HttpError } from '../http/errors';
import { createMailer } from '../mail/mailer';
import { CSV_HEADER, csvRow } from './csv-export';
import { FollowUpReminder } from './follow-up-reminder';
import { fromCents, LeadRepository } from './lead-repository';
import { leadsReport, type SourceVisitors } from './leads-report';
import { localToday } from './local-day';
import { dueSchema, eraseSchema, exportSchema, leadsReportRouteSchema } from './schemas';
import { siteTimeZone } from './site-time-zone';

declare module 'fastify' {
  interface FastifyInstance {
    leads: {
      repository: LeadRepository;
      reminder: FollowUpReminder;
      /** The site's time zone, for "due today" and the 08:00 reminder; tests replace it. */
      timeZone: () => Promise<string>;
    };
  }
}

const EXPORT_PAGE = 500;
const isRange = (days: number): days is InsightRange => (INSIGHT_RANGES as readonly number[]).includes(days);

/** Leads (docs/product.md#leads): the store and the 08:00 follow-up reminder, on the app itself. */
async function leadServices(app: FastifyInstance): Promise<void> {
  const repository = new LeadRepository(app.database.db);
  const mailer = createMailer(app.config);
  const leads = {
    repository,
    timeZone: () => siteTimeZone(app),
    reminder: new FollowUpReminder({
      db: app.database.db,
      leads: repository,
      mailer,
      now: () => app.clock.now(),
      timeZone: () => app.leads.timeZone(),
      ownerEmail: async () => (await app.site.published.read()).content.settings.email,
      siteUrl: app.config.siteUrl,
      log: app.log,
    }),
  };
  app.decorate('leads', leads);
  if (app.config.contactDelivery === 'server') app.addHook('onReady', async () => void leads.reminder.poke());
  app.addHook('onClose', async () => {
    await leads.reminder.stop();
    mailer.close();
  });
}

export const leadsPlugin = fp(leadServices, { name: 'leads', decorators: { fastify: ['database', 'config', 'clock'] } });

interface LeadsApiOptions {
  /** Visitors per source, as Insights counts them (a feature this one does not import). */
  sourceVisitors: SourceVisitors;
}

/** The leads calls under /api, all the administrator's; a lead's own changes are the inbox's (contact/lead-routes.ts). */
export async function leadsApi(scope: FastifyInstance, { sourceVisitors }: LeadsApiOptions): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  const { repository } = app.leads;

  app.get('/leads/due', { schema: dueSchema }, async () => {
    const today = localToday(app.clock.now(), await app.leads.timeZone());
    const rows = await repository.due(today);
    return {
      today,
      leads: rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, status: row.status as LeadStatus, followUpOn: row.follow_up_on!, overdue: row.follow_up_on! < today })),
    };
  });

  scope.get('/leads/export', { schema: exportSchema }, async (_request, reply) => {
    async function* lines() {
      // A byte-order mark, so that spreadsheets read the file as UTF-8.
      yield `\uFEFF${csvRow(CSV_HEADER)}`;
      let before: { at: string; id: string } | null = null;
      for (;;) {
        const page = await repository.exportPage(before, EXPORT_PAGE);
        for (const row of page) {
          const value = row.status === 'won' ? fromCents(row.amount_cents) : null;
          yield csvRow([row.created_at, row.name, row.email, LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status, row.source, row.landing_path, value === null ? null : value.toFixed(2)]);
        }
        if (page.length < EXPORT_PAGE) return;
        const last = page[page.length - 1]!;
        before = { at: last.created_at, id: last.id };
      }
    }
    const day = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
      .send(Readable.from(lines()));
  });

  app.post('/leads/erase', { schema: eraseSchema, bodyLimit: 1024 }, async (request) => {
    const email = request.body.email.trim();
    if (!email.includes('@')) throw new HttpError(400, 'Enter the e-mail address whose messages to erase.');
    const erased = await repository.erase(email, app.clock.now());
    request.log.info({ erased }, 'messages erased by e-mail address');
    return { erased };
  });

  app.get('/insights/leads', { schema: leadsReportRouteSchema }, async (request) => {
    const days = Number(request.query.days ?? 7);
    if (!isRange(days)) throw new HttpError(400, 'days must be 7, 30 or 90.');
    return leadsReport(app.database.db, days, app.clock.now(), sourceVisitors);
  });
}
