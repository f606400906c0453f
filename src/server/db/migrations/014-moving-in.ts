import type { Kysely } from 'kysely';

/**
 * Moving a site in: the owner's redirects (and those an import or a slug change adds), the paths
 * visitors got a 404 on, counted per day and bounded, and the posts an import brought in, so that
 * importing the same export again adds nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** A path (with its query only for addresses such as `/?p=123`), without a trailing slash. */
    .addColumn('from_path', 'text', (col) => col.notNull().unique())
    /** A path of this site or an absolute https:// address. */
    .addColumn('to_location', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    /** 'owner', 'import' or 'slug': who made it. */
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('redirects_to_location').on('redirects').column('to_location').execute();

  await db.schema
    .createTable('not_found_hits')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .addColumn('referrer_host', 'text')
    .addPrimaryKeyConstraint('not_found_hits_pk', ['day', 'path'])
    .execute();

  await db.schema
    .createTable('imported_posts')
    /** The export's own name for the post: 'wordpress:{site}:{id}' or 'ghost:{site}:{id}'. */
    .addColumn('source_key', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'text', (col) => col.notNull())
    .addColumn('imported_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imported_posts').execute();
  await db.schema.dropTable('not_found_hits').execute();
  await db.schema.dropTable('redirects').execute();
}
