import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { checkLeadChange } from '../leads/lead-change';
import type { LeadRepository } from '../leads/lead-repository';
import { addNoteSchema, deleteNoteSchema, leadChangeRouteSchema } from '../leads/schemas';
import type { ContactRepository } from './contact-repository';
import { toContactMessage } from './message-shape';

const notFound = () => new HttpError(404, 'No such lead.');

/** A message's lead in the inbox: its status, follow-up and amount, and its notes (bearer). */
export async function leadRoutes(scope: FastifyInstance, { repository, leads }: { repository: ContactRepository; leads: LeadRepository }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  /** The inbox message with its lead; 404 for a message that is not a lead (gone, or in spam). */
  async function leadMessage(id: string) {
    const [row, lead] = await Promise.all([repository.find(id), leads.find(id)]);
    if (!row || row.folder !== 'inbox' || !lead) throw notFound();
    return { row, lead };
  }
  const answer = async (id: string) => {
    const { row } = await leadMessage(id);
    return toContactMessage(row, (await leads.byIds([id])).get(id));
  };

  app.patch('/contact/messages/:id/lead', { schema: leadChangeRouteSchema, bodyLimit: 1024 }, async (request) => {
    const { lead } = await leadMessage(request.params.id);
    const checked = checkLeadChange(lead, request.body);
    if (!checked.ok) throw new HttpError(400, checked.message);
    await leads.update(request.params.id, checked.change, app.clock.now());
    return answer(request.params.id);
  });

  app.post('/contact/messages/:id/notes', { schema: addNoteSchema, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const text = request.body.text.trim();
    if (text === '') throw new HttpError(400, 'A note needs some text.');
    await leadMessage(request.params.id);
    if (!(await leads.addNote(request.params.id, text, app.clock.now()))) throw new HttpError(409, 'This lead holds as many notes as it keeps; delete one first.');
    return reply.status(201).send(await answer(request.params.id));
  });

  app.delete('/contact/messages/:id/notes/:noteId', { schema: deleteNoteSchema }, async (request, reply) => {
    if (!(await leads.deleteNote(request.params.id, request.params.noteId))) throw new HttpError(404, 'No such note.');
    return reply.status(204).send();
  });
}
