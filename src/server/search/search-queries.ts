import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';
import { POST_COLUMNS, type PostListRow } from '../posts/post-shape';
import { hasPhrase, hasPositiveTerm, parseSearch, toFts5, toFts5InColumn, type SearchGroups } from './search-syntax';
import { markSnippet, MATCH_END, MATCH_START } from './snippet';

export interface Found {
  post: PostListRow;
  /** Escaped text with `<mark>` around the matches. */
  snippet: string;
}

export interface FoundPage {
  found: Found[];
  total: number;
}

/**
 * On SQLite: matches scored for relevance, the newest this many (a multiple of the page size),
 * and matches found at all. A word every post contains (of little weight anyway) then costs no
 * more than a rare one; a search finding more asks for more words, as search boxes do
 * (Algolia's default also stops at 1,000).
 */
const RANKED_WINDOW = 200;
const MAX_RESULTS = 1000;

/** Snippet length in words (FTS5 counts tokens, ts_headline words). */
const SNIPPET_WORDS = 24;

/**
 * Weights of title, tags, text and description (the FTS5 table's column order; PostgreSQL's B
 * holds tags and description). Large enough apart that a match in the title outranks any
 * number of matches in the text of another post, for the same words (SQLite's bm25 and
 * PostgreSQL's ts_rank alike).
 */
const SQLITE_WEIGHTS = sql.raw('1000.0, 30.0, 1.0, 30.0');
const POSTGRES_WEIGHTS = sql.raw(`'{0.001, 0.001, 0.03, 1.0}'`);

/**
 * Full-text search of published posts: titles, tags, descriptions and the text of the bodies, English stems,
 * ranked by relevance. SQLite asks its FTS5 index, PostgreSQL its weighted tsvector.
 */
export class SearchQueries {
  constructor(private readonly database: Database) {}

  async search(query: string, now: Date, page: { offset: number; limit: number }): Promise<FoundPage> {
    const groups = parseSearch(query);
    if (!hasPositiveTerm(groups)) return { found: [], total: 0 };
    return this.database.engine === 'sqlite' ? this.sqlite(groups, now.toISOString(), page) : this.postgres(query, now.toISOString(), page);
  }

  private get db() {
    return this.database.db;
  }

