import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { PostRevisionRow, PostRow, Schema } from '../db/schema';

/** How many earlier versions a post keeps. */
export const MAX_REVISIONS = 50;

/** The history of posts: each update files the version it replaces here. */
export class RevisionRepository {
  constructor(private readonly database: Database) {}

  /** Newest first. */
  async list(postId: string): Promise<PostRevisionRow[]> {
    return this.database.db.selectFrom('post_revisions').selectAll().where('post_id', '=', postId).orderBy('seq', 'desc').execute();
  }

  async find(postId: string, revisionId: string, trx: Transaction<Schema> | Kysely<Schema> = this.database.db): Promise<PostRevisionRow | undefined> {
    return trx
      .selectFrom('post_revisions')
      .selectAll()
      .where('post_id', '=', postId)
      .where('id', '=', revisionId)
      .executeTakeFirst();
  }

  /**
   * Files `previous` as a revision inside the update's transaction, then drops the oldest beyond
   * the limit. Answers the image keys that only the dropped revisions named, to be removed after
   * the commit.
   */
  async file(trx: Transaction<Schema>, previous: PostRow, replacedAt: string): Promise<string[]> {
    const { last } = await trx
      .selectFrom('post_revisions')
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('post_id', '=', previous.id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('post_revisions')
      .values({
        id: randomUUID(),
        post_id: previous.id,
        title: previous.title,
        content: previous.content,
        image_key: previous.image_key,
        description: previous.description,
        image_alt: previous.image_alt,
        published_at: previous.published_at,
        saved_at: previous.updated_at,
        replaced_at: replacedAt,
        seq: Number(last ?? 0) + 1,
      })
      .execute();
    const dropped = await trx
      .selectFrom('post_revisions')
      .select(['id', 'image_key'])
      .where('post_id', '=', previous.id)
      .orderBy('seq', 'desc')
      .offset(MAX_REVISIONS)
      .limit(1_000_000)
      .execute();
    if (dropped.length === 0) return [];
    await trx
      .deleteFrom('post_revisions')
      .where(
        'id',
        'in',
        dropped.map((row) => row.id),
      )
      .execute();
    const candidates = [...new Set(dropped.map((row) => row.image_key).filter((key): key is string => key !== null))];
    return this.unreferenced(trx, previous.id, candidates);
  }

  /** Keys no longer named by the post or any of its remaining revisions. */
  private async unreferenced(trx: Transaction<Schema>, postId: string, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const stillUsed = await trx
      .selectFrom('post_revisions')
      .select('image_key')
      .where('post_id', '=', postId)
      .where('image_key', 'in', keys)
      .union(trx.selectFrom('posts').select('image_key').where('id', '=', postId).where('image_key', 'in', keys))
      .execute();
    const used = new Set(stillUsed.map((row) => row.image_key));
    return keys.filter((key) => !used.has(key));
  }

  /** Whether any earlier version of the post was published (or scheduled) at some time. */
  async everPublished(trx: Transaction<Schema>, postId: string): Promise<boolean> {
    const row = await trx.selectFrom('post_revisions').select('id').where('post_id', '=', postId).where('published_at', 'is not', null).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Every image key of a post's revisions (to remove with the post). */
  async imageKeysOf(trx: Transaction<Schema>, postId: string): Promise<string[]> {
    const rows = await trx.selectFrom('post_revisions').select('image_key').where('post_id', '=', postId).where('image_key', 'is not', null).execute();
    return [...new Set(rows.map((row) => row.image_key!))];
  }
}
