import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncodedBody, sendEncoded } from '../render/encoded-body';
import { latestPosts, sitemapPosts } from './feed-posts';
import { DISALLOWED_PATHS, PUBLIC_PATHS } from './public-paths';
import { renderRss, RSS_ITEMS } from './rss';
import { renderSitemap } from './sitemap';

/**
 * /sitemap.xml, /robots.txt and /rss.xml, read straight from the database. The sitemap and the
 * feed live in the page cache, which every post change clears.
 */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const { siteUrl } = app.config;

  const send = (request: FastifyRequest, reply: FastifyReply, type: string, body: EncodedBody) =>
    sendEncoded(request, reply.type(type).header('Cache-Control', 'public, max-age=300'), body);

  const cached = async (key: string, render: () => Promise<string>): Promise<EncodedBody> => {
    const hit = app.pageCache.get(key);
    if (hit) return hit.body;
    const generation = app.pageCache.generation;
    const body = new EncodedBody(await render());
    app.pageCache.set(key, 200, body, generation);
    return body;
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const body = await cached('feed:/sitemap.xml', async () => renderSitemap(siteUrl, PUBLIC_PATHS, await sitemapPosts(app.database.db, app.clock.now())));
    return send(request, reply, 'application/xml; charset=utf-8', body);
  });

  app.get('/rss.xml', async (request, reply) => {
    const body = await cached('feed:/rss.xml', async () => renderRss(siteUrl, await latestPosts(app.database.db, RSS_ITEMS, app.clock.now())));
    return send(request, reply, 'application/rss+xml; charset=utf-8', body);
  });

  const robots = new EncodedBody(['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'));
  app.get('/robots.txt', async (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robots));
}
