import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { NotFoundLog } from './not-found-log';
import { pathKey, redirectSource, redirectTarget } from './redirect-address';
import { RedirectRepository } from './redirect-repository';
import { RedirectTable } from './redirect-table';
import { addRedirectSchema, listRedirectsSchema, notFoundReportSchema, removeRedirectSchema } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redirects as requests read them, and the not-found log (docs/product.md#redirects). */
    redirects: RedirectServices;
  }
}

interface RedirectServices {
  table: RedirectTable;
  repository: RedirectRepository;
  notFound: NotFoundLog;
  /** Reads the table again from the database (it also does so by itself after any change of content). */
  reload(): Promise<void>;
}

/** How often each instance adds the 404s it counted to the database. */
const NOT_FOUND_WRITE_MS = 5_000;

/**
 * Redirects apply before anything else answers a page's address. The table follows the content
 * cache's generation, which every change of content raises here and, through the change
 * channel, on every other instance within a second: a redirect added, a slug changed, an import.
 */
async function redirectServices(app: FastifyInstance): Promise<void> {
  const repository = new RedirectRepository(app.database);
  const table = new RedirectTable();
  const notFound = new NotFoundLog(app.database, () => app.clock.now(), app.log);
  let loadedAt = -1;
  let loading: Promise<void> | undefined;

  const reload = (): Promise<void> => {
    const generation = app.contentCache.generation;
    loading ??= repository
      .entries()
      .then((entries) => {
        table.replace(entries);
        loadedAt = generation;
      })
      .finally(() => (loading = undefined));
    return loading;
  };
  app.decorate('redirects', { table, repository, notFound, reload });
  app.addHook('onReady', reload);

  const isPageRead = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');

  const apply = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const hit = table.match(request.url);
    if (!hit) return done();
    void reply.redirect(hit.location, hit.status);
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (!isPageRead(request)) return done();
    if (loadedAt === app.contentCache.generation) return apply(request, reply, done);
    // Content changed since the table was read: read it first, once for every request waiting.
    reload().then(
      () => apply(request, reply, done),
      (error: unknown) => {
        request.log.warn({ err: error }, 'the redirects could not be read; answering without them');
        done();
      },
    );
  });

  // A page answered in front of Fastify is one no redirect takes, by a table read since the last change.
  app.frontDoor.addPageCheck((url) => loadedAt !== app.contentCache.generation || table.match(url) !== undefined);

  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 404 && request.method === 'GET' && request.routeOptions.url === '/*' && !request.url.startsWith('/admin')) {
      const mark = request.url.indexOf('?');
      notFound.record(pathKey(mark === -1 ? request.url : request.url.slice(0, mark)), request.headers.referer);
    }
    done();
  });

  const timer = setInterval(() => void notFound.flush(), NOT_FOUND_WRITE_MS);
  timer.unref?.();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await notFound.flush();
  });
}

export const redirectsPlugin = fp(redirectServices, { name: 'redirects', decorators: { fastify: ['database', 'clock', 'contentCache', 'frontDoor'] } });

/** The owner's calls (`/admin/redirects`), registered under /api: each needs the bearer token. */
export async function redirectsApi(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { repository, table, notFound, reload } = app.redirects;
  app.addHook('preHandler', app.authenticate);

  const changed = async () => {
    // Raises the generation here (the table is read again before the next page) and tells the other instances.
    await app.contentCache.invalidate();
    await reload();
  };

  app.get('/redirects', { schema: listRedirectsSchema }, () => repository.list());

  app.post('/redirects', { schema: addRedirectSchema, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const from = redirectSource(request.body.from);
    const to = redirectTarget(request.body.to, app.config.siteUrl);
    const redirect = await repository.add({ from, to, status: request.body.status ?? 301 }, app.clock.now());
    await changed();
    return reply.status(201).send(redirect);
  });

  app.delete('/redirects/:id', { schema: removeRedirectSchema }, async (request, reply) => {
    if (!(await repository.remove(request.params.id))) throw new HttpError(404, 'No such redirect.');
    await changed();
    return reply.status(204).send();
  });

  app.get('/not-found', { schema: notFoundReportSchema }, async () => {
    // What this instance counted so far is part of the answer.
    await notFound.flush();
    return notFound.report((path) => table.has(path));
  });
}
