import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { SITE_PARTS, type SiteContent, type SitePart } from '../../shared/contract/site/parts';
import { SERVICE_SLUGS, type ServiceSlug } from '../../shared/service-slugs';
import { siteDefaults } from '../../shared/site-content/defaults';
import { publishProblems } from '../../shared/site-content/publish-checks';
import { servicesOverview } from '../../shared/site-content/services-overview';
import type { SiteProblem } from '../../shared/contract/site/api';
import { HttpError } from '../http/errors';
import { LiveSources, RenderedPages } from './rendered-pages';
import type { SiteContentSource } from '../../shared/site-content/content-source';
import { PublishedContent } from './published-content';
import { shareCardRoute } from './share-card';
import { changedParts, SiteRepository, StaleDraftError, type DraftRow, type PublicationRow } from './site-repository';
import { discardSchema, editorStateSchema, publicationsSchema, publishedPartSchema, publishedSchema, publishedServicePageRouteSchema, publishedServicesOverviewRouteSchema, publishedPrivacyPageRouteSchema, previewSchema, publishSchema, resetPartSchema, restoreSchema, savePartSchema } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's content: the owner's draft and publications, and what visitors read. */
    site: {
      repository: SiteRepository;
      published: PublishedContent;
      /** The live content as the pages read it, from memory: what a server render shows. */
      source(): Promise<SiteContentSource>;
      /** The live Settings' site name: mail, feeds, authenticator apps and passkeys name the site by it. */
      name(): Promise<string>;
    };
  }
}

const STALE = 'The draft changed since you opened it (in another tab or window). Reload to see the latest version, then make your change again.';
const NOTHING_TO_PUBLISH = 'There are no changes to publish.';
/** The largest part (the ten service pages) with room to grow; every field has its own limit too. */
const PART_BODY_LIMIT = 512 * 1024;

/** What lives as long as the app: the repository and the live content every page reads. */
async function siteServices(app: FastifyInstance): Promise<void> {
  const repository = new SiteRepository(app.database.db);
  const maxAgeMs = Math.max(app.config.pageCacheSeconds, 1) * 1000;
  const published = new PublishedContent(repository, app.contentCache, maxAgeMs);
  const sources = new LiveSources(new RenderedPages(app.config.siteUrl));
  app.decorate('site', {
    repository,
    published,
    source: async () => sources.of(await published.read()),
    name: async () => (await published.read()).content.settings.name,
  });
  // An uploaded image stays while the draft or any kept publication shows it.
  app.imageReferences.register((keys) => repository.imageKeys(keys));
  shareCardRoute(app);
}

export const sitePlugin = fp(siteServices, { name: 'site', decorators: { fastify: ['database', 'config', 'contentCache', 'imageReferences'] } });

