import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlug } from '../../shared/text/slug';
import { HttpError } from '../http/errors';
import { TagQueries } from '../posts/tag-queries';
import { EncodedBody, sendEncoded } from '../http/encoded-body';
import { latestPosts, sitemapPosts, sitemapTags } from './feed-posts';
import { DISALLOWED_PATHS, PUBLIC_PATHS } from './public-paths';
import { blogChannel, renderRss, RSS_ITEMS } from './rss';
import { newestOf, renderSitemapIndex, renderUrlSet, sitemapEntries, SITEMAP_URL_LIMIT } from './sitemap';

export interface FeedOptions {
  /** Addresses per sitemap file; tests lower it to see the index without 50,000 posts. */
  sitemapUrlLimit?: number;
}

/**
 * /sitemap.xml (an index of /sitemap-N.xml beyond 50,000 addresses), /robots.txt, /rss.xml and
 * each tag's /blog/tag/{slug}/rss.xml, read straight from the database. Sitemaps and feeds live
 * in the page cache, which every post change clears.
 */
export async function feedRoutes(app: FastifyInstance, { sitemapUrlLimit = SITEMAP_URL_LIMIT }: FeedOptions): Promise<void> {
  const { siteUrl } = app.config;
  const tags = new TagQueries(app.database);

  const send = (request: FastifyRequest, reply: FastifyReply, type: string, body: EncodedBody) =>
    sendEncoded(request, reply.type(type).header('Cache-Control', 'public, max-age=300'), body);

  /** Undefined from `render` answers 404 (and is not kept). */
  const cached = async (key: string, render: () => Promise<string | undefined>): Promise<EncodedBody> => {
    const hit = app.contentCache.pages.get(key);
    if (hit) return hit.body;
    const generation = app.contentCache.pages.generation;
    const text = await render();
    if (text === undefined) throw new HttpError(404, 'Not found.');
    const body = new EncodedBody(text);
    app.contentCache.pages.set(key, 200, body, generation);
    return body;
  };

  /** The sitemap's addresses cut into files of at most the limit. */
  const sitemapFiles = async () => {
    const now = app.clock.now();
    const [posts, tags] = await Promise.all([sitemapPosts(app.database.db, now), sitemapTags(app.database.db, now)]);
    const entries = sitemapEntries(siteUrl, PUBLIC_PATHS, posts, tags);
    const files = [];
    for (let start = 0; start < entries.length; start += sitemapUrlLimit) files.push(entries.slice(start, start + sitemapUrlLimit));
    return files;
  };

  const xml = 'application/xml; charset=utf-8';
  app.get('/sitemap.xml', async (request, reply) => {
    const body = await cached('feed:/sitemap.xml', async () => {
      const files = await sitemapFiles();
      if (files.length <= 1) return renderUrlSet(files[0] ?? []);
      return renderSitemapIndex(files.map((entries, index) => ({ url: `${siteUrl}/sitemap-${index + 1}.xml`, lastmod: newestOf(entries) })));
    });
    return send(request, reply, xml, body);
  });

  app.get<{ Params: { number: string } }>('/sitemap-:number.xml', async (request, reply) => {
    const { number } = request.params;
    if (!/^[1-9][0-9]{0,5}$/.test(number)) throw new HttpError(404, 'Not found.');
    const body = await cached(`feed:/sitemap-${number}.xml`, async () => {
      const files = await sitemapFiles();
      // A single file is /sitemap.xml itself.
      const file = files.length > 1 ? files[Number(number) - 1] : undefined;
      return file && renderUrlSet(file);
    });
    return send(request, reply, xml, body);
  });

  const rss = 'application/rss+xml; charset=utf-8';
  app.get('/rss.xml', async (request, reply) => {
    const body = await cached('feed:/rss.xml', async () => renderRss(siteUrl, await latestPosts(app.database.db, RSS_ITEMS, app.clock.now()), app.clock.now(), blogChannel(await app.site.name())));
    return send(request, reply, rss, body);
  });

  app.get<{ Params: { slug: string } }>('/blog/tag/:slug/rss.xml', async (request, reply) => {
    const { slug } = request.params;
    if (!isSlug(slug)) throw new HttpError(404, 'Tag not found.');
    const body = await cached(`feed:/blog/tag/${slug}/rss.xml`, async () => {
      const now = app.clock.now();
      const tag = await tags.find(slug, now);
      if (!tag) return undefined;
      const channel = { title: `${await app.site.name()} blog: ${tag.name}`, page: `/blog/tag/${slug}`, self: `/blog/tag/${slug}/rss.xml` };
      return renderRss(siteUrl, await latestPosts(app.database.db, RSS_ITEMS, now, slug), now, channel);
    });
    return send(request, reply, rss, body);
  });

  const robots = new EncodedBody(['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'));
  app.get('/robots.txt', async (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robots));
}
