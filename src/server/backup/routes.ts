import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupsOverview } from '../../shared/contract/backups';
import { HttpError } from '../http/errors';
import { createMailer } from '../mail/mailer';
import { lastRun } from './backup-runs';
import { BackupSchedule } from './backup-schedule';
import { archiveStore } from './kept-archives';
import { backupsOverviewRouteSchema, downloadBackupSchema } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      schedule: BackupSchedule;
      /** The site's time zone, whose 03:00 the schedule keeps; tests replace it. */
      timeZone: () => Promise<string>;
    };
  }
}

/** The daily backup (docs/product.md#backups-and-the-owners-tools), on the app itself: started when the app is ready, stopped when it closes. */
async function backupServices(app: FastifyInstance): Promise<void> {
  const mailer = createMailer(app.config, () => app.site.name());
  const settings = async () => (await app.site.published.read()).content.settings;
  const backups = {
    timeZone: async () => (await settings()).timeZone,
    schedule: new BackupSchedule({
      config: app.config,
      database: app.database,
      mailer,
      now: () => app.clock.now(),
      timeZone: () => app.backups.timeZone(),
      owner: settings,
      log: app.log,
    }),
  };
  app.decorate('backups', backups);
  if (app.config.backupSchedule) app.addHook('onReady', async () => void backups.schedule.poke());
  app.addHook('onClose', async () => {
    await backups.schedule.stop();
    mailer.close();
  });
}

export const backupsPlugin = fp(backupServices, { name: 'backups', decorators: { fastify: ['database', 'config', 'clock', 'site'] } });

/** The owner's calls (`/admin/backups`), registered under /api: each needs the bearer token. */
export async function backupsApi(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  app.get('/backups', { schema: backupsOverviewRouteSchema }, async (): Promise<BackupsOverview> => {
    const store = await archiveStore(app.config);
    try {
      const [last, archives] = await Promise.all([lastRun(app.database.db, app.clock.now()), store.list()]);
      return {
        schedule: app.config.backupSchedule,
        where: store.where,
        last: last && { trigger: last.trigger, startedAt: last.startedAt, finishedAt: last.finishedAt, state: last.state, name: last.name, size: last.size, error: last.error },
        archives: archives.map((archive) => ({ name: archive.name, size: archive.size, createdAt: archive.createdAt.toISOString() })),
      };
    } finally {
      store.close();
    }
  });

  // On the untyped scope: the answer is a stream, which the schema's string describes for the document.
  scope.get<{ Params: { name: string } }>('/backups/:name', { schema: downloadBackupSchema }, async (request, reply) => {
    const store = await archiveStore(app.config);
    // The name must be one the listing gives, never joined to a path as it came.
    const archive = (await store.list().catch((error: unknown) => {
      store.close();
      throw error;
    })).find((candidate) => candidate.name === request.params.name);
    if (!archive) {
      store.close();
      throw new HttpError(404, 'No such backup.');
    }
    const body = await store.open(archive.name).catch((error: unknown) => {
      store.close();
      // Pruned between the listing and the opening.
      const gone = (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as { name?: string }).name === 'NoSuchKey';
      throw gone ? new HttpError(404, 'No such backup.') : error;
    });
    body.once('close', () => store.close());
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${archive.name}"`)
      .header('content-length', archive.size)
      .send(body);
  });
}
