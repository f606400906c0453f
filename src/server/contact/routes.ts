import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryLimiterStore, redisLimiterStore } from '../abuse/limiter-store';
import { createMailer } from '../mail/mailer';
import { PageRenderer } from '../render/page-renderer';
import { ContactClientLimit } from './client-limit';
import { ContactRepository } from './contact-repository';
import { DeliveryWorker } from './delivery-worker';
import { formStartOnContactPage } from './form-start-cookie';
import { inboxRoutes } from './inbox-routes';
import { FormStartTokens } from './spam-checks';
import { contactSubmitRoutes } from './submit-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails stored contact messages; tests run its passes by hand. */
    contactDelivery: DeliveryWorker;
  }
}

/**
 * Contact messages (docs/product.md#contact-messages), under /api: the inbox always, so messages
 * kept while CONTACT_DELIVERY was `server` stay readable; the public call only with it.
 * Registered on the app itself (not encapsulated), so that `app.contactDelivery` is the app's.
 */
async function contactRoutes(app: FastifyInstance): Promise<void> {
  const repository = new ContactRepository(app.database.db);
  const mailer = createMailer(app.config);
  const worker = new DeliveryWorker(repository, mailer, () => app.clock.now(), app.log);
  app.decorate('contactDelivery', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
  });

  await app.register(async (scope) => inboxRoutes(scope, { repository, worker }), { prefix: '/api' });
  if (app.config.contactDelivery !== 'server') return;

  const limit = new ContactClientLimit(app.config.redisUrl ? redisLimiterStore(app.config.redisUrl) : memoryLimiterStore(), app.log);
  app.addHook('onClose', () => limit.close());
  const tokens = new FormStartTokens(app.secretsKey);
  formStartOnContactPage(app, tokens);
  // The app's one renderer, decorated on the app itself: the page routes registered later find it.
  const renderer = PageRenderer.of(app);
  await app.register(async (scope) => contactSubmitRoutes(scope, { repository, tokens, limit, worker, renderer }), { prefix: '/api' });
  // Mail left waiting by an earlier run (or another instance) goes out now.
  app.addHook('onReady', async () => {
    void worker.poke();
  });
}

export const contactPlugin = fp(contactRoutes, { name: 'contact', decorators: { fastify: ['database', 'config', 'clock', 'secretsKey'] } });
