import type { Kysely } from 'kysely';

/**
 * A post's content rendered once, when it is written: `html` (sanitised, as the post page shows
 * it) and `html_origin` (the site's origin it was rendered for, which decides which links open
 * in a new tab). Existing posts are filled at start, right after the migrations, by the derived
 * text refresh (derived-refresh.ts): their derived version is older than the code's, and the
 * renderer is the application's, which a migration must not import (it may change; this may not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['html', 'html_origin']) {
    await db.schema.alterTable('posts').addColumn(column, 'text', (col) => col.notNull().defaultTo('')).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['html_origin', 'html']) await db.schema.alterTable('posts').dropColumn(column).execute();
}
