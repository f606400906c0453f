import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { siteIdentity } from '../site/published-content';
import type { Mailer } from '../mail/mailer';
import { postMailTemplate } from './mail-template-thread';
import { postMail, type MailPost } from './newsletter-mail';
import { cancelSendSchema, requestSendSchema, sendsSchema, testSendSchema } from './schemas';
import type { SendRepository } from './send-repository';
import type { SendWorker } from './send-worker';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** The test mail's unsubscribe address names no subscriber: following it unsubscribes nobody. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

export interface SendRouteDeps {
  sends: SendRepository;
  worker: SendWorker;
  tokens: UnsubscribeTokens;
  mailer: Mailer;
  post: (id: string) => Promise<(MailPost & { publishedAt: string | null }) | undefined>;
}

/** The post editor's "Email to subscribers" and "Send a test to me", and the dashboard's progress. */
export async function sendRoutes(scope: FastifyInstance, { sends, worker, tokens, mailer, post }: SendRouteDeps): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  app.post('/posts/id/:id/newsletter', { schema: requestSendSchema }, async (request, reply) => {
    const found = await post(request.params.id);
    if (!found) throw new HttpError(404, 'Post not found.');
    if (!found.publishedAt) throw new HttpError(409, 'Publish or schedule the post first: a draft is not mailed.');
    if (!(await sends.request(found.id, app.clock.now()))) throw new HttpError(409, 'This post is already mailed to the subscribers.');
    void worker.poke();
    const [progress] = await sends.progress(found.id);
    return reply.status(202).send(progress!);
  });

  app.delete('/posts/id/:id/newsletter', { schema: cancelSendSchema }, async (request, reply) => {
    if (await sends.cancelWaiting(request.params.id)) return reply.status(204).send();
    const [progress] = await sends.progress(request.params.id);
    if (!progress) throw new HttpError(404, 'This post is not to be mailed.');
    throw new HttpError(409, 'The mail has started going out: it cannot be called off.');
  });

  app.post('/posts/id/:id/newsletter/test', { schema: testSendSchema }, async (request) => {
    const found = await post(request.params.id);
    if (!found) throw new HttpError(404, 'Post not found.');
    const to = request.user!.email;
    // Rendered as a send's mail is, off the thread that answers requests.
    const template = await postMailTemplate(found, app.config.siteUrl, await siteIdentity(app)());
    try {
      await mailer.send(postMail(template, { subscriberId: NOBODY, email: to, unsubscribeToken: tokens.issue(NOBODY) }));
    } catch (error) {
      request.log.warn({ err: error }, 'newsletter test not sent');
      throw new HttpError(503, 'The mail server did not take the test mail. Please try again in a moment.', { 'Retry-After': '30' });
    }
    return { message: `A test was sent to ${to}.` };
  });

  app.get('/newsletter/sends', { schema: sendsSchema }, async () => sends.progress());
}
