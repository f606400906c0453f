import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Tags, text derived from each post's content, and the search index.
 *
 * - `posts.tags` keeps a post's tag names in the writer's order (JSON); `post_tags` holds one row
 *   per post and tag slug for the tag pages, with the post's publication time copied in so that
 *   a tag page is one index range however many posts the site has.
 * - The derived columns (plain text, word count, summary, excerpt) are filled at start by the
 *   server (`derived_version` below the renderer's): a migration must not depend on the
 *   markdown code of the day it ran.
 * - Search: SQLite's FTS5 table, kept in step by the writes in their own transactions (its rows
 *   are keyed by `post_search_rows.id`, an alias of the rowid, which VACUUM never renumbers and
 *   AUTOINCREMENT never reuses, so a row left behind by a deletion outside the code matches nothing);
 *   PostgreSQL's generated, weighted tsvector with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .alterTable('posts')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  for (const column of ['plain_text', 'summary', 'excerpt']) {
    await db.schema.alterTable('posts').addColumn(column, 'text', (col) => col.notNull().defaultTo('')).execute();
  }
  await db.schema.alterTable('posts').addColumn('word_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('posts').addColumn('derived_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'slug'])
    .execute();
  await db.schema.createIndex('post_tags_page').on('post_tags').columns(['slug', 'published_at', 'created_at', 'post_id']).execute();

  if (sqlite) {
    await sql`CREATE TABLE post_search_rows (id INTEGER PRIMARY KEY AUTOINCREMENT, post_id TEXT NOT NULL UNIQUE REFERENCES posts(id) ON DELETE CASCADE)`.execute(db);
    await sql`CREATE VIRTUAL TABLE posts_fts USING fts5(title, tags, body, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  } else {
    await sql`
      ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', tags), 'B') ||
        setweight(to_tsvector('english', plain_text), 'C')
      ) STORED`.execute(db);
    await sql`CREATE INDEX posts_search_vector ON posts USING gin (search_vector)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    await sql`DROP TABLE posts_fts`.execute(db);
    await sql`DROP TABLE post_search_rows`.execute(db);
  } else {
    await sql`ALTER TABLE posts DROP COLUMN search_vector`.execute(db);
  }
  await db.schema.dropTable('post_tags').execute();
  for (const column of ['derived_version', 'word_count', 'excerpt', 'summary', 'plain_text', 'tags']) {
    await db.schema.alterTable('posts').dropColumn(column).execute();
  }
}
