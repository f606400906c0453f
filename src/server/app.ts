import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { Config } from './config';
import { accountsPlugin } from './accounts/routes';
import { caseStudiesPlugin } from './case-studies/routes';
import { backupsApi, backupsPlugin } from './backup/routes';
import { bookingApi, bookingPlugin, type BookingOptions } from './booking/routes';
import { contactApi, contactPlugin } from './contact/routes';
import { registerAuthentication } from './auth/authenticate';
import { ContentCache } from './cache/content-cache';
import { refuseInvalidBearerOnReads } from './cache/invalid-bearer';
import { resolveJwtSecret } from './auth/jwt-secret';
import { resolveSecretsKey } from './auth/secrets-key';
import { TokenService } from './auth/tokens';
import { openChangeChannel, type ChangeChannel } from './db/change-channel';
import { isMigrated, openDatabase, type Database } from './db/database';
import { feedRoutes, type FeedOptions } from './feeds/routes';
import { apiDocumentPlugin } from './http/api-document';
import { answerFrameworkError, registerApiNotFound, registerErrorHandling } from './http/errors';
import { registerHealth } from './http/health';
import { sharedSchemaController } from './http/schema-compilers';
import { privateLogging } from './http/log-privacy';
import { FrontDoor } from './http/front-door';
import type { StartingServer } from './http/starting-server';
import { apiHeadersFor, fixedHeaders, registerSecurityHeaders } from './http/security-headers';
import { importApi, importPlugin } from './import/routes';
import { insightsApi, insightsPlugin } from './insights/routes';
import { leadsApi, leadsPlugin } from './leads/routes';
import { newsletterApi, newsletterPlugin } from './newsletter/routes';
import { staticFiles } from './http/static-files';
import { postsPlugin } from './posts/routes';
import { redirectsApi, redirectsPlugin } from './redirects/routes';
import { renderRoutes } from './render/render-plugin';
import { searchPlugin } from './search/routes';
import { securityPlugin } from './security/routes';
import { siteApi, sitePlugin } from './site/routes';
import { registerImageStorage } from './storage/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Tells the other instances of the site that content changed, and hears them (README.md#running-several-instances). */
    changes: ChangeChannel;
    config: Config;
    /** Seals the authenticator apps' secrets and keys recovery codes; apart from the JWT secret. */
    secretsKey: Uint8Array;
    /** The time every read of posts compares publication times with; tests move it. */
    clock: { now(): Date };
    /** Requests answered in front of Fastify (the beacon's events, cached pages). */
    frontDoor: FrontDoor;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Options of the sitemap and feeds; tests set a small sitemap file size. */
  feeds?: FeedOptions;
  /** Options of the booking calls; tests read busy calendars from a local server. */
  booking?: BookingOptions;
  /** The server already listening while the instance starts (main.ts): the app is built on it rather than on a server of its own. */
  server?: StartingServer;
}

/** A ready Fastify instance for a configuration; tests drive it with inject or a real port. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const securityHeaders = securityHeaderOptions(config);
  const frontDoor = new FrontDoor(apiHeadersFor(securityHeaders), fixedHeaders(securityHeaders));
  const app = Fastify({
    serverFactory: options.server ? options.server.serverFactoryFor(frontDoor.dispatch) : frontDoor.serverFactory,
    // Whoever asks for a log gets one without secrets or full client addresses.
    logger: privateLogging(options.logger),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    schemaController: sharedSchemaController,
  });

  registerErrorHandling(app);
  app.decorate('config', config);
  app.decorate('frontDoor', frontDoor);
  // The cookies some pages carry (the forms' start times), which features register with the door:
  // one callback hook for them all, since it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')) {
      for (const cookie of frontDoor.pageCookies(request.url.split('?', 1)[0]!)) void reply.header('Set-Cookie', cookie);
    }
    done();
  });
  // A closing app answers through Fastify, which refuses new requests while it closes.
  app.addHook('preClose', (done) => {
    frontDoor.drain();
    done();
  });
  app.decorate('clock', { now: () => new Date() });
  const database = await openDatabase(config, { log: app.log });
  app.decorate('database', database);
  app.decorate('secretsKey', await resolveSecretsKey(config, database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  }));
  const changes = openChangeChannel(database, config.databaseUrl, app.log);
  app.decorate('changes', changes);
  app.addHook('onReady', () => changes.start());
  app.addHook('onClose', async () => {
    await changes.close();
    await database.close();
  });
  // Decorated before the API, whose writes invalidate it.
  app.decorate('contentCache', new ContentCache({ ttlSeconds: config.pageCacheSeconds, changes, now: () => app.clock.now(), log: app.log }));
  registerAuthentication(app, new TokenService(resolveJwtSecret(config), config.tokenTtlSeconds));

  registerSecurityHeaders(app, securityHeaders);
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    exposedHeaders: ['X-Total-Count', 'Retry-After'],
  });

  // After the security headers and CORS, so that a refusal carries them too.
  refuseInvalidBearerOnReads(app);
  registerHealth(app, { behindProxy: config.trustProxy, frontDoor, ready: () => isMigrated(database) });
  // Post images: app.images for the API, /uploads/ for browsers (before the page catch-all).
  await registerImageStorage(app, config);

  // What contact messages and insights keep for the app's lifetime, on the app itself (their
  // calls are under /api below): the delivery worker, the beacon's front door, the roll-up.
  await app.register(leadsPlugin);
  await app.register(contactPlugin);
  await app.register(insightsPlugin);
  await app.register(sitePlugin);
  await app.register(bookingPlugin, options.booking ?? {});
  await app.register(newsletterPlugin);
  // Before any page answers: redirects, and the count of the addresses that found nothing.
  await app.register(redirectsPlugin);
  await app.register(importPlugin);
  await app.register(backupsPlugin);

  // Before the API's routes: the document learns them as they are added.
  await app.register(apiDocumentPlugin);
  // Every call of the API, in one place under one prefix.
  await app.register(
    async (api) => {
      // API answers (post lists carry whole articles) travel compressed; pages have their own.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
      await api.register(accountsPlugin);
      await api.register(postsPlugin);
      await api.register(caseStudiesPlugin);
      await api.register(searchPlugin);
      await api.register(securityPlugin);
      await api.register(contactApi);
      await api.register(insightsApi);
      await api.register(siteApi);
      // The leads' figures put each source beside its visitors, which Insights counts.
      await api.register(leadsApi, { sourceVisitors: (from, to, sources) => api.insights.repository.sourceVisitors(from, to, sources) });
      await api.register(bookingApi);
      await api.register(newsletterApi);
      await api.register(redirectsApi);
      await api.register(importApi);
      await api.register(backupsApi);
      registerApiNotFound(api);
    },
    { prefix: '/api' },
  );

  await staticFiles(app, config);
  await app.register(feedRoutes, options.feeds ?? {});
  await renderRoutes(app, config);

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Nothing answers ${request.method} here.` }));
  return app;
}

/** Helmet's options for the site's pages (the API's answers get a stricter policy of their own). */
function securityHeaderOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", ...(config.apiBaseUrl ? [new URL(config.apiBaseUrl).origin] : [])],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.siteUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Images and feeds may be embedded by other sites (link previews, readers).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: config.siteUrl.startsWith('https:'),
  };
}
