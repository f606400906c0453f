import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * A post's search and share fields, and the images its content names.
 *
 * - `description` (the meta description, Open Graph, Twitter, JSON-LD) and `image_alt` (the post
 *   image's alternative text) on posts and their revisions, '' when not given, so that a restore
 *   brings back the words that went with its image.
 * - Search covers descriptions: SQLite's FTS5 table is made again with a
 *   `description` column (last, so the other columns keep their positions) and filled from the
 *   posts; PostgreSQL's generated vector is made again with the description at weight B.
 * - `post_images`: each image a post's content (or an earlier version of it) names, so that the
 *   sweep of unused uploads spares it. Kept in step by the writes in their own transactions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of ['posts', 'post_revisions']) {
    for (const column of ['description', 'image_alt']) {
      await db.schema.alterTable(table).addColumn(column, 'text', (col) => col.notNull().defaultTo('')).execute();
    }
  }

  await db.schema
    .createTable('post_images')
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('image_key', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_images_pk', ['post_id', 'image_key'])
    .execute();
  await db.schema.createIndex('post_images_key').on('post_images').column('image_key').execute();

  if (sqlite) {
    await sql`DROP TABLE posts_fts`.execute(db);
    await sql`CREATE VIRTUAL TABLE posts_fts USING fts5(title, tags, body, description, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
    // Tags as the writes index them: the names of the JSON list, joined by ', '.
    await sql`
      INSERT INTO posts_fts (rowid, title, tags, body, description)
      SELECT r.id, p.title, coalesce((SELECT group_concat(value, ', ') FROM json_each(p.tags)), ''), p.plain_text, p.description
      FROM post_search_rows r JOIN posts p ON p.id = r.post_id`.execute(db);
  } else {
    await sql`ALTER TABLE posts DROP COLUMN search_vector`.execute(db);
    await sql`
      ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', description), 'B') ||
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
    await sql`CREATE VIRTUAL TABLE posts_fts USING fts5(title, tags, body, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`
      INSERT INTO posts_fts (rowid, title, tags, body)
      SELECT r.id, p.title, coalesce((SELECT group_concat(value, ', ') FROM json_each(p.tags)), ''), p.plain_text
      FROM post_search_rows r JOIN posts p ON p.id = r.post_id`.execute(db);
  } else {
    await sql`ALTER TABLE posts DROP COLUMN search_vector`.execute(db);
    await sql`
      ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', tags), 'B') ||
        setweight(to_tsvector('english', plain_text), 'C')
      ) STORED`.execute(db);
    await sql`CREATE INDEX posts_search_vector ON posts USING gin (search_vector)`.execute(db);
  }
  await db.schema.dropTable('post_images').execute();
  for (const table of ['posts', 'post_revisions']) {
    for (const column of ['image_alt', 'description']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
