// Fills a stopped server's database with many posts in one transaction, straight through SQL:
// 100,000 posts through the API would take hours. The rows carry their content and tags only;
// the server derives their text and indexes them for search when it next starts, through the
// same code as any post written by an older version (src/server/posts/derived-refresh.ts).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const COLUMNS = ['id', 'title', 'content', 'slug', 'image_key', 'published_at', 'created_at', 'updated_at', 'tags', 'derived_version'];

/** Inserts `rows` ({ id, title, content, slug, publishedAt, createdAt, tags }) into SQLite in DATA_DIR, or PostgreSQL when `database` is given. */
export async function insertPosts({ dataDir, database }, rows) {
  const values = (row) => [row.id, row.title, row.content, row.slug, null, row.publishedAt, row.createdAt, row.createdAt, JSON.stringify(row.tags ?? []), 0];
  if (!database) {
    const db = new SQLite(path.join(dataDir, 'site.db'));
    const insert = db.prepare(`INSERT INTO posts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    db.transaction(() => rows.forEach((row) => insert.run(...values(row))))();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url, options: `-c search_path=${database.schema}` });
  await client.connect();
  try {
    await client.query('BEGIN');
    const batch = 500;
    for (let start = 0; start < rows.length; start += batch) {
      const slice = rows.slice(start, start + batch);
      const placeholders = slice.map((_, i) => `(${COLUMNS.map((__, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`).join(', ');
      await client.query(`INSERT INTO posts (${COLUMNS.join(', ')}) VALUES ${placeholders}`, slice.flatMap(values));
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** A deterministic pseudo-random source, so that every run measures the same posts. */
export function seededRandom(seed = 42) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