  /**
   * FTS5 answers which rows match, newest first, almost for free; scoring (bm25, dear for phrases)
   * and anything that reads the posts table cost per matching row. So: posts visitors may not
   * see are excluded by their (few) row numbers, matches are counted up to MAX_RESULTS, the
   * newest RANKED_WINDOW are scored and ranked, older ones follow newest first, and snippets are
   * made for the page's rows only.
   */
  private async sqlite(groups: SearchGroups, now: string, page: { offset: number; limit: number }): Promise<FoundPage> {
    const match = toFts5(groups)!;
    const hidden = sql`SELECT r.id FROM posts p JOIN post_search_rows r ON r.post_id = p.id WHERE p.published_at IS NULL OR p.published_at > ${now}`;
    const matching = sql`FROM posts_fts WHERE posts_fts MATCH ${match} AND rowid NOT IN (${hidden}) ORDER BY rowid DESC`;
    const { rows: counted } = await sql<{ total: number }>`SELECT count(*) AS total FROM (SELECT rowid ${matching} LIMIT ${MAX_RESULTS})`.execute(this.db);
    const total = Number(counted[0]?.total ?? 0);
    if (page.offset >= total) return { found: [], total };
    const { rows: ranked } =
      page.offset >= RANKED_WINDOW
        ? await sql<{ rowid: number }>`SELECT rowid ${matching} LIMIT ${Math.min(page.limit, total - page.offset)} OFFSET ${page.offset}`.execute(this.db)
        : hasPhrase(groups)
          ? await this.rankByColumn(groups, sql`SELECT rowid ${matching} LIMIT ${RANKED_WINDOW}`, page)
          : // bm25 is computed as rows are produced, so for the window's rows only.
            await sql<{ rowid: number }>`
              SELECT rowid FROM (SELECT rowid, bm25(posts_fts, ${SQLITE_WEIGHTS}) AS score ${matching} LIMIT ${RANKED_WINDOW})
              ORDER BY score, rowid DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    if (ranked.length === 0) return { found: [], total };
    const rowids = ranked.map((row) => row.rowid);
    const [{ rows: snippets }, ids] = await Promise.all([
      sql<{ rowid: number; snippet: string }>`
        SELECT rowid, snippet(posts_fts, -1, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_WORDS}) AS snippet
        FROM posts_fts WHERE posts_fts MATCH ${match} AND rowid IN (${sql.join(rowids)})`.execute(this.db),
      this.db.selectFrom('post_search_rows').select(['id', 'post_id']).where('id', 'in', rowids).execute(),
    ]);
    const postIds = new Map(ids.map((row) => [row.id, row.post_id]));
    const inOrder = ranked.flatMap(({ rowid }) => (postIds.has(rowid) ? [{ rowid, id: postIds.get(rowid)! }] : []));
    return { found: await this.inOrder(inOrder, new Map(snippets.map((row) => [row.rowid, row.snippet]))), total };
  }

  /**
   * The window of a search with a phrase, ranked by where it matches: title, then tags, then
   * text, newest first within each. bm25 would weigh a phrase by counting it in every post of
   * the site (some 30 ms at 100,000 posts, whatever the window); a phrase matches or not anyway.
   */
  private async rankByColumn(groups: SearchGroups, window: RawBuilder<unknown>, page: { offset: number; limit: number }) {
    const { rows } = await sql<{ rowid: number }>`${window}`.execute(this.db);
    if (rows.length === 0) return { rows };
    const oldest = rows.at(-1)!.rowid;
    // Rows of the window that match within one column: a range of rowids, which FTS5 seeks to.
    const inColumn = async (column: string) => {
      const { rows: hits } = await sql<{ rowid: number }>`
        SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${toFts5InColumn(groups, column)} AND rowid >= ${oldest}`.execute(this.db);
      return new Set(hits.map((hit) => hit.rowid));
    };
    const [title, tags] = await Promise.all([inColumn('title'), inColumn('tags')]);
    const tier = (rowid: number) => (title.has(rowid) ? 0 : tags.has(rowid) ? 1 : 2);
    const ordered = rows.map((row, index) => ({ row, index })).sort((a, b) => tier(a.row.rowid) - tier(b.row.rowid) || a.index - b.index);
    return { rows: ordered.slice(page.offset, page.offset + page.limit).map(({ row }) => row) };
  }

  /**
   * websearch_to_tsquery reads the visitor's syntax itself (quotes, `-word`, `or`). The headline
   * is made from the text (or the description) of the page's posts only, after ranking.
   */
  private async postgres(query: string, now: string, page: { offset: number; limit: number }): Promise<FoundPage> {
    const tsquery = sql`websearch_to_tsquery('english', ${query})`;
    const [{ rows: counted }, { rows: ranked }] = await Promise.all([
      sql<{ total: string }>`SELECT count(*) AS total FROM posts WHERE search_vector @@ ${tsquery} AND published_at <= ${now}`.execute(this.db),
      sql<{ id: string; snippet: string }>`
        WITH hits AS (
          SELECT id, plain_text, description, published_at, ts_rank(${POSTGRES_WEIGHTS}, search_vector, ${tsquery}) AS rank
          FROM posts WHERE search_vector @@ ${tsquery} AND published_at <= ${now}
          ORDER BY rank DESC, published_at DESC, id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}
        )
        SELECT id, ts_headline('english',
          -- The description when only it holds the words (SQLite's snippet picks the best column alike).
          CASE WHEN to_tsvector('english', plain_text) @@ ${tsquery} OR description = '' THEN plain_text ELSE description END,
          ${tsquery}, ${headlineOptions()}) AS snippet
        FROM hits ORDER BY rank DESC, published_at DESC, id DESC`.execute(this.db),
    ]);
    const total = Number(counted[0]?.total ?? 0);
    return { found: await this.inOrder(ranked.map((row, rowid) => ({ rowid, id: row.id })), new Map(ranked.map((row, rowid) => [rowid, row.snippet]))), total };
  }

  private async inOrder(ranked: { rowid: number; id: string }[], snippets: Map<number, string>): Promise<Found[]> {
    if (ranked.length === 0) return [];
    const rows = await this.db.selectFrom('posts').select(POST_COLUMNS).where('id', 'in', ranked.map((row) => row.id)).execute();
    const byId = new Map<string, PostListRow>(rows.map((row) => [row.id, row]));
    return ranked.flatMap(({ rowid, id }) => {
      const post = byId.get(id);
      return post ? [{ post, snippet: markSnippet(snippets.get(rowid) ?? post.excerpt) }] : [];
    });
  }
}

function headlineOptions(): string {
  return `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=${SNIPPET_WORDS}, MinWords=${Math.round(SNIPPET_WORDS / 2)}, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
}

