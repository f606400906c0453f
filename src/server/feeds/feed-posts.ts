import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export interface SitemapPost {
  slug: string;
  updatedAt: string;
}

export interface FeedPost {
  slug: string;
  title: string;
  content: string;
  /** The date readers see: when the post was published. */
  publishedAt: string;
  updatedAt: string;
}

/** Posts visitors may see at `now`: nothing of a draft or a post not yet due reaches a feed. */
function visible(db: Kysely<Schema>, now: Date) {
  return db.selectFrom('posts').where('published_at', '<=', now.toISOString());
}

/** Every visible post's address and last change: two short columns, fast with 10,000 posts. */
export async function sitemapPosts(db: Kysely<Schema>, now: Date): Promise<SitemapPost[]> {
  return visible(db, now).select(['slug', 'updated_at as updatedAt']).execute();
}

/** The latest published posts with what a feed reader shows. */
export async function latestPosts(db: Kysely<Schema>, limit: number, now: Date): Promise<FeedPost[]> {
  const rows = await visible(db, now)
    .select(['slug', 'title', 'content', 'published_at', 'updated_at'])
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    content: row.content,
    publishedAt: row.published_at!,
    updatedAt: row.updated_at,
  }));
}
