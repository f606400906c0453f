import type { Kysely } from 'kysely';

/**
 * `image_sizes`: the intrinsic width and height of each stored upload (its largest WebP), so that
 * an image of ours a post's content names without the editor's `#WxH` (written by hand, pasted
 * from another post) still gets its size in the stored HTML. One row per upload, not per post:
 * an image is uploaded before any post names it. Filled when an image is stored; uploads stored
 * before this migration are read from the storage once, at start (image-sizes.ts), before the
 * posts are derived again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_sizes')
    .addColumn('image_key', 'text', (col) => col.primaryKey())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_sizes').execute();
}
