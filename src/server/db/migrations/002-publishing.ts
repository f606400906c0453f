import { sql, type Kysely } from 'kysely';

/**
 * Publication time and revisions. A post's status follows from `published_at` alone: null is a
 * draft, a future time is scheduled, a past one is published; a stored status could not change
 * by itself when a scheduled time passes. Posts written before this are published since their
 * creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('published_at', 'text').execute();
  await sql`UPDATE posts SET published_at = created_at`.execute(db);
  await db.schema.createIndex('posts_published_at').on('posts').columns(['published_at', 'created_at', 'id']).execute();

  await db.schema
    .createTable('post_revisions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text')
    .addColumn('published_at', 'text')
    /** When this version was saved (the post's updated_at at the time). */
    .addColumn('saved_at', 'text', (col) => col.notNull())
    /** When it was replaced by a newer version; orders the history. */
    .addColumn('replaced_at', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_revisions_post').on('post_revisions').columns(['post_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_revisions').execute();
  await db.schema.dropIndex('posts_published_at').execute();
  await db.schema.alterTable('posts').dropColumn('published_at').execute();
}
