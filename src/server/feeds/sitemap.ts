import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { paths } from '../../shared/paths';
import type { SitemapPost, SitemapTag } from './feed-posts';

/** Addresses one sitemap file may hold (sitemaps.org); past that, the sitemap becomes an index. */
export const SITEMAP_URL_LIMIT = 50_000;

/**
 * The library throws on a date it cannot read from inside its stream, where nothing can catch
 * it (the process would die and the request hang): such a date is left out instead.
 */
const date = (iso: string | undefined) => (iso !== undefined && Number.isFinite(Date.parse(iso)) ? iso : undefined);

/** Every address of the sitemap, in order: the public pages, the tag pages, every post and published case study with its last change. */
export function sitemapEntries(
  siteUrl: string,
  pages: readonly string[],
  posts: readonly SitemapPost[],
  tags: readonly SitemapTag[],
  caseStudies: readonly SitemapPost[] = [],
): SitemapItemLoose[] {
  const newest = posts.reduce<string | undefined>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), undefined);
  return [
    ...pages.map((path) => ({ url: siteUrl + path, lastmod: path === paths.blog ? date(newest) : undefined })),
    ...tags.map((tag) => ({ url: siteUrl + paths.blogTag(tag.slug), lastmod: date(tag.updatedAt) })),
    ...posts.map((post) => ({ url: siteUrl + paths.blogPost(post.slug), lastmod: date(post.updatedAt) })),
    ...caseStudies.map((study) => ({ url: siteUrl + paths.caseStudy(study.slug), lastmod: date(study.updatedAt) })),
  ];
}

/** One sitemap file. */
export async function renderUrlSet(entries: readonly SitemapItemLoose[]): Promise<string> {
  // Addresses are whole (the site may live below a path), so no hostname; only the sitemap namespace.
  const stream = new SitemapStream({ xmlns: { news: false, xhtml: false, image: false, video: false } });
  return (await streamToPromise(Readable.from(entries).pipe(stream))).toString('utf8');
}

/** The index naming each file of a sitemap too large for one, with the newest change in it. */
export async function renderSitemapIndex(files: readonly { url: string; lastmod?: string | undefined }[]): Promise<string> {
  return (await streamToPromise(Readable.from(files).pipe(new SitemapIndexStream()))).toString('utf8');
}

/** The newest lastmod of some entries, for the index. */
export function newestOf(entries: readonly SitemapItemLoose[]): string | undefined {
  return entries.reduce<string | undefined>((latest, entry) => (entry.lastmod && (!latest || entry.lastmod > latest) ? entry.lastmod : latest), undefined);
}
