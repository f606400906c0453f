import type { FastifyInstance } from 'fastify';
import type { ContactFolder } from '../../shared/contact';
import { HttpError } from '../http/errors';
import type { ContactRepository } from './contact-repository';
import type { DeliveryWorker } from './delivery-worker';
import { toContactMessage } from './message-shape';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;
const notFound = () => new HttpError(404, 'No such message.');

/** The administrator's inbox (`/admin/inbox`): every call needs the bearer token. */
export async function inboxRoutes(app: FastifyInstance, { repository, worker }: { repository: ContactRepository; worker: DeliveryWorker }): Promise<void> {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Querystring: { folder?: ContactFolder } }>(
    '/contact/messages',
    { schema: { querystring: { type: 'object', properties: { folder: { type: 'string', enum: ['inbox', 'spam'] } } } } },
    async (request) => (await repository.list(request.query.folder ?? 'inbox', app.clock.now())).map(toContactMessage),
  );

  app.get('/contact/summary', async () => repository.summary(app.clock.now()));

  app.patch<{ Params: { id: string }; Body: { read: boolean } }>(
    '/contact/messages/:id',
    {
      schema: {
        params: idParams,
        body: { type: 'object', required: ['read'], additionalProperties: false, properties: { read: { type: 'boolean' } } },
      },
      bodyLimit: 1024,
    },
    async (request) => {
      const row = await repository.setRead(request.params.id, request.body.read, app.clock.now());
      if (!row) throw notFound();
      return toContactMessage(row);
    },
  );

  app.delete<{ Params: { id: string } }>('/contact/messages/:id', { schema: { params: idParams } }, async (request, reply) => {
    if (!(await repository.delete(request.params.id))) throw notFound();
    return reply.status(204).send();
  });

  /** Out of the spam folder, and mailed to the agency as if it had just arrived. */
  app.post<{ Params: { id: string } }>('/contact/messages/:id/not-spam', { schema: { params: idParams } }, async (request) => {
    const row = await repository.notSpam(request.params.id, app.clock.now());
    if (!row) throw (await repository.find(request.params.id)) ? new HttpError(409, 'This message is not in the spam folder.') : notFound();
    void worker.poke();
    return toContactMessage(row);
  });
}
