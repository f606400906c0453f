import type { SitemapPost } from './feed-posts';
import { escapeXml } from './xml';

/**
 * sitemap.xml: the public pages and every post with its last change. One file holds up to
 * 50,000 addresses (sitemaps.org); past that, split it behind a sitemap index.
 */
export function renderSitemap(siteUrl: string, paths: readonly string[], posts: readonly SitemapPost[]): string {
  const newest = posts.reduce<string | undefined>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), undefined);
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(siteUrl + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => entry(path, path === '/blog' ? newest : undefined)),
    ...posts.map((post) => entry(`/blog/${encodeURIComponent(post.slug)}`, post.updatedAt)),
    '</urlset>',
  ];
  return lines.join('\n') + '\n';
}