/** The site content calls, registered under /api (docs/product.md#site-content). */
export async function siteApi(api: FastifyInstance): Promise<void> {
  const { repository } = api.site;
  const typed = api.withTypeProvider<TypeBoxTypeProvider>();

  typed.get('/site/content', { schema: publishedSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return api.site.published.read();
  });

  for (const part of SITE_PARTS) {
    typed.get(`/site/content/${part}`, { schema: publishedPartSchema(part) }, async (_request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
      return (await api.site.published.read()).content[part];
    });
  }

  typed.get('/site/content/services/overview', { schema: publishedServicesOverviewRouteSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return (await api.site.source()).servicesOverview();
  });

  typed.get('/site/content/services/:slug', { schema: publishedServicePageRouteSchema }, async (request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return (await api.site.source()).servicePage(request.params.slug as ServiceSlug);
  });

  typed.get('/site/content/privacy/sections', { schema: publishedPrivacyPageRouteSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return (await api.site.source()).privacyPage();
  });

  await api.register(async (scope) => {
    // Before the body is read: a stranger's half-megabyte save is refused unread.
    scope.addHook('onRequest', scope.authenticate);
    const owner = scope.withTypeProvider<TypeBoxTypeProvider>();

    owner.get('/site', { schema: editorStateSchema }, async () => {
      const [draft, live] = await Promise.all([repository.draft(), repository.published()]);
      const content = draftContent(live.content, draft);
      return {
        published: live.content,
        publishedAt: live.publishedAt,
        draft: content,
        draftVersion: draft.version,
        hasDraft: changedParts(draft).length > 0,
        changedParts: changedParts(draft),
        problems: publishProblems(content),
      };
    });

    // Draft texts are rendered apart from the live ones, so that previews never push those out.
    const drafts = new RenderedPages(api.config.siteUrl);
    owner.get('/site/preview', { schema: previewSchema }, async () => {
      const [draft, live] = await Promise.all([repository.draft(), repository.published()]);
      const content = draftContent(live.content, draft);
      return {
        content,
        servicesOverview: servicesOverview(content.services),
        servicePages: Object.fromEntries(SERVICE_SLUGS.map((slug) => [slug, drafts.servicePage(content, slug)])),
        privacy: drafts.privacyPage(content),
        changedParts: changedParts(draft),
      };
    });

    for (const part of SITE_PARTS) {
      owner.put(`/site/draft/${part}`, { schema: savePartSchema(part), bodyLimit: PART_BODY_LIMIT }, async (request) =>
        saved(await stale(repository.savePart(part, request.body.content as SiteContent[SitePart], request.body.version))),
      );
      owner.post(`/site/draft/${part}/reset`, { schema: resetPartSchema(part) }, async (request) =>
        saved(await stale(repository.savePart(part, siteDefaults[part], request.body.version))),
      );
    }

    owner.delete('/site/draft', { schema: discardSchema }, async () => saved(await repository.discard()));

    owner.post('/site/publish', { schema: publishSchema }, async (request, reply) => {
      const draft = await repository.draft();
      if (draft.version === request.body.version && changedParts(draft).length === 0) throw new HttpError(409, NOTHING_TO_PUBLISH);
      try {
        const publication = await stale(
          repository.publish(request.body.version, scope.clock.now(), (content) => {
            const problems = publishProblems(content);
            if (problems.length > 0) throw new ChecksFailed(problems);
          }),
        );
        await announce(scope, publication);
        return reply.status(201).send(publicationView(publication));
      } catch (error) {
        if (error instanceof ChecksFailed) return refuse(reply, error.problems);
        throw error;
      }
    });

    owner.get('/site/publications', { schema: publicationsSchema }, async () => (await repository.publications()).map(publicationView));

    owner.post('/site/publications/:id/restore', { schema: restoreSchema }, async (request, reply) => {
      const from = await repository.publication(Number(request.params.id));
      if (!from) throw new HttpError(404, 'No such publication: only the newest 50 are kept.');
      const publication = await repository.restore(from, scope.clock.now());
      await announce(scope, publication);
      return reply.status(201).send(publicationView(publication));
    });

    /** The draft's state after a write: its version and what the checks say of it now. */
    async function saved(draft: DraftRow) {
      const live = await repository.published();
      return { draftVersion: draft.version, problems: publishProblems(draftContent(live.content, draft)) };
    }
  });
}

class ChecksFailed extends Error {
  constructor(readonly problems: SiteProblem[]) {
    super('The publish checks failed.');
  }
}

function refuse(reply: FastifyReply, problems: SiteProblem[]) {
  const count = problems.length === 1 ? 'One field needs' : `${problems.length} fields need`;
  return reply.status(422).send({ message: `${count} attention before publishing: nothing was published.`, problems });
}

/** A stale version answers 409, nothing written. */
async function stale<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof StaleDraftError) throw new HttpError(409, STALE);
    throw error;
  }
}

function draftContent(live: SiteContent, draft: DraftRow): SiteContent {
  return { ...live, ...draft.parts };
}

/** Everything made from content goes, here and (through the change channel) on every other instance. */
async function announce(app: FastifyInstance, publication: PublicationRow): Promise<void> {
  app.log.info({ publication: publication.id }, 'site content published');
  await app.contentCache.invalidate();
}

function publicationView({ id, publishedAt, changes, restoredFrom }: PublicationRow) {
  return { id, publishedAt, changes, restoredFrom };
}
