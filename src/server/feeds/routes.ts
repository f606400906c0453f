import type { FastifyInstance, FastifyReply } from 'fastify';
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

  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('Cache-Control', 'public, max-age=300').send(body);

  const cached = async (key: string, render: () => Promise<string>): Promise<string> => {
    const hit = app.pageCache.get(key);
    if (hit) return hit.html;
    const body = await render();
    app.pageCache.set(key, 200, body);
    return body;
  };

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await cached('feed:/sitemap.xml', async () => renderSitemap(siteUrl, PUBLIC_PATHS, await sitemapPosts(app.database.db)));
    return send(reply, 'application/xml; charset=utf-8', body);
  });

  app.get('/rss.xml', async (_request, reply) => {
    const body = await cached('feed:/rss.xml', async () => renderRss(siteUrl, await latestPosts(app.database.db, RSS_ITEMS)));
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });

  const robots = ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
  app.get('/robots.txt', async (_request, reply) => send(reply, 'text/plain; charset=utf-8', robots));
}
