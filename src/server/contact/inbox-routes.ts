import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import type { ContactRepository } from './contact-repository';
import type { DeliveryWorker } from './delivery-worker';
import { toContactMessage } from './message-shape';
import { deleteMessageSchema, messagesSchema, notSpamSchema, readStateChangeSchema, summarySchema } from './schemas';

const notFound = () => new HttpError(404, 'No such message.');

/** The administrator's inbox (`/admin/inbox`): every call needs the bearer token. */
export async function inboxRoutes(scope: FastifyInstance, { repository, worker }: { repository: ContactRepository; worker: DeliveryWorker }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  app.get('/contact/messages', { schema: messagesSchema }, async (request) =>
    (await repository.list(request.query.folder ?? 'inbox', app.clock.now())).map(toContactMessage),
  );

  app.get('/contact/summary', { schema: summarySchema }, async () => repository.summary(app.clock.now()));

  app.patch(
    '/contact/messages/:id',
    { schema: readStateChangeSchema, bodyLimit: 1024 },
    async (request) => {
      const row = await repository.setRead(request.params.id, request.body.read, app.clock.now());
      if (!row) throw notFound();
      return toContactMessage(row);
    },
  );

  app.delete('/contact/messages/:id', { schema: deleteMessageSchema }, async (request, reply) => {
    if (!(await repository.delete(request.params.id))) throw notFound();
    return reply.status(204).send();
  });

  /** Out of the spam folder, and mailed to the agency as if it had just arrived. */
  app.post('/contact/messages/:id/not-spam', { schema: notSpamSchema }, async (request) => {
    const row = await repository.notSpam(request.params.id, app.clock.now());
    if (!row) throw (await repository.find(request.params.id)) ? new HttpError(409, 'This message is not in the spam folder.') : notFound();
    void worker.poke();
    return toContactMessage(row);
  });
}
