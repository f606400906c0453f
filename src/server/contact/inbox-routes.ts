import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ContactMessage } from '../../shared/contact';
import type { ContactMessageRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { LeadRepository } from '../leads/lead-repository';
import type { ContactRepository } from './contact-repository';
import type { DeliveryWorker } from './delivery-worker';
import { toContactMessage } from './message-shape';
import { deleteMessageSchema, messagesSchema, notSpamSchema, readStateChangeSchema, summarySchema } from './schemas';

const notFound = () => new HttpError(404, 'No such message.');
/** The most messages the inbox lists at once, as the folder's list. */
const STATUS_LIST_LIMIT = 200;

export interface InboxDeps {
  repository: ContactRepository;
  worker: DeliveryWorker;
  leads: LeadRepository;
}

/** The administrator's inbox (`/admin/inbox`): every call needs the bearer token. */
export async function inboxRoutes(scope: FastifyInstance, { repository, worker, leads }: InboxDeps): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  /** Messages with their leads, in the order given. */
  async function withLeads(rows: ContactMessageRow[]): Promise<ContactMessage[]> {
    const byId = await leads.byIds(rows.filter((row) => row.folder === 'inbox').map((row) => row.id));
    return rows.map((row) => toContactMessage(row, byId.get(row.id)));
  }

  app.get('/contact/messages', { schema: messagesSchema }, async (request) => {
    const { folder = 'inbox', status } = request.query;
    if (!status) return withLeads(await repository.list(folder, app.clock.now()));
    if (folder !== 'inbox') throw new HttpError(400, 'Only the inbox’s messages have a status.');
    return withLeads(await repository.findMany(await leads.idsWithStatus(status, STATUS_LIST_LIMIT)));
  });

  app.get('/contact/summary', { schema: summarySchema }, async () => repository.summary(app.clock.now()));

  app.patch(
    '/contact/messages/:id',
    { schema: readStateChangeSchema, bodyLimit: 1024 },
    async (request) => {
      const row = await repository.setRead(request.params.id, request.body.read, app.clock.now());
      if (!row) throw notFound();
      return (await withLeads([row]))[0]!;
    },
  );

  app.delete('/contact/messages/:id', { schema: deleteMessageSchema }, async (request, reply) => {
    if (!(await repository.delete(request.params.id, app.clock.now()))) throw notFound();
    return reply.status(204).send();
  });

  /** Out of the spam folder, and mailed to the agency as if it had just arrived. */
  app.post('/contact/messages/:id/not-spam', { schema: notSpamSchema }, async (request) => {
    const row = await repository.notSpam(request.params.id, app.clock.now());
    if (!row) throw (await repository.find(request.params.id)) ? new HttpError(409, 'This message is not in the spam folder.') : notFound();
    void worker.poke();
    return (await withLeads([row]))[0]!;
  });
}
