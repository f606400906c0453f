import { sql, type Transaction } from 'kysely';
import { tagSlug } from '../../shared/text/tags';
import type { Engine } from '../db/database';
import type { PostRow, Schema } from '../db/schema';

/** A post's tag names as stored (JSON in `posts.tags`). */
export function tagNamesOf(row: Pick<PostRow, 'tags'>): string[] {
  const names: unknown = JSON.parse(row.tags);
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** Our images a post's content names (`/uploads/{key}.webp` and its sized versions), each once. */
export function imageKeysIn(content: string): string[] {
  return [...new Set([...content.matchAll(/\/uploads\/([0-9a-f]{32})(?:-400|-800)?\.webp/g)].map((match) => match[1]!))];
}

/**
 * What follows from a post's row and must change with it, in the same transaction: its rows in
 * `post_tags` (which carry its publication time for the tag pages) and, on SQLite, its row in
 * the FTS5 index (PostgreSQL derives its search vector from the row itself).
 */
export class PostIndexes {
  constructor(private readonly engine: Engine) {}

  async written(trx: Transaction<Schema>, post: PostRow): Promise<void> {
    // Added, never taken away while the post lives: an earlier version kept in its history may
    // name an image, and a restore must find it still there.
    const named = imageKeysIn(post.content);
    if (named.length > 0) {
      await trx
        .insertInto('post_images')
        .values(named.map((image_key) => ({ post_id: post.id, image_key })))
        .onConflict((conflict) => conflict.columns(['post_id', 'image_key']).doNothing())
        .execute();
    }
    await trx.deleteFrom('post_tags').where('post_id', '=', post.id).execute();
    const names = tagNamesOf(post);
    // One row per slug, whatever the stored list holds (the API never stores two names of one
    // slug, but a row written another way might), and none for a name without one.
    const bySlug = new Map<string, string>();
    for (const name of names) {
      const slug = tagSlug(name);
      if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
    }
    if (bySlug.size > 0) {
      await trx
        .insertInto('post_tags')
        .values([...bySlug].map(([slug, name], position) => ({ post_id: post.id, slug, name, position, published_at: post.published_at, created_at: post.created_at })))
        .execute();
    }
    if (this.engine !== 'sqlite') return;
    const existing = await trx.selectFrom('post_search_rows').select('id').where('post_id', '=', post.id).executeTakeFirst();
    const rowid = existing?.id ?? (await trx.insertInto('post_search_rows').values({ post_id: post.id }).returning('id').executeTakeFirstOrThrow()).id;
    if (existing) await sql`DELETE FROM posts_fts WHERE rowid = ${rowid}`.execute(trx);
    await sql`INSERT INTO posts_fts (rowid, title, tags, body, description) VALUES (${rowid}, ${post.title}, ${names.join(', ')}, ${post.plain_text}, ${post.description})`.execute(trx);
  }

  /** Before the post's row goes (its tags and search row go with it by cascade; FTS5 knows no keys). */
  async deleting(trx: Transaction<Schema>, postId: string): Promise<void> {
    if (this.engine !== 'sqlite') return;
    const existing = await trx.selectFrom('post_search_rows').select('id').where('post_id', '=', postId).executeTakeFirst();
    if (existing) await sql`DELETE FROM posts_fts WHERE rowid = ${existing.id}`.execute(trx);
  }
}
