import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { Subscriber } from '../../shared/newsletter';
import type { SubscriberRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ConfirmationSender } from './confirmation-sender';
import { checkImport } from './csv-import';
import { deleteSchema, exportSchema, importDocument, importSchema, listSchema } from './schemas';
import { SubscriberRepository } from './subscriber-repository';

/** A CSV of 20,000 addresses with a consent column is well under this. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;
const DEFAULT_PAGE_SIZE = 25;

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  _id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
  lastError: row.last_error,
});

export interface AdminDeps {
  subscribers: SubscriberRepository;
  /** Sends the confirmation mails the import queues for addresses without consent, at the newsletter's rate. */
  confirmations: ConfirmationSender;
}

/** `/admin/subscribers`' calls: every one needs the bearer token. */
export async function adminRoutes(scope: FastifyInstance, { subscribers, confirmations }: AdminDeps): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/subscribers', { schema: listSchema }, async (request) => {
    const { q = '', page = 1, limit = DEFAULT_PAGE_SIZE } = request.query;
    const [{ rows, total }, confirmed] = await Promise.all([subscribers.page(q, page, limit), subscribers.confirmedCount()]);
    return { subscribers: rows.map(toSubscriber), total, confirmed };
  });

  app.delete('/subscribers/:id', { schema: deleteSchema }, async (request, reply) => {
    if (!(await subscribers.delete(request.params.id))) throw new HttpError(404, 'No such subscriber.');
    return reply.status(204).send();
  });

  app.get('/subscribers/export', { schema: exportSchema }, async (_request, reply) => {
    const rows = Readable.from(
      (async function* () {
        for await (const row of subscribers.all()) yield [row.email, row.status, row.created_at, row.confirmed_at ?? ''];
      })(),
    );
    const csv = rows.pipe(stringify({ header: true, columns: ['email', 'status', 'subscribed', 'confirmed'], record_delimiter: '\r\n' }));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="subscribers-${day}.csv"`)
      // A stream goes out as it is written; the schema's string is for the document.
      .send(csv as unknown as string);
  });

  app.post('/subscribers/import', { schema: importSchema, config: { swaggerTransform: importDocument }, bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    if (typeof request.body !== 'string') throw new HttpError(415, 'Send the file as text/csv.');
    const checked = checkImport(request.body);
    if (!checked.ok) return reply.status(400).send({ message: checked.message, errors: checked.errors });
    const now = app.clock.now();
    const result = { subscribed: 0, invited: 0, unchanged: 0 };
    // One transaction: a failure half-way leaves the list as it was.
    await app.database.db.transaction().execute(async (trx) => {
      const repository = new SubscriberRepository(trx);
      for (const row of checked.rows) {
        if (row.consent) {
          result[await repository.confirmDirectly(row.email, now)]++;
          continue;
        }
        // Its confirmation mail is queued with it, sent at the newsletter's rate.
        const outcome = await repository.subscribe(row.email, now);
        if (outcome.mail) result.invited++;
        else result.unchanged++;
      }
    });
    if (result.invited > 0) void confirmations.poke();
    request.log.info(result, 'subscribers imported');
    return result;
  });
}
