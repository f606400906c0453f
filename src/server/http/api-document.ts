import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type, type TSchema } from 'typebox';
import { TOTAL_COUNT_HEADER } from '../../shared/api-types';
import { errorResponses } from '../../shared/contract/common';
import { EncodedBody, sendEncoded } from './encoded-body';

const API_DOCUMENT_PATH = '/api/openapi.json';

/** The API's 404 for every other path under /api: no endpoint of its own. */
const isCatchAll = (url: string) => url === '/api' || url === '/api/' || url.endsWith('*');
const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/**
 * Fastify's router takes `/posts/:slug` (a read) and `/posts/:id` (update, delete) as one path
 * whose parameter each method names; OpenAPI allows one name for one path, so the document
 * gives it one, and says per operation what it holds.
 */
const ONE_TEMPLATE: Record<string, { url: string; params: TSchema }> = {
  '/api/posts/:slug': { url: '/api/posts/:post', params: Type.Object({ post: Type.String({ description: "The post's slug." }) }) },
  '/api/posts/:id': { url: '/api/posts/:post', params: Type.Object({ post: Type.String({ description: "The post's id." }) }) },
};

const SUCCESS: Record<string, string> = { 200: 'OK.', 201: 'Created.' };
const retryAfter = { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } };
const totalCount = { [TOTAL_COUNT_HEADER]: { type: 'integer', description: 'With `page` or `limit`: the posts in all, over every page.' } };

/**
 * The answers as the document shows them: success without a description of its own says so
 * plainly, and the headers the site sends with them are named. Copies: the route's own schemas,
 * which serialise its answers, stay as they are.
 */
function describeAnswers(response: unknown, path: string): unknown {
  if (typeof response !== 'object' || response === null) return response;
  return Object.fromEntries(
    Object.entries(response as Record<string, Record<string, unknown>>).map(([status, answer]) => {
      const headers = status === '429' || status === '503' ? retryAfter : status === '200' && path === '/api/posts' ? totalCount : undefined;
      const description = answer.description === undefined && SUCCESS[status] ? { 'x-response-description': SUCCESS[status] } : {};
      return [status, { ...answer, ...description, ...(headers ? { headers } : {}) }];
    }),
  );
}

/** Only the API is documented: pages, feeds, uploads and the health check stay out. */
const onlyTheApi: SwaggerTransform = ({ schema, url }) => {
  const path = withoutTrailingSlash(url);
  if (!path.startsWith('/api/') || isCatchAll(url)) return { schema: { ...schema, hide: true }, url };
  const documented = { ...schema, response: describeAnswers(schema?.response, path) };
  const renamed = ONE_TEMPLATE[path];
  return renamed ? { schema: { ...documented, params: renamed.params }, url: renamed.url } : { schema: documented, url: path };
};

/**
 * For a route whose handler reads its body itself (a multipart form, a form or JSON): the body
 * described in the document only, so that no schema validates what the handler checks in words
 * of its own. Pass as the route's `config: { swaggerTransform }`, which stands in for the
 * document's own transform: this one ends with it.
 */
export function documentBody(content: Record<string, TSchema>): SwaggerTransform {
  const body = { content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
  return (route) => onlyTheApi({ ...route, schema: { ...route.schema, body } });
}

/**
 * Collects every route's schemas into an OpenAPI 3.1 document, served at `/api/openapi.json`.
 * Register before the routes: it learns them as they are added.
 */
async function apiDocument(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Larkspur Web Studio API',
        version: '1.0.0',
        description: 'The API of the agency site: posts, tags, search and the site content for everyone; writing, editing the site, the inbox, insights and the account for the owner. Every error answers `{ message }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: onlyTheApi,
  });

  let document: EncodedBody | undefined;
  app.get(
    API_DOCUMENT_PATH,
    {
      schema: {
        tags: ['document'],
        summary: 'This document',
        response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true, description: 'OpenAPI 3.1.' }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Routes do not change once the server listens: made (and compressed) once.
      document ??= new EncodedBody(JSON.stringify(app.swagger()));
      reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300');
      return sendEncoded(request, reply, document);
    },
  );
}

export const apiDocumentPlugin = fp(apiDocument, { name: 'api-document' });
