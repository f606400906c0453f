import type { Kysely } from 'kysely';

/**
 * The site's content as its owner edits it: `site_draft`, one row holding the unpublished changes
 * (by part) and the version every save compares and moves, so that two tabs never silently
 * overwrite each other; `site_publications`, every publication's whole content (the newest is
 * what visitors read; none: the defaults the code ships with).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_draft')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    /** JSON: the changed parts, by name; '{}' when there is no draft. */
    .addColumn('parts', 'text', (col) => col.notNull())
    /** JSON: each part's version when it last changed. */
    .addColumn('part_versions', 'text', (col) => col.notNull())
    /** The version of the last change to the whole draft (a discard, a publication): older forms are stale. */
    .addColumn('whole_version', 'integer', (col) => col.notNull())
    /** The number the next publication takes is one more. */
    .addColumn('last_publication', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('site_draft' as never)
    .values({ id: 1, version: 0, parts: '{}', part_versions: '{}', whole_version: 0, last_publication: 0 } as never)
    .execute();
  await db.schema
    .createTable('site_publications')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('published_at', 'text', (col) => col.notNull())
    /** JSON: the whole content as published. */
    .addColumn('content', 'text', (col) => col.notNull())
    /** JSON: what changed from the publication before, by part and field. */
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('restored_from', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_publications').execute();
  await db.schema.dropTable('site_draft').execute();
}
