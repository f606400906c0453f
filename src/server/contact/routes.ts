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
import { leadRoutes } from './lead-routes';
import { FormStartTokens } from './spam-checks';
import { contactSubmitRoutes } from './submit-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails stored contact messages; tests run its passes by hand. */
    contactDelivery: DeliveryWorker;
    /** Every read and write of stored contact messages. */
    contactMessages: ContactRepository;
  }
}

/**
 * Contact messages (docs/product.md#contact-messages): what lives as long as the app (the store,
 * the delivery worker and its mailer, the form's start time on the contact page). Registered on
 * the app itself, so that `app.contactDelivery` is the app's; its API is `contactApi`.
 */
async function contactServices(app: FastifyInstance): Promise<void> {
  const repository = new ContactRepository(app.database.db);
  const mailer = createMailer(app.config, () => app.site.name());
  const worker = new DeliveryWorker(repository, mailer, () => app.clock.now(), app.log, async () => (await app.site.published.read()).content.settings.email);
  app.decorate('contactDelivery', worker);
  app.decorate('contactMessages', repository);
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
  });
  if (app.config.contactDelivery !== 'server') return;

  formStartOnContactPage(app, new FormStartTokens(app.secretsKey));
  // The app's one renderer, decorated on the app itself: the page routes registered later find it.
  PageRenderer.of(app);
  // Mail left waiting by an earlier run (or another instance) goes out now.
  app.addHook('onReady', async () => {
    void worker.poke();
  });
}

export const contactPlugin = fp(contactServices, { name: 'contact', decorators: { fastify: ['database', 'config', 'clock', 'secretsKey', 'leads', 'frontDoor'] } });

/**
 * The contact calls, registered under /api: the inbox always, so messages kept while
 * CONTACT_DELIVERY was `server` stay readable; the public call only with it.
 */
export async function contactApi(api: FastifyInstance): Promise<void> {
  const { contactMessages: repository, contactDelivery: worker } = api;
  await api.register(async (scope) => inboxRoutes(scope, { repository, worker, leads: api.leads.repository }));
  await api.register(async (scope) => leadRoutes(scope, { repository, leads: api.leads.repository }));
  if (api.config.contactDelivery !== 'server') return;

  const limit = new ContactClientLimit(api.config.redisUrl ? redisLimiterStore(api.config.redisUrl) : memoryLimiterStore(), api.log);
  api.addHook('onClose', () => limit.close());
  // Stateless: signed with a key derived from the secrets key, as the contact page's cookie is.
  const tokens = new FormStartTokens(api.secretsKey);
  await api.register(async (scope) => contactSubmitRoutes(scope, { repository, tokens, limit, worker, renderer: api.pageRenderer, pageTypeOf: api.insights.pageTypeOf }));
}
