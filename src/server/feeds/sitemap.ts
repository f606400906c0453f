import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { SitemapPost } from './feed-posts';

/**
 * The library throws on a date it cannot read from inside its stream, where nothing can catch
 * it (the process would die and the request hang): such a date is left out instead.
 */
const date = (iso: string | undefined) => (iso !== undefined && Number.isFinite(Date.parse(iso)) ? iso : undefined);

/**
 * sitemap.xml: the public pages and every post with its last change. One file holds up to
 * 50,000 addresses (sitemaps.org); past that, split it behind a sitemap index.
 */
export async function renderSitemap(siteUrl: string, paths: readonly string[], posts: readonly SitemapPost[]): Promise<string> {
  const newest = posts.reduce<string | undefined>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), undefined);
  const entries: SitemapItemLoose[] = [
    ...paths.map((path) => ({ url: siteUrl + path, lastmod: path === '/blog' ? date(newest) : undefined })),
    ...posts.map((post) => ({ url: `${siteUrl}/blog/${encodeURIComponent(post.slug)}`, lastmod: date(post.updatedAt) })),
  ];
  // Addresses are whole (the site may live below a path), so no hostname; only the sitemap namespace.
  const stream = new SitemapStream({ xmlns: { news: false, xhtml: false, image: false, video: false } });
  return (await streamToPromise(Readable.from(entries).pipe(stream))).toString('utf8');
}
