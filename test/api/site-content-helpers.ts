import type { FastifyInstance } from 'fastify';
import type { Publication, SiteEditorState, SiteProblem } from '../../src/shared/contract/site/api';
import { bearer, usePostsTestApp } from '../support/posts-api';

/** The site content API as the editor drives it, as one owner. */
export function siteApi(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  return {
    state: async () => {
      const response = await app.inject({ method: 'GET', url: '/api/site', headers });
      expect(response.statusCode).toBe(200);
      return response.json<SiteEditorState>();
    },
    save: (part: string, content: unknown, version: number) => app.inject({ method: 'PUT', url: `/api/site/draft/${part}`, headers, payload: { version, content } }),
    reset: (part: string, version: number) => app.inject({ method: 'POST', url: `/api/site/draft/${part}/reset`, headers, payload: { version } }),
    discard: () => app.inject({ method: 'DELETE', url: '/api/site/draft', headers }),
    publish: (version: number) => app.inject({ method: 'POST', url: '/api/site/publish', headers, payload: { version } }),
    publications: async () => {
      const response = await app.inject({ method: 'GET', url: '/api/site/publications', headers });
      expect(response.statusCode).toBe(200);
      return response.json<Publication[]>();
    },
    restore: (id: number | string) => app.inject({ method: 'POST', url: `/api/site/publications/${id}/restore`, headers }),
    live: async () => {
      const response = await app.inject({ method: 'GET', url: '/api/site/content' });
      expect(response.statusCode).toBe(200);
      return response.json<{ content: SiteEditorState['published']; publishedAt: string | null }>();
    },
  };
}

export type SaveAnswer = { draftVersion: number; problems: SiteProblem[] };

/** Removes every draft and publication, as on a fresh site. */
async function freshSite(app: FastifyInstance): Promise<void> {
  await app.database.db.deleteFrom('site_publications').execute();
  await app.database.db.updateTable('site_draft').set({ version: 0, parts: '{}', part_versions: '{}', whole_version: 0, last_publication: 0 }).execute();
  app.contentCache.drop();
}

/**
 * A posts test app for a suite on one engine, its site content fresh before each test: the app,
 * the owner's token, and the site content API as the editor drives it.
 */
export function useSiteContentApp(env: Parameters<typeof usePostsTestApp>[0]) {
  const fixture = usePostsTestApp(env);
  beforeEach(() => freshSite(fixture.app));
  return {
    get app() {
      return fixture.app;
    },
    get token() {
      return fixture.token;
    },
    get site() {
      return siteApi(fixture.app, fixture.token);
    },
  };
}
