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
  createdAt: string;
  updatedAt: string;
}

/** Every post's address and last change: two short columns, fast with 10,000 posts. */
export async function sitemapPosts(db: Kysely<Schema>): Promise<SitemapPost[]> {
  return db.selectFrom('posts').select(['slug', 'updated_at as updatedAt']).execute();
}

/** The latest posts with what a feed reader shows. */
export async function latestPosts(db: Kysely<Schema>, limit: number): Promise<FeedPost[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['slug', 'title', 'content', 'created_at', 'updated_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}
