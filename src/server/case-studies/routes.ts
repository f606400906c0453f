import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { FEATURED_SLOTS } from '../../shared/case-studies';
import { HttpError } from '../http/errors';
import { deriveWithSizes } from '../posts/image-sizes';
import { imageKeysIn } from '../posts/post-indexes';
import { readAnswerer } from '../posts/read-cache';
import { CaseStudyRepository, SlugTaken } from './case-study-repository';
import { toCard, toCaseStudy } from './case-study-shape';
import { blankField, valuesFor } from './case-study-writes';
import { inputError } from './input-errors';
import { createSchema, deleteSchema, featuredSchema, ownerListSchema, ownerReadSchema, portfolioSchema, publishedSchema, updateSchema } from './schemas';

const notFound = () => new HttpError(404, 'Case study not found.');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Case studies (docs/product.md#case-studies): visitors read the published ones (answered from the
 * content cache once seen); the owner writes them and chooses the four featured tiles. Every
 * write drops the content cache here and, through the change channel, on every instance.
 */
export const caseStudiesPlugin = fp(
  async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const repository = new CaseStudyRepository(app.database.db, () => app.clock.now());
    const answerRead = readAnswerer(app);
    const changed = () => app.contentCache.invalidate();

    // A case study's cover and the images of its text stay while it names them.
    app.imageReferences.register(async (keys) => {
      const named = new Set((await repository.imageSources()).flatMap((row) => [...imageKeysIn(row.cover_url), ...imageKeysIn(row.text)]));
      return keys ? keys.filter((key) => named.has(key)) : named;
    });

    app.get('/case-studies', { schema: portfolioSchema }, async (request, reply) =>
      answerRead(request, reply, 'case-studies', async () => {
        const rows = await repository.published();
        const featured: (ReturnType<typeof toCard> | null)[] = Array.from({ length: FEATURED_SLOTS }, () => null);
        for (const row of rows) if (row.featured_slot !== null && row.featured_slot <= FEATURED_SLOTS) featured[row.featured_slot - 1] = toCard(row);
        return { data: { featured, caseStudies: rows.map(toCard) } };
      }, { shared: true }),
    );

    app.get('/case-studies/:slug', { schema: publishedSchema }, async (request, reply) => {
      const { slug } = request.params;
      if (!SLUG.test(slug)) throw notFound();
      return answerRead(
        request,
        reply,
        `case-study ${slug}`,
        async () => {
          const row = await repository.publishedBySlug(slug);
          return row && { data: toCaseStudy(row, (await deriveWithSizes(app.database.db, row.text, app.config.siteUrl)).html) };
        },
        { notFound, shared: true },
      );
    });

    await app.register(async (owner) => {
      const api = owner.withTypeProvider<TypeBoxTypeProvider>();
      api.addHook('preHandler', app.authenticate);

      api.get('/owner/case-studies', { schema: ownerListSchema }, async () => {
        const [rows, featured] = await Promise.all([repository.all(), repository.featuredIds()]);
        return { caseStudies: rows.map(toCard), featured };
      });

      api.get('/owner/case-studies/:id', { schema: ownerReadSchema }, async (request) => {
        const row = await repository.byId(request.params.id);
        if (!row) throw notFound();
        return toCaseStudy(row);
      });

      api.post('/owner/case-studies', { schema: createSchema, schemaErrorFormatter: inputError, bodyLimit: 256 * 1024 }, async (request, reply) => {
        const blank = blankField(request.body);
        if (blank) throw new HttpError(400, `${blank}: must not be blank.`);
        const row = await written(() => valuesFor(app.database.db, request.body).then((values) => repository.create(values)));
        await changed();
        return reply.status(201).send(toCaseStudy(row));
      });

      api.put('/owner/case-studies/:id', { schema: updateSchema, schemaErrorFormatter: inputError, bodyLimit: 256 * 1024 }, async (request) => {
        const blank = blankField(request.body);
        if (blank) throw new HttpError(400, `${blank}: must not be blank.`);
        const current = await repository.byId(request.params.id);
        if (!current) throw notFound();
        const row = await written(() => valuesFor(app.database.db, request.body, current).then((values) => repository.update(current.id, values)));
        if (!row) throw notFound();
        await changed();
        return toCaseStudy(row);
      });

      api.delete('/owner/case-studies/:id', { schema: deleteSchema }, async (request, reply) => {
        if (!(await repository.delete(request.params.id))) throw notFound();
        await changed();
        return reply.status(204).send();
      });

      api.put('/owner/case-studies/featured', { schema: featuredSchema, schemaErrorFormatter: inputError }, async (request) => {
        const { slots } = request.body;
        const chosen = slots.filter((id): id is string => id !== null);
        if (new Set(chosen).size !== chosen.length) throw new HttpError(400, 'Slots: a case study can hold one slot only.');
        const unknown = await repository.setFeatured(slots);
        if (unknown.length > 0) throw new HttpError(400, `Slots: no case study has the id ${unknown[0]}.`);
        await changed();
        return { featured: await repository.featuredIds() };
      });
    });
  },
  { name: 'case-studies', decorators: { fastify: ['database', 'clock', 'config', 'imageReferences', 'contentCache', 'authenticate'] } },
);

async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof SlugTaken) throw new HttpError(409, 'Another case study has this address (slug): change the slug or the title.');
    throw error;
  }
}
