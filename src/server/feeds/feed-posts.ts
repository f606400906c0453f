import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export interface SitemapPost {
  slug: string;
  updatedAt: string;
}

export interface SitemapTag {
  slug: string;
  /** The newest publication among its posts: when its page last changed. */
  updatedAt: string;
}

export interface FeedPost {
  slug: string;
  title: string;
  /** The 40-word summary, derived when the post was written. */
  summary: string;
  /** The date readers see: when the post was published. */
  publishedAt: string;
  updatedAt: string;
}

/** Posts visitors may see at `now`: nothing of a draft or a post not yet due reaches a feed. */
function visible(db: Kysely<Schema>, now: Date) {
  return db.selectFrom('posts').where('published_at', '<=', now.toISOString());
}

/** Every visible post's address and last change: two short columns, fast with 100,000 posts. */
export async function sitemapPosts(db: Kysely<Schema>, now: Date): Promise<SitemapPost[]> {
  return visible(db, now).select(['slug', 'updated_at as updatedAt']).execute();
}

/** Every tag that a visible post carries: the tag pages the sitemap lists. */
export async function sitemapTags(db: Kysely<Schema>, now: Date): Promise<SitemapTag[]> {
  const rows = await db
    .selectFrom('post_tags')
    .select(['slug', (eb) => eb.fn.max('published_at').as('updatedAt')])
    .where('published_at', '<=', now.toISOString())
    .groupBy('slug')
    .orderBy('slug')
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt! }));
}

/** The latest published posts with what a feed reader shows; those of one tag when a slug is given. */
export async function latestPosts(db: Kysely<Schema>, limit: number, now: Date, tag?: string): Promise<FeedPost[]> {
  const rows = await visible(db, now)
    .select(['slug', 'title', 'summary', 'published_at', 'updated_at'])
    .$if(tag !== undefined, (query) => query.where('id', 'in', (eb) => eb.selectFrom('post_tags').select('post_id').where('slug', '=', tag!)))
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    publishedAt: row.published_at!,
    updatedAt: row.updated_at,
  }));
}
