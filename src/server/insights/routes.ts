import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { pageTypeOf } from '../../client/app/render-page';
import { EVENTS_PATH } from '../../shared/insights';
import { memoryLimiterStore, redisLimiterStore } from '../abuse/limiter-store';
import { onceAtATime } from '../db/advisory-lock';
import { HttpError } from '../http/errors';
import { eventFrontHandler } from './event-front-door';
import { eventIntake, type TakeEvent } from './event-intake';
import { eventRoutes, NOT_JSON, TOO_LARGE } from './event-routes';
import { EventWriter } from './event-writer';
import { InsightRepository } from './insight-repository';
import { insightsReport, isInsightRange } from './insights-report';
import { offThreadReads } from './off-thread-reads';
import { rollUp } from './roll-up';
import { reportSchema } from './schemas';
import { remembered } from '../cache/remembered';
import { ServedPaths } from './served-paths';
import { memorySaltStore, redisSaltStore } from './visitor-hash';

declare module 'fastify' {
  interface FastifyInstance {
    /** The insights' writer and repository; tests flush the one and read the other. */
    insights: {
      writer: EventWriter;
      repository: InsightRepository;
      rollUp(): Promise<number>;
      /** An event's rules, whichever way it comes in. */
      take: TakeEvent;
      /** The route table's page type of a path, remembered. */
      pageTypeOf(path: string): string | null;
    };
  }
}

const HOUR_MS = 3_600_000;

/**
 * Insights (docs/product.md#insights): what lives as long as the app (the events' writer and
 * intake, the beacon's front door, the hourly roll-up). Registered on the app itself, so that
 * `app.insights` is the app's; its API is `insightsApi`.
 */
async function insightsServices(app: FastifyInstance): Promise<void> {
  const reads = offThreadReads(app.database, app.config.dataDir);
  const repository = new InsightRepository(app.database, reads.read);
  // What it remembers holds until the content cache's generation moves (a change of posts here or
  // on another instance, a publication coming due).
  const served = new ServedPaths(app.database.db, () => app.clock.now(), () => app.contentCache.generation);
  const pageTypeOfPath = remembered(pageTypeOf);
  const writer = new EventWriter((rows) => repository.insertBatch(rows), app.log);
  const rollUpNow = () => rollUp(repository, app.clock.now());

  const limits = app.config.redisUrl ? redisLimiterStore(app.config.redisUrl) : memoryLimiterStore();
  const salts = app.config.redisUrl ? redisSaltStore(app.config.redisUrl) : memorySaltStore();
  let rollUps: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // One instance at a time: two roll-ups of one day would have the later one, finding the
    // events gone, replace the day's totals with nothing.
    const run = () => onceAtATime(app.database, 'insights-roll-up', rollUpNow).catch((error: unknown) => app.log.error({ err: error }, 'insights roll-up failed'));
    void run();
    rollUps = setInterval(() => void run(), HOUR_MS);
    // Optional: client tests run the server under jsdom, whose timers are plain numbers.
    rollUps.unref?.();
  });
  app.addHook('onClose', async () => {
    clearInterval(rollUps);
    // Every accepted event is written before the database closes.
    await writer.flush();
    await Promise.all([limits.close(), salts.close(), reads.close()]);
  });

  const take = eventIntake({ writer, limits, salts, pageTypeOf: pageTypeOfPath, served, now: () => app.clock.now(), log: app.log });
  app.decorate('insights', { writer, repository, rollUp: rollUpNow, take, pageTypeOf: pageTypeOfPath });
  // With another origin allowed, answers carry CORS headers: only Fastify's route adds them.
  if (app.config.corsOrigins.length === 0) {
    app.frontDoor.add('POST', EVENTS_PATH, eventFrontHandler({ take, headers: app.frontDoor.apiHeaders, trustProxy: app.config.trustProxy, log: app.log }));
  }
}

export const insightsPlugin = fp(insightsServices, { name: 'insights', decorators: { fastify: ['database', 'config', 'clock', 'contentCache', 'frontDoor'] } });

/** The insights calls, registered under /api: `POST /events` for the beacon, `GET /insights` for the owner. */
export async function insightsApi(api: FastifyInstance): Promise<void> {
  const { take, repository, pageTypeOf: pageTypeOfPath } = api.insights;
  await api.register(
    async (scope) => {
      // A beacon's client mistakes are all one 400, too-large bodies included.
      scope.setErrorHandler((error: FastifyError, _request, reply) => {
        // Nothing about these responses is cached or shared, refusals included.
        void reply.header('Cache-Control', 'no-store');
        if (error.code?.startsWith('FST_ERR_CTP_') && !(error instanceof HttpError)) {
          const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? TOO_LARGE : NOT_JSON;
          return reply.status(400).send({ message });
        }
        throw error;
      });
      await eventRoutes(scope, take);
    },
    { prefix: EVENTS_PATH.slice(api.prefix.length) },
  );

  await api.register(async (scope) => {
    scope.addHook('preHandler', scope.authenticate);
    scope.withTypeProvider<TypeBoxTypeProvider>().get('/insights', { schema: reportSchema }, async (request) => {
      const days = Number(request.query.days ?? 7);
      if (!isInsightRange(days)) throw new HttpError(400, 'days must be 7, 30 or 90.');
      return insightsReport(repository, days, api.clock.now(), pageTypeOfPath);
    });
  });
}
