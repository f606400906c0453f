import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryLimiterStore, redisLimiterStore } from '../abuse/limiter-store';
import { FormStartTokens } from '../contact/spam-checks';
import { createMailer } from '../mail/mailer';
import { siteIdentity } from '../site/published-content';
import { adminRoutes } from './admin-routes';
import { ConfirmationSender } from './confirmation-sender';
import { formStartOnBlogPages } from './form-start-cookie';
import { linkRoutes } from './link-routes';
import type { MailPost } from './newsletter-mail';
import { SendRepository } from './send-repository';
import { sendRoutes } from './send-routes';
import { SendWorker } from './send-worker';
import { SubscribeLimit } from './subscribe-limit';
import { subscribeRoutes } from './subscribe-routes';
import { SubscriberRepository } from './subscriber-repository';
import { UnsubscribeTokens } from './unsubscribe-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails posts to the subscribers; tests run its passes by hand. */
    newsletter: SendWorker;
    /** Mails the confirmation links queued by subscriptions and imports. */
    confirmations: ConfirmationSender;
  }
}

/** The post as its mail shows it: title, address, stored HTML, its own image. */
function postReader(app: FastifyInstance) {
  return async (id: string): Promise<(MailPost & { publishedAt: string | null }) | undefined> => {
    const row = await app.database.db
      .selectFrom('posts')
      .select(['id', 'title', 'slug', 'html', 'image_key', 'image_alt', 'published_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, title: row.title, slug: row.slug, html: row.html, imageUrl: row.image_key ? app.images.url(row.image_key) : null, imageAlt: row.image_alt, publishedAt: row.published_at };
  };
}

/**
 * Readers by e-mail (docs/product.md#newsletter): what lives as long as the app (the sender, its
 * mailer, the blog pages' form-start cookie, the links a mail carries). Registered on the app
 * itself; its API is `newsletterApi`.
 */
async function newsletterServices(app: FastifyInstance): Promise<void> {
  const subscribers = new SubscriberRepository(app.database.db);
  const sends = new SendRepository(app.database.db);
  const tokens = new UnsubscribeTokens(app.secretsKey);
  const mailer = createMailer(app.config, undefined, { bulk: true });
  const worker = new SendWorker({
    database: app.database,
    sends,
    subscribers,
    tokens,
    mailer,
    rate: app.config.newsletterRate,
    siteUrl: app.config.siteUrl,
    identity: siteIdentity(app),
    post: postReader(app),
    now: () => app.clock.now(),
    log: app.log,
  });
  app.decorate('newsletter', worker);
  // A mailer of its own: the sender's keeps one connection for a send of any length.
  const confirmationMailer = createMailer(app.config);
  const confirmations = new ConfirmationSender({ subscribers, mailer: confirmationMailer, rate: app.config.newsletterRate, siteUrl: app.config.siteUrl, identity: siteIdentity(app), now: () => app.clock.now(), log: app.log });
  app.decorate('confirmations', confirmations);
  formStartOnBlogPages(app, new FormStartTokens(app.secretsKey));
  await app.register(async (scope) => linkRoutes(scope, { subscribers, tokens }));
  // A send asked for on another instance, or a post scheduled there, is heard of at once.
  app.changes.subscribe(() => void worker.poke());
  app.addHook('onReady', async () => {
    void worker.poke();
    void confirmations.poke();
  });
  app.addHook('onClose', async () => {
    await Promise.all([worker.stop(), confirmations.stop()]);
    mailer.close();
    confirmationMailer.close();
  });
}

export const newsletterPlugin = fp(newsletterServices, { name: 'newsletter', decorators: { fastify: ['database', 'config', 'clock', 'secretsKey', 'changes', 'images', 'frontDoor'] } });

/** The newsletter's calls, registered under /api. */
export async function newsletterApi(api: FastifyInstance): Promise<void> {
  const subscribers = new SubscriberRepository(api.database.db);
  const sends = new SendRepository(api.database.db);
  const tokens = new UnsubscribeTokens(api.secretsKey);
  const mailer = createMailer(api.config);
  const limit = new SubscribeLimit(api.config.redisUrl ? redisLimiterStore(api.config.redisUrl) : memoryLimiterStore(), api.log);
  api.addHook('onClose', async () => {
    await limit.close();
    mailer.close();
  });
  await api.register(async (scope) => subscribeRoutes(scope, { subscribers, tokens: new FormStartTokens(api.secretsKey), limit, confirmations: api.confirmations }));
  await api.register(async (scope) => adminRoutes(scope, { subscribers, confirmations: api.confirmations }));
  await api.register(async (scope) => sendRoutes(scope, { sends, worker: api.newsletter, tokens, mailer, post: postReader(api) }));
}
